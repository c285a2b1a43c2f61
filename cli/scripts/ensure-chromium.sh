#!/bin/sh
# Makes sure Chromium and chromedriver are installed for the HTML report's browser test (ReportInBrowserTest).
# A fresh CI machine has only a JDK and Maven and runs as root: there it installs Debian's chromium and
# chromium-driver with apt-get. Anywhere else it says what to install and fails, so the test never skips silently.
set -e
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "strata-cli tests: installing chromium and chromium-driver with apt-get (the HTML report's browser test needs them)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium chromium-driver >&2
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
  fi
fi
echo "strata-cli tests need /usr/bin/chromium and /usr/bin/chromedriver for the HTML report's browser test and could not" >&2
echo "install them (apt-get as root). Install Debian's or Ubuntu's packages chromium and chromium-driver, or skip the" >&2
echo "module's tests with -DskipTests." >&2
exit 1

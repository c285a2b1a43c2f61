package io.strata.cli;

/** The tool's exit codes (cli/README.md lists them). */
final class ExitCodes {
  /** Done. */
  static final int OK = 0;
  /** {@code verify} found problems, or {@code show} found no such row. */
  static final int FOUND_PROBLEMS = 1;
  /** A bad argument or option: the message names it and the accepted forms. */
  static final int USAGE = 2;
  /** The database could not be opened or read: damaged, in use by another process, unreachable. */
  static final int DATABASE = 3;
  /** A file given to the tool (export, import, backup, report) could not be read or written. */
  static final int FILE = 4;

  private ExitCodes() {}
}

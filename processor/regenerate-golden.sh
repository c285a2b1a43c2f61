#!/usr/bin/env bash
# Regenerates the golden sources of GoldenSourcesTest after an intended generator change.
# Review the diff (git diff processor/src/test/resources/golden) before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -ntp -q -DskipTests package -pl processor -am
R=$(mvn -B -ntp -q help:evaluate -Dexpression=settings.localRepository -DforceStdout | sed "s/\x1b\[[0-9;]*m//g")
CP="annotations/target/classes:runtime/target/classes:processor/target/classes"
CP="$CP:$R/org/foundationdb/fdb-java/7.3.68/fdb-java-7.3.68.jar:$R/com/palantir/javapoet/javapoet/0.22.0/javapoet-0.22.0.jar"
CP="$CP:$R/jakarta/inject/jakarta.inject-api/2.0.1/jakarta.inject-api-2.0.1.jar"
out=$(mktemp -d)
javac -cp "$CP" -processorpath "$CP" -processor io.strata.processor.StrataProcessor -proc:only -s "$out" \
  processor/src/test/resources/golden/input/com/example/*.java
cp "$out"/com/example/*.java processor/src/test/resources/golden/output/com/example/
echo "golden sources regenerated; review: git diff processor/src/test/resources/golden"

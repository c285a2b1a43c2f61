package io.strata.cli;

import picocli.CommandLine.Option;

/** {@code --batch ROWS}: how many rows the commands that work in steps read or write per transaction. */
final class BatchOption {
  @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "500", description = "rows per transaction (default ${DEFAULT-VALUE})")
  int batch;

  /** The rows per transaction, or a usage error for a number that is not positive. */
  int rows() {
    if (batch <= 0) {
      throw CliException.usage("--batch " + batch + ": give a positive number of rows per transaction");
    }
    return batch;
  }
}

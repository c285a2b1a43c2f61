package io.strata.cli;

/** A failure the tool reports as one message and an exit code, never a stack trace. */
final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int exitCode;

  CliException(int exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  /** A bad argument: the message names it and the accepted forms. */
  static CliException usage(String message) {
    return new CliException(ExitCodes.USAGE, message, null);
  }

  /** A database that cannot be opened or read as asked. */
  static CliException database(String message, Throwable cause) {
    return new CliException(ExitCodes.DATABASE, message, cause);
  }

  int exitCode() {
    return exitCode;
  }
}

package io.strata.processor.validation;

/** A declared query method that cannot be generated: the message to report on it. */
public final class QueryError extends Exception {
  private final Messages message;
  private final transient Object[] args;

  public QueryError(Messages message, Object... args) {
    super(message.format(args), null, false, false);
    this.message = message;
    this.args = args.clone();
  }

  public Messages message() {
    return message;
  }

  public Object[] args() {
    return args.clone();
  }
}

package io.strata.query.model;

/** What a comparison compares with: a parameter bound when the query runs, or a value written in the query. */
public sealed interface Operand {

  /**
   * A parameter: a method parameter's name, a JDQL {@code :name}, or {@code ?1} written as {@code "1"}.
   *
   * @param name the parameter's name
   */
  record Param(String name) implements Operand {}

  /**
   * A value written in the query (a JDQL literal, a run-time restriction's value). Equality of two specs
   * compares literals with {@code equals}.
   *
   * @param value the value, of the field's Java type (a collection of them for {@code IN})
   */
  record Literal(Object value) implements Operand {}
}

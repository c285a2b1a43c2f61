package io.strata.processor.model;

import io.strata.query.model.Op;
import java.util.Optional;

/** A criterion operator of the derived-query grammar, with how many parameters it takes. */
public enum Operator {
  EQUALS(1, Kind.EQUALITY),
  IN(1, Kind.EQUALITY),
  TRUE(0, Kind.EQUALITY),
  FALSE(0, Kind.EQUALITY),
  LESS_THAN(1, Kind.RANGE),
  LESS_THAN_EQUAL(1, Kind.RANGE),
  GREATER_THAN(1, Kind.RANGE),
  GREATER_THAN_EQUAL(1, Kind.RANGE),
  BETWEEN(2, Kind.RANGE),
  STARTING_WITH(1, Kind.RANGE),
  WITHIN(1, Kind.SPATIAL),
  NEAR(2, Kind.SPATIAL),
  /** The nearest neighbours of a query vector on an {@code @Embedding} field. */
  NEAREST(1, Kind.NEAREST),
  /** Parsed so that it can be rejected with a reason: nulls are not indexed. */
  IS_NULL(0, Kind.UNSUPPORTED);

  /** How an index serves the operator. */
  public enum Kind { EQUALITY, RANGE, SPATIAL, NEAREST, UNSUPPORTED }

  private final int arity;
  private final Kind kind;

  Operator(int arity, Kind kind) {
    this.arity = arity;
    this.kind = kind;
  }

  /**
   * The planner's operator for the query model's {@code op}: empty for the operators no index serves
   * ({@code Contains}, {@code EndsWith}, {@code Like}, the negations).
   */
  public static Optional<Operator> of(Op op) {
    return Optional.ofNullable(switch (op) {
      case EQUAL -> EQUALS;
      case IN -> IN;
      case TRUE -> TRUE;
      case FALSE -> FALSE;
      case LESS_THAN -> LESS_THAN;
      case LESS_THAN_EQUAL -> LESS_THAN_EQUAL;
      case GREATER_THAN -> GREATER_THAN;
      case GREATER_THAN_EQUAL -> GREATER_THAN_EQUAL;
      case BETWEEN -> BETWEEN;
      case STARTS_WITH -> STARTING_WITH;
      case WITHIN -> WITHIN;
      case NEAR -> NEAR;
      case NEAREST -> NEAREST;
      case IS_NULL -> IS_NULL;
      default -> null;
    });
  }

  /** Parameters the operator consumes. */
  public int arity() {
    return arity;
  }

  public Kind kind() {
    return kind;
  }

  /** The operator as a method name spells it: {@code GreaterThanEqual}, {@code In}, {@code IsNull}. */
  public String word() {
    StringBuilder b = new StringBuilder();
    for (String part : name().toLowerCase().split("_")) {
      b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return b.toString();
  }

  /** Whether it sets a lower bound of a range ({@code Between} and {@code StartingWith} set both). */
  public boolean lower() {
    return this == GREATER_THAN || this == GREATER_THAN_EQUAL || this == BETWEEN || this == STARTING_WITH;
  }

  /** Whether it sets an upper bound of a range. */
  public boolean upper() {
    return this == LESS_THAN || this == LESS_THAN_EQUAL || this == BETWEEN || this == STARTING_WITH;
  }
}

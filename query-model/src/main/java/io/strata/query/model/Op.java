package io.strata.query.model;

/**
 * A comparison operator, one vocabulary for every front end: Strata's method-name words, Jakarta Data's
 * method-name words and JDQL operators, and Jakarta Data 1.1's restriction vocabulary all map here.
 */
public enum Op {
  EQUAL(1), NOT_EQUAL(1),
  LESS_THAN(1), LESS_THAN_EQUAL(1), GREATER_THAN(1), GREATER_THAN_EQUAL(1),
  /** Inclusive at both ends. */
  BETWEEN(2),
  /** The one operand is a collection of values. */
  IN(1), NOT_IN(1),
  STARTS_WITH(1), ENDS_WITH(1), CONTAINS(1),
  /** A JDQL/Jakarta pattern: {@code _} one character, {@code %} any run. */
  LIKE(1), NOT_LIKE(1),
  IS_NULL(0), NOT_NULL(0),
  TRUE(0), FALSE(0),
  /** A spatial box: the operand is a {@code BoundingBox}. */
  WITHIN(1),
  /** A spatial neighbourhood: a point and a distance. */
  NEAR(2),
  /**
   * The entities whose {@code @Embedding} vector is nearest the operand (a {@code float[]}), nearest first: no
   * condition on one entity but an order and a cut of the results, so it needs a limit and takes no other order.
   */
  NEAREST(1);

  private final int arity;

  Op(int arity) {
    this.arity = arity;
  }

  /** How many operands it takes. */
  public int arity() {
    return arity;
  }

  /** The operator that matches exactly the values this one does not (null where there is none, as spatial ones). */
  public Op negated() {
    return switch (this) {
      case EQUAL -> NOT_EQUAL;
      case NOT_EQUAL -> EQUAL;
      case LESS_THAN -> GREATER_THAN_EQUAL;
      case LESS_THAN_EQUAL -> GREATER_THAN;
      case GREATER_THAN -> LESS_THAN_EQUAL;
      case GREATER_THAN_EQUAL -> LESS_THAN;
      case IN -> NOT_IN;
      case NOT_IN -> IN;
      case LIKE -> NOT_LIKE;
      case NOT_LIKE -> LIKE;
      case IS_NULL -> NOT_NULL;
      case NOT_NULL -> IS_NULL;
      case TRUE -> FALSE;
      case FALSE -> TRUE;
      default -> null;
    };
  }
}

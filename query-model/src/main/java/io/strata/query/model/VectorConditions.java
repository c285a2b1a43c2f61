package io.strata.query.model;

import java.util.List;

/**
 * What a query may ask of a {@link ValueKind#VECTOR vector} property: its nearest neighbours ({@link Op#NEAREST})
 * or whether it is null. A vector has no equality (two embeddings are never "equal" in a useful sense, and the
 * comparison would be of array identity) and no order, so such a condition or sort key is refused naming the
 * property and the query it should be.
 */
public final class VectorConditions {
  private VectorConditions() {}

  /**
   * Checks {@code where} and {@code order} over {@code entity}.
   *
   * @throws IllegalArgumentException naming the first vector property compared or ordered by, and saying to ask for
   *     its nearest neighbours instead
   */
  public static void check(EntityInfo entity, Condition where, List<SortKey> order) {
    check(entity, where);
    for (SortKey key : order) {
      if (vector(entity, key.field())) {
        throw new IllegalArgumentException(entity.name() + "." + key.field() + " is a vector (@Embedding): it has no order "
            + "to sort by; " + instead(key.field()));
      }
    }
  }

  private static void check(EntityInfo entity, Condition c) {
    if (c instanceof Condition.Compare cmp) {
      if (vector(entity, cmp.field()) && cmp.op() != Op.NEAREST && cmp.op() != Op.IS_NULL && cmp.op() != Op.NOT_NULL) {
        throw new IllegalArgumentException(entity.name() + "." + cmp.field() + " is a vector (@Embedding): a " + cmp.op()
            + " comparison of it has no meaning (only isNull()/notNull()); " + instead(cmp.field()));
      }
    } else if (c instanceof Condition.And and) {
      and.parts().forEach(p -> check(entity, p));
    } else if (c instanceof Condition.Or or) {
      or.parts().forEach(p -> check(entity, p));
    } else if (c instanceof Condition.Not not) {
      check(entity, not.part());
    }
  }

  private static String instead(String field) {
    String upper = Character.toUpperCase(field.charAt(0)) + field.substring(1);
    return "ask for the entities nearest a query vector instead: a finder's nearest(_E." + field + ", query).limit(k), the"
        + " generated repository's nearest" + upper + "(...) or a declared findTop<k>By..." + upper + "Near method";
  }

  private static boolean vector(EntityInfo entity, String field) {
    return entity.field(field).map(f -> f.kind() == ValueKind.VECTOR).orElse(false);
  }
}

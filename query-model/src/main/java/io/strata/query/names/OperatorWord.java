package io.strata.query.names;

import io.strata.query.model.Op;
import java.util.Set;

/** One operator word of a method name ({@code GreaterThan}): what it means and which vocabularies have it. */
record OperatorWord(String text, Op op, Set<Vocabulary> in) {
  /**
   * What this word means after {@code property} in {@code vocabulary}: {@code Near} is a nearest-neighbour search on a
   * vector ({@code vectors} holds the vector properties) and always in Jakarta's vocabulary, which has no spatial
   * conditions.
   */
  Op meaning(Vocabulary vocabulary, String property, Set<String> vectors) {
    boolean nearest = op == Op.NEAR && (vocabulary == Vocabulary.JAKARTA || vectors.contains(property));
    return nearest ? Op.NEAREST : op;
  }
}

package io.strata.query.names;

import io.strata.query.model.Op;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which words a method name may use: one grammar, two vocabularies. Strata's (docs/queries.md): verbs {@code find},
 * {@code get}, {@code read}, {@code query}, {@code stream}, {@code count}, {@code exists}, {@code delete},
 * {@code remove}, {@code sum}, {@code min}, {@code max}; {@code Distinct}, {@code First}/{@code TopN}, a projected
 * property before {@code By}; operators {@code Is}, {@code Equals}, {@code Before}, {@code After},
 * {@code StartingWith}, {@code IsNull}, {@code Within} besides the shared ones ({@code Near}: spatial, or nearest
 * neighbours on a vector property); {@code And} between
 * {@code OrderBy} items. Jakarta Data's (Query by Method Name): verbs {@code find}, {@code count}, {@code exists},
 * {@code delete}; {@code First[N]} on {@code find}; text before {@code By} ignored; {@code IgnoreCase}, {@code Not},
 * {@code Contains}, {@code EndsWith}, {@code Like} besides the shared operators ({@code Near}: nearest neighbours).
 *
 * <p>The words are here, one table of operators marked with the vocabularies that have them; the grammar that reads
 * them is {@link MethodNameParser}'s.
 */
public enum Vocabulary {
  STRATA,
  JAKARTA;

  /** Every operator word, longest first (so {@code GreaterThanEqual} is tried before {@code GreaterThan}). */
  private static final List<OperatorWord> OPERATORS = List.of(
      both("GreaterThanEqual", Op.GREATER_THAN_EQUAL),
      both("LessThanEqual", Op.LESS_THAN_EQUAL),
      strata("StartingWith", Op.STARTS_WITH),
      both("GreaterThan", Op.GREATER_THAN),
      both("StartsWith", Op.STARTS_WITH),
      jakarta("EndsWith", Op.ENDS_WITH),
      jakarta("Contains", Op.CONTAINS),
      both("LessThan", Op.LESS_THAN),
      both("Between", Op.BETWEEN),
      strata("Before", Op.LESS_THAN),
      strata("Equals", Op.EQUAL),
      strata("IsNull", Op.IS_NULL),
      strata("Within", Op.WITHIN),
      strata("After", Op.GREATER_THAN),
      both("False", Op.FALSE),
      both("True", Op.TRUE),
      both("Null", Op.IS_NULL),
      both("Near", Op.NEAR),
      jakarta("Like", Op.LIKE),
      both("In", Op.IN),
      strata("Is", Op.EQUAL));

  private static final List<String> STRATA_VERBS = List.of("find", "get", "read", "query", "stream", "count", "exists",
      "delete", "remove", "sum", "min", "max");
  private static final List<String> JAKARTA_VERBS = List.of("find", "count", "exists", "delete");

  /** The verbs a method name of this vocabulary may start with. */
  List<String> verbs() {
    return this == STRATA ? STRATA_VERBS : JAKARTA_VERBS;
  }

  /** This vocabulary's operator words, longest first. */
  List<OperatorWord> operators() {
    return OPERATORS.stream().filter(w -> w.in().contains(this)).toList();
  }

  /** The operator word of this vocabulary at {@code at}, the longest that ends a word there, or null. */
  OperatorWord operatorAt(String text, int at) {
    for (OperatorWord w : OPERATORS) {
      if (w.in().contains(this) && NameText.word(text, at, w.text())) {
        return w;
      }
    }
    return null;
  }

  private static OperatorWord both(String text, Op op) {
    return new OperatorWord(text, op, EnumSet.allOf(Vocabulary.class));
  }

  private static OperatorWord strata(String text, Op op) {
    return new OperatorWord(text, op, EnumSet.of(STRATA));
  }

  private static OperatorWord jakarta(String text, Op op) {
    return new OperatorWord(text, op, EnumSet.of(JAKARTA));
  }
}

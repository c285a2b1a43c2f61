package io.strata.query.names;

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
 */
public enum Vocabulary {
  STRATA,
  JAKARTA
}

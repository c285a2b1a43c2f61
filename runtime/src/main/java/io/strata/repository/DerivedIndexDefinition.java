package io.strata.repository;

import java.util.List;

/**
 * An index computed from whole rows rather than copied from field values: an {@code @Aggregate}, a
 * {@code @Rank} or a {@code @Text} field. Generated repositories pass these to {@link EntityStore}; the store maintains each in
 * the row's transaction, {@code verifyIndexes()} checks it and {@link IndexMaintenance} builds it online.
 */
public sealed interface DerivedIndexDefinition permits AggregateDefinition, RankDefinition, TextDefinition, VersionedDefinition {
  /** The index name, unique among the entity's indexes (third key element). */
  String name();

  /** The fields whose values form a group, most significant first (empty for one group). */
  List<String> groupBy();
}

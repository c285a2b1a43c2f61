package io.strata.index;

import io.strata.index.aggregate.AggregateDefinition;
import io.strata.index.feed.VersionedDefinition;
import io.strata.index.rank.RankDefinition;
import io.strata.index.text.TextDefinition;
import io.strata.repository.EntityStore;

import java.util.List;

/**
 * An index computed from whole rows rather than copied from field values: an {@code @Aggregate}, a
 * {@code @Rank} or a {@code @Text} field. Generated repositories pass these to {@link EntityStore}; the store maintains each in
 * the row's transaction, {@code verifyIndexes()} checks it and {@link IndexMaintenance} builds it online.
 */
public interface DerivedIndexDefinition {
  /** The index name, unique among the entity's indexes (third key element). */
  String name();

  /** The fields whose values form a group, most significant first (empty for one group). */
  List<String> groupBy();
}

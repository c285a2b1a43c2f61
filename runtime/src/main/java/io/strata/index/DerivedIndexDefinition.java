package io.strata.index;

import io.strata.row.Rows;
import java.util.List;

/**
 * An index computed from whole rows rather than copied from field values: an {@code @Aggregate}, a
 * {@code @Rank}, a {@code @Text} field or the {@code @Versioned} change feed. Generated repositories pass
 * these to the entity's store; {@link Indexes} maintains each in the row's transaction,
 * {@link IndexVerifier} checks it and {@link IndexMaintenance} builds it online. Each kind's package
 * implements this with its definition, its {@link DerivedIndex} and its queries.
 */
public interface DerivedIndexDefinition {
  /** The index name, unique among the entity's indexes (third key element). */
  String name();

  /** The fields whose values form a group, most significant first (empty for one group). */
  List<String> groupBy();

  /** The upkeep of this index over the rows of {@code rows}. */
  DerivedIndex index(Rows<?> rows);
}

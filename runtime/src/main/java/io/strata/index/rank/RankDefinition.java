package io.strata.index.rank;

import io.strata.index.DerivedIndexDefinition;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Rank}: a ranked skip list per group under {@code (E, "K", name, groups...)} (see
 * {@code RankedSkipList}).
 *
 * @param name the index name
 * @param field the ranked field
 * @param groupBy the group fields, most significant first
 * @param descending rank 0 is the largest (field, id) rather than the smallest
 */
public record RankDefinition(String name, String field, List<String> groupBy, boolean descending)
    implements DerivedIndexDefinition {
  public RankDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(field, "field");
    groupBy = List.copyOf(groupBy);
  }

  @Override
  public io.strata.index.DerivedIndex index(io.strata.row.Rows<?> rows) {
    return new RankIndex(rows, this);
  }
}

package io.strata.processor.model;

import java.util.List;

/**
 * One {@code @Rank}.
 *
 * @param name the index name: the generated methods {@code <name>RankOf}, {@code <name>At}, {@code <name>Range}, {@code <name>Size}
 * @param field the ranked field
 * @param groupBy the group fields, most significant first
 * @param descending rank 0 is the largest
 */
public record RankModel(String name, FieldModel field, List<FieldModel> groupBy, boolean descending) {
  public RankModel {
    groupBy = List.copyOf(groupBy);
  }
}

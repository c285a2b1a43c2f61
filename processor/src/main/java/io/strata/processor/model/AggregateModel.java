package io.strata.processor.model;

import java.util.List;

/**
 * One {@code @Aggregate}. Also the hook for planning declared {@code countBy…}/{@code sum…By…}/
 * {@code max…By…}/{@code min…By…} repository methods: a method matches an aggregate whose
 * {@link #function}, {@link #field} and {@link #groupBy} (in order) equal what its name asks for.
 *
 * @param name the aggregate's name: the generated methods {@code <name>(groups…)} and {@code <name>ByGroup()}
 * @param function {@code COUNT}, {@code SUM}, {@code MIN} or {@code MAX} (the annotation enum's constant name)
 * @param field the aggregated field; null for a COUNT of every entity
 * @param groupBy the group fields, most significant first
 */
public record AggregateModel(String name, String function, FieldModel field, List<FieldModel> groupBy) {
  public AggregateModel {
    groupBy = List.copyOf(groupBy);
  }

  /** COUNT or SUM: one counter per group, read as a {@code long}. */
  public boolean counter() {
    return function.equals("COUNT") || function.equals("SUM");
  }
}

package io.strata.index.aggregate;

import io.strata.index.DerivedIndexDefinition;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Aggregate}: COUNT and SUM keep {@code (E, "A", name, groups...)} as an 8-byte little-endian
 * integer changed with atomic ADD; MIN and MAX keep {@code (E, "A", name, groups..., value, id) = b""}.
 *
 * @param name the aggregate's name
 * @param function what is computed
 * @param field the aggregated field; null for a COUNT of every entity in the group
 * @param groupBy the group fields, most significant first
 */
public record AggregateDefinition(String name, Function function, String field, List<String> groupBy)
    implements DerivedIndexDefinition {

  /** The aggregate functions (those of {@code io.strata.annotations.Aggregate.Function}). */
  public enum Function {
    COUNT, SUM, MIN, MAX;

    /** Whether the aggregate is one counter per group (rather than one entry per entity). */
    public boolean counter() {
      return this == COUNT || this == SUM;
    }
  }

  public AggregateDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(function, "function");
    groupBy = List.copyOf(groupBy);
    if (field == null && function != Function.COUNT) {
      throw new IllegalArgumentException("aggregate '" + name + "': " + function + " needs a field");
    }
  }

  @Override
  public io.strata.index.DerivedIndex index(io.strata.row.Rows<?> rows) {
    return new AggregateIndex(rows, this);
  }
}

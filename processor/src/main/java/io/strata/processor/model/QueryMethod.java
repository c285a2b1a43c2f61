package io.strata.processor.model;

import java.util.List;

/**
 * A derived-query method name, parsed: {@code subject [Distinct] [First|TopN] [Projection] By criteria [OrderBy ...]}.
 * Property names are as written, decapitalised ({@code Population} → {@code population}); document paths are
 * resolved later against the entity.
 *
 * @param name the method name
 * @param subject what the method does
 * @param projection the property after the subject ({@code findNameBy...}; the aggregated property of {@code sum}, {@code min}
 *     and {@code max}), or null for whole entities
 * @param distinct {@code Distinct}: repeated projected values are dropped
 * @param limit {@code First}/{@code TopN}: at most this many results; 0 for no limit
 * @param alternatives criteria: an OR of ANDs, each AND planned on its own
 * @param orderBy the {@code OrderBy} properties, most significant first
 */
public record QueryMethod(String name, Subject subject, String projection, boolean distinct, int limit,
    List<List<Criterion>> alternatives, List<Order> orderBy) {

  public QueryMethod {
    alternatives = alternatives.stream().map(List::copyOf).toList();
    orderBy = List.copyOf(orderBy);
  }

  /** The verbs a method name starts with. */
  public enum Subject {
    /** {@code find}, {@code get}, {@code read}, {@code query}: results. */
    FIND,
    /** {@code stream}: a lazy {@code Stream}. */
    STREAM,
    COUNT,
    EXISTS,
    /** {@code delete}, {@code remove}. */
    DELETE,
    /** {@code sum<Prop>By…}: a SUM {@code @Aggregate}. */
    SUM,
    /** {@code min<Prop>By…}: a MIN {@code @Aggregate}. */
    MIN,
    /** {@code max<Prop>By…}: a MAX {@code @Aggregate}. */
    MAX;

    /** Whether only an {@code @Aggregate} answers it ({@code sum}, {@code min}, {@code max}). */
    public boolean aggregateOnly() {
      return this == SUM || this == MIN || this == MAX;
    }
  }

  /** One criterion: a property and how it is compared. */
  public record Criterion(String property, Operator operator) {}

  /** One {@code OrderBy} item. */
  public record Order(String property, boolean descending, boolean explicit) {}
}

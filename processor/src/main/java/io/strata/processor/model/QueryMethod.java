package io.strata.processor.model;

import io.strata.query.names.MethodName.Action;
import java.util.List;

/**
 * A derived-query method name, parsed: {@code subject [Distinct] [First|TopN] [Projection] By criteria [OrderBy ...]}.
 * Property names are as written, decapitalised ({@code Population} → {@code population}); document paths are
 * resolved later against the entity.
 *
 * @param name the method name
 * @param subject what the method does (the verb, as the query model's method-name parser reads it)
 * @param projection the property after the subject ({@code findNameBy...}; the aggregated property of {@code sum}, {@code min}
 *     and {@code max}), or null for whole entities
 * @param distinct {@code Distinct}: repeated projected values are dropped
 * @param limit {@code First}/{@code TopN}: at most this many results; 0 for no limit
 * @param alternatives criteria: an OR of ANDs, each AND planned on its own
 * @param orderBy the {@code OrderBy} properties, most significant first
 */
public record QueryMethod(String name, Action subject, String projection, boolean distinct, int limit,
    List<List<Criterion>> alternatives, List<Order> orderBy) {

  public QueryMethod {
    alternatives = alternatives.stream().map(List::copyOf).toList();
    orderBy = List.copyOf(orderBy);
  }

  /** One criterion: a property and how it is compared. */
  public record Criterion(String property, Operator operator) {}

  /** One {@code OrderBy} item. */
  public record Order(String property, boolean descending, boolean explicit) {}
}

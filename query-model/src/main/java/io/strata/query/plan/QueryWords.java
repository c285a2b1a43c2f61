package io.strata.query.plan;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.SortKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The words of an {@link Unserved}: the index that would serve a query and how its conditions and order read. */
final class QueryWords {
  private QueryWords() {}

  /** The fields an index serving {@code and} would hold: equalities, then ranges, then the order's. */
  static List<String> suggested(QuerySpec spec, List<Condition> and) {
    Set<String> out = new LinkedHashSet<>();
    for (Role wanted : List.of(Role.EQUALITY, Role.RANGE)) {
      and.stream().filter(c -> Role.of(c, spec.entity(), spec.semantics()) == wanted).forEach(c -> out.add(((Compare) c).field()));
    }
    spec.order().forEach(o -> out.add(o.field()));
    return List.copyOf(out);
  }

  /** {@code "equality on a, b then a range on c ordered by d desc"}. */
  static String describe(QuerySpec spec, List<Condition> and) {
    List<String> equal = new ArrayList<>(new LinkedHashSet<>(and.stream()
        .filter(c -> Role.of(c, spec.entity(), spec.semantics()) == Role.EQUALITY).map(c -> ((Compare) c).field()).toList()));
    List<String> range = new ArrayList<>(new LinkedHashSet<>(and.stream()
        .filter(c -> Role.of(c, spec.entity(), spec.semantics()) == Role.RANGE).map(c -> ((Compare) c).field()).toList()));
    StringBuilder b = new StringBuilder();
    if (!equal.isEmpty()) {
      b.append("equality on ").append(String.join(", ", equal));
    }
    if (!range.isEmpty()) {
      b.append(b.length() == 0 ? "" : " then ").append("a range on ").append(String.join(", ", range));
    }
    if (!spec.order().isEmpty()) {
      b.append(b.length() == 0 ? "" : " ").append("ordered by ").append(orderText(spec.order()));
    }
    return b.toString();
  }

  static String orderText(List<SortKey> order) {
    return String.join(", ", order.stream().map(o -> o.field() + (o.descending() ? " desc" : "")).toList());
  }
}

package io.strata.query.plan;

import io.strata.query.model.AggregateInfo;
import io.strata.query.model.Aggregation;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.Op;
import io.strata.query.model.QuerySpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The planning of a sum, min, max or count onto a stored aggregate: a {@link Plan.AggregateRead} (rules in {@link Planner}). */
final class AggregatePlanning {
  private AggregatePlanning() {}

  /**
   * The aggregate read answering {@code aggregation}, an {@link Unserved} sum/min/max no aggregate answers, or empty
   * (a count no aggregate answers: planned as a read of what it counts).
   */
  static Optional<Planned> plan(QuerySpec spec, Aggregation aggregation, List<List<Condition>> branches) {
    EntityInfo entity = spec.entity();
    String unsupported = branches == null || branches.size() > 1 ? "the Or" : !spec.order().isEmpty() ? "the OrderBy"
        : spec.window().first() > 0 || spec.window().limitParam() ? "the First/Top"
        : aggregation.distinct() ? "Distinct" : null;
    Map<String, Compare> byField = new LinkedHashMap<>();
    for (Condition c : unsupported == null ? branches.get(0) : List.<Condition>of()) {
      Compare cmp = c instanceof Compare x ? x : null;
      boolean equality = cmp != null && !cmp.ignoreCase()
          && (cmp.op() == Op.EQUAL || cmp.op() == Op.TRUE || cmp.op() == Op.FALSE);
      if (!equality || byField.put(cmp.field(), cmp) != null) {
        unsupported = cmp == null ? "the Not criterion"
            : (equality ? "the second criterion" : "the " + word(cmp.op()) + " criterion") + " on " + cmp.field();
        break;
      }
    }
    boolean count = aggregation.count();
    if (unsupported != null) {
      return count ? Optional.empty()
          : Optional.of(new Unserved(Unserved.Reason.AGGREGATE_FORM, List.of(), null, unsupported));
    }
    for (AggregateInfo a : entity.aggregates()) {
      boolean sameField = count ? a.field() == null || a.fieldNeverNull() : aggregation.field().equals(a.field());
      if (!a.function().equals(aggregation.function()) || !sameField || a.groupBy().size() != byField.size()) {
        continue;
      }
      List<Compare> groups = a.groupBy().stream().map(byField::get).filter(java.util.Objects::nonNull).toList();
      if (groups.size() == byField.size()) {
        return Optional.of(new Plan.AggregateRead(a, groups));
      }
    }
    return count ? Optional.empty()
        : Optional.of(new Unserved(Unserved.Reason.NO_AGGREGATE, List.copyOf(byField.keySet()), null,
            aggregation.function() + " of " + aggregation.field()));
  }

  /** An operator in method-name words ({@code LESS_THAN} as {@code LessThan}). */
  private static String word(Op op) {
    StringBuilder b = new StringBuilder();
    for (String part : op.name().toLowerCase().split("_")) {
      b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return b.toString();
  }
}

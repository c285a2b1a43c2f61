package io.strata.query.plan;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The rewriting of a condition tree before it is planned ({@link Planner}): {@code Not} pushed onto the comparisons,
 * the tree spread into an {@code Or} of conjunctions (at most {@link Planner#MAX_BRANCHES}), and where its
 * nearest-neighbour comparisons are.
 */
final class ConditionTrees {
  private ConditionTrees() {}

  /** {@code c} (negated when {@code negate}) with every {@code Not} moved onto a comparison. */
  static Condition pushNot(Condition c, boolean negate) {
    if (c instanceof Not not) {
      return pushNot(not.part(), !negate);
    }
    if (c instanceof And and) {
      List<Condition> parts = and.parts().stream().map(p -> pushNot(p, negate)).toList();
      return negate ? new Or(parts) : new And(parts);
    }
    if (c instanceof Or or) {
      List<Condition> parts = or.parts().stream().map(p -> pushNot(p, negate)).toList();
      return negate ? new And(parts) : new Or(parts);
    }
    if (c instanceof Condition.Test) {
      return negate ? new Not(c) : c;
    }
    Compare cmp = (Compare) c;
    if (!negate) {
      return cmp;
    }
    Op negated = cmp.op().negated();
    return negated == null ? new Not(cmp) : new Compare(cmp.field(), negated, cmp.operands(), cmp.ignoreCase());
  }

  /** The conjunctions {@code c} (with {@code Not}s pushed down) is the {@code Or} of, or null beyond the bound. */
  static List<List<Condition>> spread(Condition c) {
    if (c instanceof Or or) {
      List<List<Condition>> out = new ArrayList<>();
      for (Condition p : or.parts()) {
        List<List<Condition>> branches = spread(p);
        if (branches == null || out.size() + branches.size() > Planner.MAX_BRANCHES) {
          return null;
        }
        out.addAll(branches);
      }
      return out;
    }
    if (c instanceof And and) {
      List<List<Condition>> out = new ArrayList<>();
      out.add(List.of());
      for (Condition p : and.parts()) {
        List<List<Condition>> branches = spread(p);
        if (branches == null || (long) out.size() * branches.size() > Planner.MAX_BRANCHES) {
          return null;
        }
        List<List<Condition>> next = new ArrayList<>();
        for (List<Condition> left : out) {
          for (List<Condition> right : branches) {
            List<Condition> joined = new ArrayList<>(left);
            joined.addAll(right);
            next.add(joined);
          }
        }
        out = next;
      }
      return out;
    }
    return List.of(List.of(c));
  }

  /** The nearest-neighbour comparisons anywhere in the tree {@code c}, in order. */
  static List<Compare> nearestIn(Condition c) {
    if (c instanceof Compare cmp) {
      return cmp.op() == Op.NEAREST ? List.of(cmp) : List.of();
    }
    if (c instanceof Condition.Test) {
      return List.of();
    }
    List<Condition> parts = c instanceof And and ? and.parts() : c instanceof Or or ? or.parts() : List.of(((Not) c).part());
    return parts.stream().flatMap(p -> nearestIn(p).stream()).toList();
  }
}

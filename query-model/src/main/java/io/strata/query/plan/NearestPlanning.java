package io.strata.query.plan;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.Op;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.VectorInfo;
import io.strata.query.model.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The planning of a query with a nearest-neighbour comparison: a {@link Plan.VectorRead} (rules in {@link Planner}). */
final class NearestPlanning {
  private NearestPlanning() {}

  /**
   * The vector search a query holding the nearest-neighbour comparisons {@code all} is, or why none answers it.
   * {@code where} is the query's condition with its {@code Not}s pushed down; its top-level conjuncts (nested
   * {@code And}s flattened) are read as they are, not spread into an {@code Or} of conjunctions: the Near must be one
   * of them, and every other one that is not a group equality, an {@code Or} or a {@code Not} included, is residual.
   */
  static Planned plan(QuerySpec spec, Condition where, List<Compare> all) {
    EntityInfo entity = spec.entity();
    List<Condition> and = conjuncts(where);
    List<Compare> nearest = and.stream()
        .filter(c -> c instanceof Compare cmp && cmp.op() == Op.NEAREST).map(c -> (Compare) c).toList();
    String form = nearest.size() < all.size() ? (and.stream().anyMatch(c -> c instanceof Condition.Not not
            && !ConditionTrees.nearestIn(not).isEmpty()) ? "a Near under a Not" : "a Near under an Or")
        : all.size() > 1 ? "two Near conditions"
        : and.stream().anyMatch(c -> Role.of(c, entity, spec.semantics()) == Role.SPATIAL) ? "a Near with a spatial condition"
        : spec.aggregation() != null ? "a Near in a " + spec.aggregation().function().toLowerCase()
        : spec.window().paging() != Window.Paging.NONE ? "a Near read in pages"
        : null;
    if (form != null) {
      return new Unserved(Unserved.Reason.NEAREST_FORM, List.of(all.get(0).field()), null, form);
    }
    Compare near = nearest.get(0);
    Optional<VectorInfo> vector = entity.vector(near.field());
    if (vector.isEmpty()) {
      return new Unserved(Unserved.Reason.NEAREST_NO_INDEX, List.of(near.field()), null, "a Near on " + near.field());
    }
    if (!spec.order().isEmpty()) {
      return new Unserved(Unserved.Reason.NEAREST_ORDER, List.of(near.field()), null, QueryWords.orderText(spec.order()));
    }
    if (spec.window().first() == 0 && !spec.window().limitParam()) {
      return new Unserved(Unserved.Reason.NEAREST_WITHOUT_LIMIT, List.of(near.field()), null, "a Near on " + near.field());
    }
    List<Condition> residual = new ArrayList<>(and);
    residual.remove(near);
    List<Compare> group = new ArrayList<>();
    List<String> unfixed = new ArrayList<>();
    for (String g : vector.get().groupBy()) {
      Optional<Compare> fixed = residual.stream().filter(c -> c instanceof Compare cmp && cmp.field().equals(g)
          && cmp.op() != Op.IN && Role.of(c, entity, spec.semantics()) == Role.EQUALITY).map(c -> (Compare) c).findFirst();
      fixed.ifPresentOrElse(group::add, () -> unfixed.add(g));
    }
    if (!unfixed.isEmpty()) {
      return new Unserved(Unserved.Reason.NEAREST_GROUP, unfixed, null, "a Near on " + near.field() + " grouped by "
          + String.join(", ", vector.get().groupBy()));
    }
    residual.removeAll(group);
    return new Plan.VectorRead(vector.get(), near, group, spec.window().first(), residual);
  }

  /** The conjuncts of {@code c}: the parts of its {@code And}s, nested ones flattened; {@code c} itself otherwise. */
  private static List<Condition> conjuncts(Condition c) {
    if (!(c instanceof Condition.And and)) {
      return List.of(c);
    }
    List<Condition> out = new ArrayList<>();
    and.parts().forEach(p -> out.addAll(conjuncts(p)));
    return out;
  }
}

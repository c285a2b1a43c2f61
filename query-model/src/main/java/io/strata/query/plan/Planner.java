package io.strata.query.plan;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.SpatialInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one planner: how a {@link QuerySpec}'s keys are read (QUERIES.md, "Planning"), for the processor at compile
 * time and the runtime when a query is built.
 *
 * <p>A conjunction is planned onto one index {@code (f1 ... fk, id)} when equality comparisons ({@code EQUAL},
 * {@code IN}, {@code TRUE}, {@code FALSE}) cover a prefix {@code f1 ... fj}, range comparisons are all on
 * {@code f(j+1)} (at most one lower and one upper bound), and the order names the fields after the prefix in one
 * direction (fields fixed by an {@code EQUAL} skipped; an {@code IN} field may lead when its alternatives are merged
 * in whole-key order). Among serving indexes the longest equality prefix wins, then one that reads no rows, then the
 * first declared. An index leaves out entities with a null indexed value, so it serves only when each of its fields
 * is never null or is constrained by the query ({@link Unserved.Reason#INDEX_LEAVES_OUT_NULLS} otherwise). Equality
 * or {@code IN} on the id reads those rows (no order asked). A spatial comparison is served by its Z-order index
 * alone. With {@link QuerySpec#allowScan} the comparisons no index serves are residual, and when no index narrows
 * the read (and no order is asked) every row is read.
 *
 * <p>Which comparisons a read can serve depends on the {@link Semantics}: in {@link Semantics#JAKARTA}, ranges only on
 * kinds whose keys sort in Strata's key order (not enums, UUIDs, byte arrays), orders only on
 * {@link Semantics#keyOrdered} kinds, case-insensitive comparisons never, and an {@code EQUAL} or {@code IN} on a
 * decimal (not the id's {@code IN}) is a range in every scale ({@code 1.0 = 1.00}, while keys keep the scale), so it
 * takes the range slot of an index read. {@code NOT_EQUAL}, {@code NOT_IN}, {@code LIKE}, {@code NOT_LIKE},
 * {@code ENDS_WITH}, {@code CONTAINS}, {@code IS_NULL} and {@code NOT_NULL} are always residual.
 *
 * <p>A condition tree is first rewritten: {@code Not} is pushed to the comparisons ({@link Op#negated}; one with no
 * negation stays a residual {@code Not}), then the tree is spread into an {@code Or} of conjunctions. At most
 * {@link #MAX_BRANCHES} conjunctions are planned as a {@link Plan.Union}; a larger tree is planned as the best read of
 * its top-level conjuncts with the rest of the tree residual. A {@code Union} needs a narrowing read for every branch:
 * when a branch has none, the whole query is one scan when allowed, else unserved, naming the branch.
 *
 * <p>A nearest-neighbour comparison ({@link Op#NEAREST}) is a search of its field's vector index
 * ({@link Plan.VectorRead}) for {@code k} entities, {@code k} the query's limit ({@code Top10}, or a limit given when it
 * runs: there must be one). It must be a top-level conjunct (not under an {@code Or} or a {@code Not}; the other
 * conjuncts may be {@code Or}s, residual), alone of its kind, with no spatial comparison, no order (results are nearest first), no pages and no aggregation. An index with
 * group fields searches one group: each group field needs an {@code EQUAL} (or {@code TRUE}/{@code FALSE}); every
 * other condition is residual, checked on the candidates, whether or not the query allows a scan.
 *
 * <p>A {@link QuerySpec#aggregation} whose conditions are exactly equalities on the group fields of an aggregate of the
 * same function and field (in any order) reads its group key ({@link Plan.AggregateRead}).
 */
public final class Planner {

  /** The most conjunctions an {@code Or} tree is spread into before it is planned as one residual. */
  public static final int MAX_BRANCHES = 16;

  private Planner() {}

  /** How {@code spec} is read, or why no index serves it. */
  public static Planned plan(QuerySpec spec) {
    return new Run(spec).plan();
  }

  /**
   * Every index read that holds an order for {@code spec}'s conjunction, one per index and length of its leading
   * fields fixed by equality: the read the planner chooses when asked for the order that index's keys hold after those
   * fields ({@link #orderedKeys}, ascending), listed when it reads that very index from that very field
   * ({@link Plan.IndexRead#orderedFrom}). {@code spec}'s own order is ignored; its conditions must be one conjunction
   * (else none). A caller that lets an order be chosen when the query runs reads the first of these whose
   * {@link Plan.IndexRead#order} begins with the order asked for, forwards or backwards.
   */
  public static List<Plan.IndexRead> orderedReads(QuerySpec spec) {
    List<List<Condition>> branches = ConditionTrees.spread(ConditionTrees.pushNot(spec.where(), false));
    List<Plan.IndexRead> out = new ArrayList<>();
    if (branches == null || branches.size() != 1) {
      return out;
    }
    for (IndexInfo index : spec.entity().indexes()) {
      for (int prefix = 0; prefix <= index.fields().size(); prefix++) {
        List<SortKey> order = orderedKeys(spec.entity(), index, prefix, spec.semantics()).stream()
            .map(f -> new SortKey(f, false, false)).toList();
        if (order.isEmpty()) {
          continue;
        }
        QuerySpec ordered = new QuerySpec(spec.entity(), spec.where(), order, spec.window(), spec.needed(), spec.allowScan(),
            spec.semantics());
        if (new Run(ordered).conjunction(branches.get(0)) instanceof Plan.IndexRead r && r.index().equals(index)
            && r.orderedFrom() == prefix) {
          out.add(r);
        }
      }
    }
    return out;
  }

  /**
   * The fields {@code index}'s keys hold in {@code semantics}' value order after its first {@code prefix} fields
   * ({@link Semantics#keyOrdered}): those fields up to the first that is not, then the id when every one is, the index
   * is not unique (its keys end with the id) and the id's keys are in that order too. What an order an index read
   * from that field can deliver begins with.
   */
  public static List<String> orderedKeys(EntityInfo entity, IndexInfo index, int prefix, Semantics semantics) {
    List<String> keys = new ArrayList<>();
    for (String f : index.fields().subList(prefix, index.fields().size())) {
      if (!entity.field(f).map(i -> semantics.keyOrdered(i.kind())).orElse(false)) {
        return keys;
      }
      keys.add(f);
    }
    if (!index.unique() && semantics.keyOrdered(entity.id().kind())) {
      keys.add(entity.id().name());
    }
    return keys;
  }

  /** The planning of one spec. */
  private static final class Run {
    private final QuerySpec spec;
    private final EntityInfo entity;
    private final Semantics semantics;
    private final List<SortKey> order;

    Run(QuerySpec spec) {
      this.spec = spec;
      this.entity = spec.entity();
      this.semantics = spec.semantics();
      this.order = spec.order();
    }

    Planned plan() {
      Condition where = ConditionTrees.pushNot(spec.where(), false);
      List<List<Condition>> branches = ConditionTrees.spread(where);
      List<Compare> nearest = ConditionTrees.nearestIn(where);
      if (!nearest.isEmpty()) {
        return NearestPlanning.plan(spec, where, nearest);
      }
      if (spec.aggregation() != null) {
        Optional<Planned> aggregate = AggregatePlanning.plan(spec, spec.aggregation(), branches);
        if (aggregate.isPresent()) {
          return aggregate.get();
        }
      }
      if (branches == null) {
        return planBeyondBound(where);
      }
      if (branches.size() == 1) {
        return conjunction(branches.get(0));
      }
      List<Plan> plans = new ArrayList<>();
      for (int i = 0; i < branches.size(); i++) {
        Planned p = conjunction(branches.get(i));
        // a conjunction reads every row only when a scan is allowed and no order asked: then one scan serves the tree
        if (p instanceof Plan.AllRows || (p instanceof Unserved && spec.allowScan() && order.isEmpty())) {
          return new Plan.AllRows(List.of(where));
        }
        if (p instanceof Unserved u) {
          return u.ofBranch(i + 1);
        }
        plans.add(p instanceof Plan.IndexRead r ? inMergeOrder(r) : (Plan) p);
      }
      return new Plan.Union(plans, order);
    }

    /**
     * A union's branch read the other way where that makes its keys the union's merge order
     * ({@link Plan.IndexRead#keysAreTheOrder}) and the union may stop early: a branch whose equalities fix every sorted
     * property ties on the whole order, and its keys after them (the id) then come in the id's order the merge asks, so
     * its first n results are the union's candidates, not the whole branch.
     */
    private Plan.IndexRead inMergeOrder(Plan.IndexRead r) {
      String id = entity.id().name();
      if (order.isEmpty() || !spec.window().stopsEarly() || r.keysAreTheOrder(order, id)) {
        return r;
      }
      Plan.IndexRead other = new Plan.IndexRead(r.index(), r.equalities(), r.range(), !r.reverse(), r.keyOrder(), r.fromKeys(),
          r.rowsRead(), r.order(), r.residual());
      return other.keysAreTheOrder(order, id) ? other : r;
    }

    /** A tree spread into more than {@link #MAX_BRANCHES} conjunctions: its best narrowing conjunct, the rest residual. */
    private Planned planBeyondBound(Condition where) {
      List<Condition> parts = where instanceof And and ? and.parts() : List.of(where);
      List<Condition> leaves = parts.stream().filter(c -> c instanceof Compare).toList();
      List<Condition> rest = parts.stream().filter(c -> !(c instanceof Compare)).toList();
      Planned p = conjunction(leaves, true);
      if (p instanceof Plan plan && !(plan instanceof Plan.AllRows)) {
        return withResidual(plan, rest);
      }
      if (spec.allowScan() && order.isEmpty()) {
        return new Plan.AllRows(List.of(where));
      }
      return p instanceof Unserved u ? u : noIndex(leaves, QueryWords.describe(spec, leaves) + " with an Or of more than " + MAX_BRANCHES
          + " branches");
    }

    private static Plan withResidual(Plan plan, List<Condition> more) {
      if (more.isEmpty()) {
        return plan;
      }
      if (plan instanceof Plan.IndexRead r) {
        return new Plan.IndexRead(r.index(), r.equalities(), r.range(), r.reverse(), r.keyOrder(), false, true, r.order(),
            concat(r.residual(), more));
      }
      if (plan instanceof Plan.ById b) {
        return new Plan.ById(b.id(), concat(b.residual(), more));
      }
      if (plan instanceof Plan.SpatialRead s) {
        return new Plan.SpatialRead(s.spatial(), s.criterion(), concat(s.residual(), more));
      }
      throw new IllegalStateException("no residual on " + plan);
    }

    private static List<Condition> concat(List<Condition> a, List<Condition> b) {
      List<Condition> out = new ArrayList<>(a);
      out.addAll(b);
      return out;
    }

    private Role role(Condition c) {
      return Role.of(c, entity, semantics);
    }

    /** Whether an index order can serve a sort on {@code field} under the spec's semantics. */
    private boolean orderable(SortKey key) {
      if (key.ignoreCase()) {
        return false;
      }
      if (semantics == Semantics.STRATA) {
        return true;
      }
      return entity.field(key.field()).map(f -> semantics.keyOrdered(f.kind())).orElse(false);
    }

    // ---- one conjunction

    Planned conjunction(List<Condition> and) {
      return conjunction(and, spec.allowScan());
    }

    private Planned conjunction(List<Condition> and, boolean allowScan) {
      List<Compare> spatial = new ArrayList<>();
      for (Condition c : and) {
        if (role(c) == Role.SPATIAL) {
          spatial.add((Compare) c);
        }
      }
      if (!spatial.isEmpty()) {
        return spatialPlan(and, spatial, allowScan);
      }
      if (order.isEmpty()) {
        for (Condition c : and) {
          if (c instanceof Compare cmp && cmp.field().equals(entity.id().name()) && (cmp.op() == Op.EQUAL || cmp.op() == Op.IN)
              && role(c) == Role.EQUALITY) {
            List<Condition> rest = new ArrayList<>(and);
            rest.remove(c);
            return new Plan.ById(cmp, rest);
          }
        }
      }
      List<IndexInfo> complete = entity.indexes().stream().filter(i -> nullable(i, and).isEmpty()).toList();
      Plan plan = select(complete, and, allowScan);
      if (plan == null && complete.size() < entity.indexes().size()) {
        Plan partial = select(entity.indexes(), and, allowScan);
        if (partial instanceof Plan.IndexRead r) {
          List<String> nullable = nullable(r.index(), and);
          return new Unserved(Unserved.Reason.INDEX_LEAVES_OUT_NULLS, nullable, r.index().name(), QueryWords.describe(spec, and));
        }
      }
      if (plan != null) {
        return plan;
      }
      boolean criteriaServed = entity.indexes().stream().anyMatch(i -> evaluate(i, and, spec.needed()).leftover().isEmpty());
      if (criteriaServed || and.isEmpty()) {
        return new Unserved(Unserved.Reason.ORDER_NOT_SERVED, QueryWords.suggested(spec, and), null, QueryWords.orderText(order));
      }
      // the read a scan would take narrows all an index can, the rest only checked on rows: no index to add, its scan
      String narrowing = select(complete, and, true) instanceof Plan.IndexRead r && (!r.equalities().isEmpty()
          || !r.range().isEmpty()) && r.residual().stream().allMatch(l -> role(l) == Role.RESIDUAL) ? r.index().name() : null;
      return narrowing == null ? noIndex(and, QueryWords.describe(spec, and))
          : new Unserved(Unserved.Reason.NO_INDEX, QueryWords.suggested(spec, and), narrowing, QueryWords.describe(spec, and));
    }

    private Unserved noIndex(List<Condition> and, String detail) {
      return new Unserved(Unserved.Reason.NO_INDEX, QueryWords.suggested(spec, and), null, detail);
    }

    /** The best plan over {@code indexes} (with {@code allowScan}, every row when no index helps), or null. */
    private Plan select(List<IndexInfo> indexes, List<Condition> and, boolean allowScan) {
      Candidate best = null;
      for (IndexInfo index : indexes) {
        Candidate c = evaluate(index, and, spec.needed());
        if (c.leftover().isEmpty() && c.orderServed() && (best == null || c.better(best))) {
          best = c;
        }
      }
      if (best != null) {
        return best.plan();
      }
      if (allowScan) {
        for (IndexInfo index : indexes) {
          Candidate c = evaluate(index, and, null);
          if (c.orderServed() && (best == null || c.better(best))) {
            best = c;
          }
        }
        // an index that narrows nothing helps an order only where the read may stop early or nothing else sorts
        boolean helps = best != null && (best.prefix() > 0 || !best.plan().range().isEmpty()
            || (!order.isEmpty() && (spec.window().stopsEarly() || !semantics.sortsInMemory())));
        if (helps) {
          return best.plan();
        }
        if (order.isEmpty()) {
          return new Plan.AllRows(and);
        }
      }
      return null;
    }

    /**
     * The fields of {@code index} that may be null in an entity matching {@code and}: neither never null, nor the id,
     * nor constrained by a comparison that no null meets (every comparison but {@code IS_NULL} and a residual
     * {@code Not}).
     */
    private List<String> nullable(IndexInfo index, List<Condition> and) {
      Set<String> constrained = new LinkedHashSet<>();
      for (Condition c : and) {
        if (c instanceof Compare cmp && cmp.op() != Op.IS_NULL) {
          constrained.add(cmp.field());
        }
      }
      return index.fields().stream()
          .filter(f -> !constrained.contains(f) && !f.equals(entity.id().name())
              && !entity.field(f).map(FieldInfo::neverNull).orElse(false))
          .toList();
    }

    /** How well one index serves the conjunction. */
    private record Candidate(Plan.IndexRead plan, List<Condition> leftover, boolean orderServed, int prefix, int position) {
      boolean better(Candidate other) {
        if (prefix != other.prefix) {
          return prefix > other.prefix;
        }
        if (plan.rowsRead() != other.plan.rowsRead()) {
          return !plan.rowsRead();
        }
        return position < other.position;
      }
    }

    private Candidate evaluate(IndexInfo index, List<Condition> and, Set<String> needed) {
      List<String> fields = index.fields();
      Map<String, Compare> equal = new LinkedHashMap<>();
      List<Condition> leftover = new ArrayList<>();
      for (Condition c : and) {
        if (role(c) == Role.EQUALITY && !equal.containsKey(((Compare) c).field())) {
          equal.put(((Compare) c).field(), (Compare) c);
        } else {
          leftover.add(c);
        }
      }
      List<Compare> equalities = new ArrayList<>();
      int j = 0;
      while (j < fields.size() && equal.containsKey(fields.get(j))) {
        equalities.add(equal.remove(fields.get(j)));
        j++;
      }
      List<Compare> range = new ArrayList<>();
      if (j < fields.size()) {
        String next = fields.get(j);
        List<Compare> onNext = leftover.stream()
            .filter(c -> role(c) == Role.RANGE && ((Compare) c).field().equals(next)).map(c -> (Compare) c).toList();
        long lower = onNext.stream().filter(Role::lower).count();
        long upper = onNext.stream().filter(Role::upper).count();
        if (!onNext.isEmpty() && lower <= 1 && upper <= 1) {
          range.addAll(onNext);
          leftover.removeAll(onNext);
        }
      }
      leftover.addAll(0, equal.values());

      Set<String> fixed = new LinkedHashSet<>();
      List<String> inFields = new ArrayList<>();
      for (Compare c : equalities) {
        if (c.op() == Op.IN) {
          inFields.add(c.field());
        } else {
          fixed.add(c.field());
        }
      }
      List<String> wanted = order.stream().map(SortKey::field).filter(n -> !fixed.contains(n)).toList();
      List<String> after = new ArrayList<>(fields.subList(j, fields.size()));
      if (!index.unique()) {
        after.add(entity.id().name());
      }
      List<String> inKeyOrder = new ArrayList<>(inFields);
      inKeyOrder.addAll(after);
      // keys hold one direction: every sort on a property the equalities leave free takes it, and the last sort too,
      // since ties come by id in the last sort's direction (a sort on a fixed property changes nothing else)
      Set<Boolean> directions = new LinkedHashSet<>();
      order.stream().filter(k -> !fixed.contains(k.field())).forEach(k -> directions.add(k.descending()));
      boolean reverse = directions.contains(true);
      boolean oneDirection = directions.size() <= 1 && (wanted.isEmpty() || order.get(order.size() - 1).descending() == reverse);
      boolean orderable = oneDirection && order.stream().allMatch(this::orderable);
      boolean suffixOrder = orderable && startsWith(after, wanted);
      boolean keyOrder = orderable && !suffixOrder && !inFields.isEmpty() && startsWith(inKeyOrder, wanted);

      Set<String> indexed = new LinkedHashSet<>(fields);
      indexed.add(entity.id().name());
      boolean fromKeys = needed != null && leftover.isEmpty() && indexed.containsAll(needed);
      boolean rowsRead = !fromKeys && !(index.covering() && !index.unique());
      boolean served = suffixOrder || keyOrder;
      Plan.IndexRead plan = new Plan.IndexRead(index, equalities, range, reverse && !wanted.isEmpty(), keyOrder, fromKeys,
          rowsRead, served ? order : List.of(), leftover);
      return new Candidate(plan, leftover, served, j, entity.indexes().indexOf(index));
    }

    private static boolean startsWith(List<String> sequence, List<String> prefix) {
      return prefix.size() <= sequence.size() && sequence.subList(0, prefix.size()).equals(prefix);
    }

    private Planned spatialPlan(List<Condition> and, List<Compare> spatial, boolean allowScan) {
      Compare s = spatial.get(0);
      List<Condition> rest = new ArrayList<>(and);
      rest.remove(s);
      if (spatial.size() > 1 || (!rest.isEmpty() && !allowScan)) {
        return new Unserved(Unserved.Reason.SPATIAL_ALONE, List.of(s.field()), null, QueryWords.describe(spec, and));
      }
      if (!order.isEmpty()) {
        return new Unserved(Unserved.Reason.SPATIAL_ORDER, List.of(s.field()), null, QueryWords.orderText(order));
      }
      Optional<SpatialInfo> index = entity.spatial().stream().filter(m -> m.field().equals(s.field())).findFirst();
      if (index.isEmpty()) {
        return new Unserved(Unserved.Reason.NO_INDEX, List.of(s.field()), null, "a spatial condition on " + s.field());
      }
      return new Plan.SpatialRead(index.get(), s, rest);
    }
  }
}

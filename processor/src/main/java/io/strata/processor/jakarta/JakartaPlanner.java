package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.codegen.PlanDoc;
import io.strata.processor.codegen.ScanCode;
import io.strata.processor.jakarta.OrderedReadPlanner.Ordered;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.planning.EntityInfos;
import io.strata.processor.planning.QueryPlanner;
import io.strata.query.model.Semantics;
import io.strata.query.model.Window;
import io.strata.query.plan.Plan;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Planner;
import io.strata.query.plan.Unserved;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Plans a Jakarta Data query onto its entity's indexes at compile time with the one planner ({@link Planner}, in
 * {@link Semantics#JAKARTA}, through {@link QueryPlanner#spec} and {@link QueryPlanner#queryPlan}), and writes what it
 * chose as the read core's calls. It does not re-plan per index: the orders an index holds come from
 * {@link Planner#orderedReads}, the words of an unserved query from the planner's {@link Unserved}.
 *
 * <p>The conditions an index can serve are given as criteria: equality, {@code In}, the ranges, {@code Between},
 * {@code StartsWith} and {@code True}/{@code False} on a property, each compared with a method parameter of the
 * property's own type or a JDQL literal an index key holds exactly ({@link QueryBinder#literal}), in a query whose
 * conditions form one conjunction (on a {@code BigDecimal} property, ranges over every scale: {@link ParameterTypes#indexable};
 * an {@code In} there the planner's range, so only last in an index read, with no index order). They are planned as a
 * Strata repository's {@code @AllowFiltering} criteria are: the index with the longest equality prefix, then a range on the next field;
 * equality or {@code In} on the id reads those rows. The generated predicate still checks every condition of the query
 * on each candidate, so the index only narrows what is read and the result is the same as a read of every row.
 * Everything else ({@code Not}, {@code Like}, {@code Contains}, {@code EndsWith}, {@code IgnoreCase}, {@code Null},
 * {@code <>}, functions, arithmetic, other literals) is checked in memory on the candidates. Conditions joined by {@code Or}
 * are handed to the planner as one tree and read branch by branch when its plan is a {@link Plan.Union} (every branch has an
 * index or the id to read, {@link #planUnion}). Which indexes hold
 * the order a query asks for is {@link OrderedReadPlanner}'s to find; this class writes the reads in that order.
 */
final class JakartaPlanner {
  private static final ClassName CANDIDATES = ClassName.get("io.strata.query", "Candidates");
  private static final ClassName INDEX_ORDER = OrderedReadPlanner.INDEX_ORDER;

  /**
   * What a query reads.
   *
   * @param candidates a {@code Candidates} expression (the read core's {@code io.strata.query.Candidates})
   * @param plan the javadoc sentence saying which keys it reads
   * @param unserved when the query has conditions and still reads every row: why, and the index that would serve it;
   *     else null
   * @param narrowing how many of the conditions the read applies: 0 for every row, one per equality or range an index
   *     applies, {@link Integer#MAX_VALUE} for rows by id
   * @param orders a {@code List} of {@code IndexOrder}s (the indexes whose keys could hold the candidates in the order the
   *     query asks for; at run time the first that serves it is read in that order), or null when there is none
   * @param keys when the index applies every condition of the query exactly: a {@code Candidates.Keys} expression that
   *     counts and tests matches from the index keys alone, with no row reads; else null
   * @param keysPlan what {@code keys} reads, for the javadoc; null with it
   * @param planned the one planner's plan of the criteria {@code candidates} reads ({@code AllRows}, {@code ById},
   *     {@code IndexRead}, or the {@code Union} of an {@code Or}'s branches); {@code AllRows} with no residual where no
   *     criteria were planned (no condition, or none an index could serve: the predicate checks them all)
   */
  record Read(CodeBlock candidates, String plan, String unserved, int narrowing, CodeBlock orders, CodeBlock keys, String keysPlan,
      Plan planned) {
    Read(CodeBlock candidates, String plan, String unserved, int narrowing, Plan planned) {
      this(candidates, plan, unserved, narrowing, null, null, null, planned);
    }

    /** The kind of this read as the query model names plans ({@code AllRows}, {@code ById}, {@code Union}, {@code IndexRead}). */
    String kind() {
      return planned.getClass().getSimpleName();
    }

    /** This read with its javadoc sentences {@code plan} and {@code keysPlan} in place of its own. */
    Read withText(String plan, String keysPlan) {
      return new Read(candidates, plan, unserved, narrowing, orders, keys, keysPlan, planned);
    }
  }

  /**
   * One branch of a query whose conditions are joined by {@code Or}.
   *
   * @param criteria the branch's conditions an index can serve (see the class comment)
   * @param condition Java code testing the branch's whole condition on an entity {@code e}
   * @param exact whether {@code criteria} are all the branch's conditions
   */
  record Branch(List<BoundCriterion> criteria, CodeBlock condition, boolean exact) {}

  private final EntityModel entity;
  private final OrderedReadPlanner ordered;

  JakartaPlanner(EntityModel entity) {
    this.entity = entity;
    this.ordered = new OrderedReadPlanner(entity);
  }

  /**
   * @param method the method, for messages
   * @param criteria the conditions an index could serve (see the class comment), or null when the query's conditions
   *     are not one conjunction
   * @param conditions whether the query has any condition at all
   */
  Read plan(String method, List<BoundCriterion> criteria, boolean conditions, boolean exact) {
    String rows = rows();
    CodeBlock all = CodeBlock.of("$T.allRows()", CANDIDATES);
    Plan.AllRows none = new Plan.AllRows(List.of());
    if (!conditions) {
      return new Read(all, "Reads " + rows + ".", null, 0, none);
    }
    if (criteria == null) {
      return new Read(all, "Reads " + rows + ", and checks the conditions on each.",
          "its conditions are joined by Or, and not every branch can be read from an index or by id (each Or branch needs an"
              + " index serving one of its conditions; or declare one method per branch)", 0, none);
    }
    if (criteria.isEmpty()) {
      return new Read(all, "Reads " + rows + ", and checks the conditions on each.",
          "none of its conditions can be read from an index (Not, Like, Contains, EndsWith, IgnoreCase, Null, <>, functions,"
              + " arithmetic and null literals are checked on each row;"
              + " an index serves =, In, <, <=, >, >=, Between, StartsWith, True and False against a parameter of the"
              + " property's own type, or a JDQL string, integer, decimal, boolean or enum literal)", 0, none);
    }
    QueryPlanner planner = new QueryPlanner(entity);
    Planned planned = Planner.plan(planner.spec(criteria, List.of(), null, true, Semantics.JAKARTA));
    if (!(planned instanceof Plan p) || p instanceof Plan.AllRows) {
      return new Read(all, "No index narrows this read: reads " + rows + ", and checks the conditions on each.",
          whyUnserved(criteria), 0, planned instanceof Plan.AllRows a ? a : none);
    }
    Read read = read(p, criteria);
    return p instanceof Plan.IndexRead ? withKeys(read, planner.queryPlan(p, criteria), exact) : read;
  }

  /**
   * The read of {@code planned}, the one planner's {@code ById} or {@code IndexRead} of the conjunction {@code criteria}
   * (conditions no index serves left to the predicate).
   */
  private Read read(Plan planned, List<BoundCriterion> criteria) {
    QueryPlan plan = new QueryPlanner(entity).queryPlan(planned, criteria);
    if (plan.byId()) {
      BoundCriterion id = plan.equalities().get(0);
      String p = id.params().get(0);
      CodeBlock ids = id.operator() == Operator.IN ? CodeBlock.of("$N", p) : CodeBlock.of("$T.asList($N)", Arrays.class, p);
      return new Read(CodeBlock.of("$T.ids($L)", CANDIDATES, ids), "Reads the row {@code (\"" + entity.entityName()
          + "\", \"R\", id)} of " + (id.operator() == Operator.IN ? "each distinct id of {@code " + p + "}, concurrently"
          : "{@code " + p + "}") + "; no index. Checks the other conditions on it.", null, Integer.MAX_VALUE, planned);
    }
    return indexRead(plan, planned, null, "one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads"
        + " the row of each key found, and checks the conditions on it.");
  }

  /** The javadoc's words for a read of every row. */
  private String rows() {
    return "every row {@code (\"" + entity.entityName() + "\", \"R\", id)} in id order, in batches of "
        + "{@value io.strata.query.FilteredRows#BATCH}";
  }

  /**
   * {@code read} with the keys a count or a test can read instead of rows, when the index applies every condition
   * exactly: the query's conditions are all criteria ({@code exact}) and {@code plan} serves all of them, each on a
   * property whose keys decide Jakarta Data's comparison ({@link Semantics#keysDecide}: not a {@code double} or
   * {@code float} one).
   */
  private Read withKeys(Read read, QueryPlan plan, boolean exact) {
    boolean keysDecide = Stream.concat(plan.equalities().stream(), plan.range().stream())
        .allMatch(c -> Semantics.JAKARTA.keysDecide(EntityInfos.kind(c.field())));
    if (!exact || !plan.filtered().isEmpty() || !keysDecide) {
      return read;
    }
    CodeBlock keys = CodeBlock.of("$T.indexKeys($L)", CANDIDATES, scan(narrowing(plan, false, false)));
    return new Read(read.candidates(), read.plan(), null, read.narrowing(), read.orders(), keys, "Plan: "
        + PlanDoc.indexKeys(entity, narrowing(plan, false, false)) + ", one batch of {@value io.strata.query.CandidateReads#BATCH} keys"
        + " at a time; no row reads (the index applies every condition).", read.planned());
  }

  /**
   * The read of a query whose conditions are joined by {@code Or}: the one planner is handed the whole {@code Or} of the
   * branches' criteria and its {@link Plan.Union} is read, each branch's own read in turn, an entity an earlier branch
   * matches skipped ({@code Candidates.union}); every row, with why, for an {@code Or} of more than
   * {@link Planner#MAX_BRANCHES} branches; null when the planner reads every row because some branch has no index or id
   * to narrow it.
   */
  Read planUnion(List<Branch> branches) {
    List<List<BoundCriterion>> criteria = branches.stream().map(b -> b.criteria() == null ? List.<BoundCriterion>of() : b.criteria())
        .toList();
    Planned planned = Planner.plan(new QueryPlanner(entity).spec(criteria, List.of(), null, true, Semantics.JAKARTA, Window.ALL));
    if (branches.size() > Planner.MAX_BRANCHES) {
      return new Read(CodeBlock.of("$T.allRows()", CANDIDATES), "Reads " + rows() + ", and checks the conditions on each.",
          "its conditions are joined by Or in " + branches.size() + " branches, and at most " + Planner.MAX_BRANCHES
              + " are read one index read per branch (declare several methods, or use In for alternatives of one property)", 0,
          (Plan) planned);
    }
    if (!(planned instanceof Plan.Union union)) {
      return null;
    }
    CodeBlock.Builder reads = CodeBlock.builder();
    CodeBlock.Builder keys = CodeBlock.builder();
    List<String> plans = new ArrayList<>();
    List<String> keysPlans = new ArrayList<>();
    QueryPlanner planner = new QueryPlanner(entity);
    for (int i = 0; i < branches.size(); i++) {
      Plan branch = union.branches().get(i);
      Read read = read(branch, criteria.get(i));
      if (branch instanceof Plan.IndexRead) {
        read = withKeys(read, planner.queryPlan(branch, criteria.get(i)), branches.get(i).exact());
      }
      reads.add(reads.isEmpty() ? "$L" : ", $L", read.candidates());
      plans.add(read.plan().replaceFirst("^Plan: r", "r").replaceFirst("^R", "r").replaceFirst("\\.$", ""));
      if (read.keys() != null) {
        keys.add(keys.isEmpty() ? "$L" : ", $L", read.keys());
        keysPlans.add(read.keysPlan().replaceFirst("^Plan: ", "").replaceFirst("; no row reads.*$", ""));
      }
    }
    CodeBlock code = CodeBlock.of("$T.<$T>union($T.of($L), $L)", CANDIDATES, entity.type(), List.class, reads.build(),
        conditions(branches));
    String plan = "Plan: for each of its " + branches.size() + " Or branches in turn (an entity an earlier branch"
        + " matches is skipped): " + String.join("; ", plans);
    if (keysPlans.size() < branches.size()) {
      return new Read(code, plan, null, 1, union);
    }
    // every branch's index applies its conditions: counts and tests read the branches' keys alone
    return new Read(code, plan, null, 1, null, CodeBlock.of("$T.<$T>unionKeys($T.of($L))", CANDIDATES, entity.type(), List.class,
        keys.build()), "Plan: for each of its " + branches.size() + " Or branches in turn: " + String.join("; ", keysPlans)
        + "; no row reads (each index applies its branch's conditions; an entity is counted once, by the id its keys end with).",
        union);
  }

  /** Java code for each branch's whole condition on an entity {@code e}: {@code List.of(e -> …, …)}. */
  private static CodeBlock conditions(List<Branch> branches) {
    CodeBlock.Builder conditions = CodeBlock.builder();
    branches.forEach(b -> conditions.add(conditions.isEmpty() ? "e -> $L" : ", e -> $L", b.condition()));
    return CodeBlock.of("$T.of($L)", List.class, conditions.build());
  }

  /**
   * The read of a query whose conditions are joined by {@code Or} ({@code union}, from {@link #planUnion}) in an order,
   * when every branch has an index whose keys hold it and serve the branch's conditions at least as narrowly as its own
   * read: an {@code IndexOrder.union} of the branches' index orders, whose reads are merged by the order (an entity an
   * earlier branch matches skipped), so a limit, a page or a stream stops early. {@code runTime}: the order is the
   * static {@code fixed} one followed by sorts chosen at run time, and each branch lists every index that could hold
   * such an order ({@link #withRunTimeOrders}); else the order is {@code fixed} alone ({@link #planInOrder}). Returns
   * {@code union} unchanged when some branch has no such index (or is read by id).
   */
  Read inOrderUnion(List<Branch> branches, List<OrderItem> fixed, List<Boolean> ignoreCase, boolean runTime, Read union) {
    if (!OrderedReadPlanner.keysCanHold(fixed, ignoreCase) && runTime) {
      return union;
    }
    CodeBlock.Builder alternatives = CodeBlock.builder();
    List<String> plans = new ArrayList<>();
    for (int i = 0; i < branches.size(); i++) {
      Branch b = branches.get(i);
      int narrowing = read(((Plan.Union) union.planned()).branches().get(i), b.criteria()).narrowing();
      List<Ordered> orders = runTime ? ordered.runTimeOrders(b.criteria(), fixed, narrowing)
          : Optional.ofNullable(ordered.inStaticOrder(b.criteria(), fixed, ignoreCase, true))
              .filter(o -> o.narrowing() >= narrowing).stream().toList();
      if (orders.isEmpty()) {
        return union;
      }
      CodeBlock.Builder list = CodeBlock.builder();
      orders.forEach(o -> list.add(list.isEmpty() ? "$L" : ", $L", o.order()));
      alternatives.add(alternatives.isEmpty() ? "$T.of($L)" : ", $T.of($L)", List.class, list.build());
      plans.add(String.join(" or ", orders.stream().map(o -> PlanDoc.indexKeys(entity, narrowing(o.plan(), false, false))).toList()));
    }
    CodeBlock order = CodeBlock.of("$T.<$T>union($T.of($L), $L)", INDEX_ORDER, entity.type(), List.class, alternatives.build(),
        conditions(branches));
    return new Read(union.candidates(), union.plan() + (runTime ? " In an order chosen at run time (static, then run time) that"
        + " a leading part of each branch's index keys hold, all ascending or all descending, it " : " In its order, it ")
        + String.join("; and ", plans) + " in that order" + (runTime ? ", forwards or backwards" : "") + ", and merges the"
        + " branches' reads by the order (an entity an earlier branch matches skipped), reading no further than the results"
        + " the limit or the page asks for and those that tie with the last (a stream reads on as it is consumed)"
        + (runTime ? "; any other order is sorted in memory." : "."),
        union.unserved(), union.narrowing(), CodeBlock.of("$T.of($L)", List.class, order), null, null, union.planned());
  }

  /**
   * The read of {@code criteria} in the query's static {@code order}, from an index whose keys serve both, or null when
   * none does (or the order is mixed, case-insensitive, on a property whose keys sort otherwise than its values, or
   * leads with an {@code In} property other than the last of the index's equality prefix, see {@link Plan.IndexRead#orderedFrom}).
   * Sorts on a property an equality fixes are left out first: every result holds the same value there, so they change
   * no order. Ties on {@code order} are read in the index's id order and sorted in memory; the reader stops after the
   * last one the query's limit or page needs.
   */
  Read planInOrder(List<BoundCriterion> criteria, List<OrderItem> sorts, List<Boolean> sortsIgnoreCase, boolean exact) {
    Ordered inOrder = criteria == null ? null : ordered.inStaticOrder(criteria, sorts, sortsIgnoreCase, false);
    if (inOrder == null) {
      return null;
    }
    QueryPlan plan = inOrder.plan();
    CodeBlock orders = CodeBlock.of("$T.of($L)", List.class, inOrder.order());
    return withKeys(indexRead(plan, inOrder.read(), orders, "in the order of its keys" + (plan.reverse() ? ", backwards" : "") + ", in batches"
        + " of keys that start at the size the limit or the page needs and double up to {@value io.strata.query.CandidateReads#BATCH};"
        + " reads the row of each key found and checks the conditions on it, and stops once it has the results the limit or"
        + " the page asks for and those that tie with the last (a stream reads on as it is consumed)."), plan, exact);
  }

  /**
   * {@code read} with the indexes whose keys could hold its candidates in an order chosen at run time ({@code Sort},
   * {@code Order}, or a static order followed by them): for each index, the read that fixes a prefix of its fields by
   * equality and serves {@code criteria} at least as narrowly as {@code read}. At run time the first whose keys serve the
   * order asked for is read in that order and stops early; any other order is sorted in memory.
   */
  Read withRunTimeOrders(List<BoundCriterion> criteria, List<OrderItem> fixed, List<Boolean> ignoreCase, Read read) {
    if (criteria == null || !OrderedReadPlanner.keysCanHold(fixed, ignoreCase)) {
      return read;
    }
    List<Ordered> orders = ordered.runTimeOrders(criteria, fixed, read.narrowing());
    if (orders.isEmpty()) {
      return read;
    }
    List<String> plans = new ArrayList<>();
    CodeBlock.Builder list = CodeBlock.builder();
    for (Ordered o : orders) {
      list.add(list.isEmpty() ? "$L" : ", $L", o.order());
      plans.add("when the order (static, then run time) is a leading part of {@code (" + String.join(", ", o.keys().stream().map(FieldModel::name).toList())
          + ")}, all ascending or all descending, it " + PlanDoc.indexKeys(entity, narrowing(o.plan(), false, false)) + " in that order,"
          + " forwards or backwards, reading no further than the results the limit or the page asks for and those that tie"
          + " with the last (a stream reads on as it is consumed)");
    }
    return new Read(read.candidates(), read.plan() + " Order chosen at run time: " + String.join("; ", plans)
        + "; any other order is sorted in memory.", read.unserved(), read.narrowing(), CodeBlock.of("$T.of($L)", List.class,
        list.build()), read.keys(), read.keysPlan(), read.planned());
  }

  /**
   * {@code plan}'s index read without the planner's in-memory filters (the predicate checks every condition), backwards
   * when {@code reverse}, its {@code In} alternatives merged in whole-key order when {@code keyOrder}.
   */
  static QueryPlan narrowing(QueryPlan plan, boolean reverse, boolean keyOrder) {
    return new QueryPlan(plan.index(), null, plan.equalities(), plan.range(), null, reverse, keyOrder, false, true, List.of());
  }

  /** The read of {@code plan}, the one planner's index read {@code planned}; in the order of its keys when {@code orders} is given. */
  private Read indexRead(QueryPlan plan, Plan planned, CodeBlock orders, String how) {
    QueryPlan narrowing = narrowing(plan, orders != null && plan.reverse(), orders != null && plan.keyOrder());
    CodeBlock candidates = CodeBlock.of("$T.index($L)", CANDIDATES, scan(narrowing));
    return new Read(candidates, "Plan: " + PlanDoc.indexKeys(entity, narrowing) + ", " + how, null,
        plan.equalities().size() + plan.range().size(), orders, null, null, planned);
  }

  /** The arguments of {@code Candidates.index}/{@code indexKeys}: the scan, then the query values it is built from. */
  private CodeBlock scan(QueryPlan narrowing) {
    return scan(entity, narrowing);
  }

  /** The arguments of {@code Candidates.index}/{@code indexKeys}/{@code IndexOrder.of} for a read of {@code entity}. */
  static CodeBlock scan(EntityModel entity, QueryPlan narrowing) {
    CodeBlock.Builder args = CodeBlock.builder();
    Set<String> params = new LinkedHashSet<>();
    narrowing.equalities().forEach(c -> params.addAll(c.params()));
    narrowing.range().forEach(c -> params.addAll(c.params()));
    params.forEach(p -> args.add(", $N", p));
    return CodeBlock.of("store$$ -> $L$L", ScanCode.indexScan(entity, narrowing, "store$"), args.build());
  }

  /** Why no index serves {@code criteria}, from the one planner's structured reason ({@link QueryPlanner#whyUnserved}). */
  private String whyUnserved(List<BoundCriterion> criteria) {
    QueryPlanner planner = new QueryPlanner(entity);
    return planner.planned(criteria, List.of(), null, false) instanceof Unserved u ? planner.whyUnserved(u)
        : "no index serves its conditions";
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ValueType;
import io.strata.processor.planning.EntityInfos;
import io.strata.query.model.Condition;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import java.util.List;
import java.util.Optional;

/**
 * Java expressions running a {@link QueryPlan}: the {@code IndexScan} (or spatial query) it reads, the
 * in-memory predicate of {@code @AllowFiltering}, and the mapping of keys or entities to projections.
 */
public final class ScanCode {
  static final ClassName FILTERED_ROWS = ClassName.get("io.strata.query", "FilteredRows");
  static final ClassName CANDIDATES = ClassName.get("io.strata.query", "Candidates");

  private final ValueCode values;
  /** The entity's name, which a refused query value names. */
  private final String entityName;

  ScanCode(EntityModel entity) {
    this.values = new ValueCode(entity.codecName());
    this.entityName = entity.entityName();
  }

  /**
   * The {@code IndexScan} of an index plan over {@code entity}'s store, the variable named {@code store}, for generated
   * code outside this package: Jakarta Data repositories, whose planned criteria are on scalar fields. Their predicate
   * checks every condition again on the rows read, so an exclusive bound on a {@code double} or {@code float} field is
   * read inclusive: index keys hold {@code -0.0} as {@code 0.0}, and Jakarta Data's order ({@code Double.compare}) puts
   * {@code -0.0} below {@code 0.0}, so {@code < 0.0} must read the key {@code 0.0} to find a stored {@code -0.0}. An
   * {@code In} on a decimal reads every scale of each value ({@code 1.5 = 1.50} in Jakarta Data), where a Strata
   * repository's reads the scale given.
   */
  public static CodeBlock indexScan(EntityModel entity, QueryPlan plan, String store) {
    return new ScanCode(entity).scan(plan, 0, store, true);
  }

  /** A query value of scalar field {@code f} as the element stored, for generated code outside this package. */
  public static CodeBlock queryElement(EntityModel entity, FieldModel f, CodeBlock value) {
    return new ScanCode(entity).element(f, value);
  }

  private CodeBlock element(FieldModel f, CodeBlock value) {
    return element(values, f, value);
  }

  /** A query value as the element stored: document leaves are normalised like documents. */
  static CodeBlock element(ValueCode values, FieldModel f, CodeBlock value) {
    if (f.type().kind() == ValueType.Kind.DOC_OBJECT) {
      return CodeBlock.of("$T.ofDocumentValue($L)", ValueCode.ELEMENTS, value);
    }
    return values.encode(f.queryType(), value);
  }

  /** A range bound: like {@link #element}, except decimals, whose bound covers every scale. */
  private CodeBlock bound(FieldModel f, String param) {
    if (f.type().kind() == ValueType.Kind.DOC_OBJECT) {
      return element(f, CodeBlock.of("$N", param));
    }
    return values.bound(f.queryType(), CodeBlock.of("$N", param));
  }

  /** The {@code IndexScan} of an index plan, limited to {@code limit} results (0: no limit). */
  CodeBlock scan(QueryPlan plan, int limit) {
    return scan(plan, limit, "store", false);
  }

  /** The {@code IndexScan} of an index plan over the store in the variable {@code store}, not limited. */
  CodeBlock scan(QueryPlan plan, String store) {
    return scan(plan, 0, store, false);
  }

  /**
   * {@code jakarta}: Jakarta Data's comparisons, read exclusive bounds on floating-point fields inclusive and an
   * {@code In} on a decimal over every scale (see {@link #indexScan}).
   */
  private CodeBlock scan(QueryPlan plan, int limit, String store, boolean jakarta) {
    CodeBlock.Builder b = read(plan, store, jakarta).toBuilder();
    if (limit > 0) {
      b.add(".limit($L)", limit);
    }
    if (!plan.filtered().isEmpty()) {
      b.add(".filter(e -> $L)", predicate(plan.filtered()));
    }
    return b.build();
  }

  /** The {@code IndexScan} of an index plan's bounds and direction, with no limit and no filter. */
  private CodeBlock read(QueryPlan plan, String store, boolean jakarta) {
    CodeBlock.Builder b = CodeBlock.builder().add("$T.of($N, $S)", RepositoryImplWriter.INDEX_SCAN, store, plan.index().name());
    for (BoundCriterion c : plan.equalities()) {
      switch (c.operator()) {
        case IN -> b.add(jakarta && c.field().queryType().kind() == ValueType.Kind.BIG_DECIMAL
            ? CodeBlock.of(".inEveryScale($N)", c.params().get(0))
            : CodeBlock.of(".in($N, v -> $L)", c.params().get(0), element(c.field(), CodeBlock.of("v"))));
        case TRUE -> b.add(".equal(true)");
        case FALSE -> b.add(".equal(false)");
        default -> b.add(".equal($L)", element(c.field(), CodeBlock.of("$N", c.params().get(0))));
      }
    }
    for (BoundCriterion c : plan.range()) {
      FieldModel f = c.field();
      ValueType.Kind kind = f.queryType().kind();
      boolean strictInclusive = jakarta && (kind == ValueType.Kind.DOUBLE || kind == ValueType.Kind.FLOAT);
      switch (c.operator()) {
        case LESS_THAN -> b.add(".to($L, $L)", bound(f, c.params().get(0)), strictInclusive);
        case LESS_THAN_EQUAL -> b.add(".to($L, true)", bound(f, c.params().get(0)));
        case GREATER_THAN -> b.add(".from($L, $L)", bound(f, c.params().get(0)), strictInclusive);
        case GREATER_THAN_EQUAL -> b.add(".from($L, true)", bound(f, c.params().get(0)));
        case BETWEEN -> b.add(".from($L, true).to($L, true)", bound(f, c.params().get(0)), bound(f, c.params().get(1)));
        case STARTING_WITH -> b.add(".startingWith($N)", c.params().get(0));
        default -> throw new IllegalStateException("not a range: " + c.operator());
      }
    }
    if (plan.reverse()) {
      b.add(".reverse()");
    }
    if (plan.keyOrder()) {
      b.add(".inKeyOrder()");
    }
    return b.build();
  }

  /**
   * A {@code CompletableFuture} of an aggregate plan's value: the group's COUNT/SUM ({@code Long}), or its MIN/MAX
   * ({@code Optional} of the boxed field type), read through the repository's {@code aggregates}.
   */
  CodeBlock aggregate(QueryPlan plan) {
    AggregateModel a = plan.aggregate();
    CodeBlock.Builder group = CodeBlock.builder().add("$T.values(", ValueCode.ELEMENTS);
    for (int i = 0; i < plan.equalities().size(); i++) {
      BoundCriterion c = plan.equalities().get(i);
      group.add(i == 0 ? "" : ", ").add(switch (c.operator()) {
        case TRUE -> CodeBlock.of("true");
        case FALSE -> CodeBlock.of("false");
        default -> element(c.field(), CodeBlock.of("$N", c.params().get(0)));
      });
    }
    group.add(")");
    if (a.counter()) {
      return CodeBlock.of("aggregates.total(tr, $S, $L)", a.name(), group.build());
    }
    return CodeBlock.of("aggregates.extreme(tr, $S, $L).thenApply(o -> o.map(v -> $L))", a.name(), group.build(),
        values.decode(a.field().type(), CodeBlock.of("v")));
  }

  /**
   * Where a plan's matches come from, as {@link FindWriter} reads them: the read core's candidates (an index's entries
   * and rows, the ids' rows, every row or the entities in a {@code Within}'s box) with the residual conditions checked on
   * each; a {@code Near} returns its own list (in {@code tr}), nearest first, as its whole circle is read to order it by
   * distance: the residual conditions checked and at most {@code limit} kept (0: every one).
   */
  FindWriter.Source source(QueryPlan plan, int limit) {
    if (plan.spatial() != null && plan.spatialCriterion().operator() == Operator.NEAR) {
      BoundCriterion s = plan.spatialCriterion();
      CodeBlock read = CodeBlock.of("spatial.near(tr, $S, $N, $N)", s.field().name(), s.params().get(0), s.params().get(1));
      return new FindWriter.Listed(plan.filtered().isEmpty() && limit == 0 ? read : CodeBlock.of("$L.thenApply(es -> $T.filter(es, $L, $L))",
          read, RepositoryImplWriter.QUERY_RESULTS, where(plan), limit == 0 ? "Integer.MAX_VALUE" : limit));
    }
    return new FindWriter.Candidates(where(plan), candidates(plan));
  }

  /** Every row, each checked by {@code predicate} (an expression over an entity {@code e}), as {@link FindWriter} reads them. */
  static FindWriter.Candidates allRows(CodeBlock predicate) {
    return new FindWriter.Candidates(CodeBlock.of("e -> $L", predicate), CodeBlock.of("$T.allRows()", CANDIDATES));
  }

  /** The check of a plan's residual conditions on an entity, {@code e -> true} when the read applies them all. */
  private CodeBlock where(QueryPlan plan) {
    return CodeBlock.of("e -> $L", plan.filtered().isEmpty() ? CodeBlock.of("true") : predicate(plan.filtered()));
  }

  /** The {@code Candidates} a plan read by id, from an index, from every row or in a {@code Within}'s box reads. */
  private CodeBlock candidates(QueryPlan plan) {
    return plan.spatial() != null ? CodeBlock.of("spatial.within($S, $N)", plan.spatial().field().name(), plan.spatialCriterion().params().get(0))
        : plan.allRows() ? CodeBlock.of("$T.allRows()", CANDIDATES)
        : plan.byId() ? CodeBlock.of("$T.ids($L)", CANDIDATES, ids(plan.equalities().get(0)))
        : CodeBlock.of("$L.candidates()", read(plan, "store", false));
  }

  /**
   * The ids an {@code Id}/{@code IdIn} criterion gives, as stored elements, in the order given ({@code Candidates.ids}
   * reads each once); a null id, or a null collection of them, is refused naming the entity and the field, as a null
   * value of an index's condition is.
   */
  private CodeBlock ids(BoundCriterion c) {
    String field = c.field().name();
    return c.operator() == Operator.IN
        ? CodeBlock.of("$T.requireIn($S, $S, $N, v -> $L)", ValueCode.ELEMENTS, entityName, field, c.params().get(0),
            element(c.field(), CodeBlock.of("v")))
        : CodeBlock.of("$T.of($T.requireValue($S, $S, $L))", List.class, ValueCode.ELEMENTS, entityName, field,
            element(c.field(), CodeBlock.of("$N", c.params().get(0))));
  }

  /**
   * The in-memory check on an entity {@code e} that any of {@code plans}' criteria hold (an {@code Or} of their
   * conjunctions), comparing stored elements.
   */
  CodeBlock anyOf(List<QueryPlan> plans) {
    List<BoundCriterion> criteria = plans.stream().flatMap(p -> p.filtered().stream()).toList();
    return PredicateWriter.strata(values, criteria.stream().map(BoundCriterion::field).toList())
        .write(new Condition.Or(plans.stream().<Condition>map(p -> conjunction(p.filtered())).toList()));
  }

  private static Condition conjunction(List<BoundCriterion> criteria) {
    return new Condition.And(criteria.stream().map(c -> (Condition) EntityInfos.compare(c)).toList());
  }

  /** The in-memory check of {@code criteria} on an entity {@code e}, comparing stored elements (Strata's semantics). */
  CodeBlock predicate(List<BoundCriterion> criteria) {
    return PredicateWriter.strata(values, criteria.stream().map(BoundCriterion::field).toList()).write(conjunction(criteria));
  }

  /**
   * How many entities an {@code Or} branch read by {@code plan} reads for a union ordered by {@code order} that keeps its
   * first {@code limit} (0: every one): {@code limit} where the branch's keys come in the union's merge order (the query
   * model's {@code Plan.IndexRead.keysAreTheOrder}, which the run-time union asks too), else every match: a branch
   * whose equality fixes a sorted property holds its ties by id ascending, one whose index holds a further field by that
   * field, so its first {@code limit} need not be the union's.
   */
  static int branchLimit(QueryPlan plan, List<OrderItem> order, FieldModel id, int limit) {
    if (limit == 0 || order.isEmpty() || plan.index() == null) {
      return limit;
    }
    Plan.IndexRead read = new Plan.IndexRead(EntityInfos.index(plan.index()), plan.equalities().stream().map(EntityInfos::compare).toList(),
        plan.range().stream().map(EntityInfos::compare).toList(), plan.reverse(), plan.keyOrder(), plan.fromKeys(), plan.rowsRead(),
        List.of(), List.of());
    List<SortKey> sort = order.stream().map(o -> new SortKey(o.field().name(), o.descending(), false)).toList();
    return read.keysAreTheOrder(sort, id.name()) ? limit : 0;
  }

  /** The projection of an index tuple {@code k} ({@code (v1, ..., vn, id)}). */
  CodeBlock fromKey(QueryMethodModel m, QueryPlan plan) {
    if (!m.record()) {
      FieldModel f = m.projection().get(0);
      return values.decode(f.queryType(), CodeBlock.of("k.get($L)", plan.keyPosition(f)));
    }
    CodeBlock.Builder args = CodeBlock.builder();
    for (int i = 0; i < m.projection().size(); i++) {
      FieldModel f = m.projection().get(i);
      CodeBlock value = values.decode(f.queryType(), CodeBlock.of("k.get($L)", plan.keyPosition(f)));
      if (f.type().kind() == ValueType.Kind.OPTIONAL) {
        value = CodeBlock.of("$T.of($L)", Optional.class, value);
      }
      args.add(i == 0 ? "$L" : ", $L", value);
    }
    return CodeBlock.of("new $T($L)", m.element(), args.build());
  }

  /** The projection of an entity {@code e}. */
  CodeBlock fromEntity(QueryMethodModel m) {
    if (!m.record()) {
      FieldModel f = m.projection().get(0);
      return f.type().kind() == ValueType.Kind.OPTIONAL ? CodeBlock.of("$L.orElse(null)", f.read()) : CodeBlock.of("$L", f.read());
    }
    CodeBlock.Builder args = CodeBlock.builder();
    for (int i = 0; i < m.projection().size(); i++) {
      args.add(i == 0 ? "$L" : ", $L", m.projection().get(i).read());
    }
    return CodeBlock.of("new $T($L)", m.element(), args.build());
  }
}

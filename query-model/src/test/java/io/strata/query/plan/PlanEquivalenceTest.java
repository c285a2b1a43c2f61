package io.strata.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Operand.Literal;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.query.model.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For random condition trees over a small entity with nullable fields, every plan selects exactly the rows the
 * condition does: a row is in an index read only when the index holds an entry for it (no indexed value null) and
 * the read's comparisons and residuals hold; a union holds a row any branch holds. Conditions are evaluated in
 * three-valued logic (a comparison with a null is unknown, and {@code Not} of unknown is unknown), the logic in which
 * pushing {@code Not} onto comparisons keeps a condition's meaning.
 */
class PlanEquivalenceTest {
  private static final EntityInfo ENTITY = new EntityInfo("Thing",
      List.of(new FieldInfo("id", ValueKind.LONG, true, true), new FieldInfo("a", ValueKind.INT, false, false),
          new FieldInfo("b", ValueKind.INT, false, false), new FieldInfo("s", ValueKind.STRING, false, false)),
      List.of(new IndexInfo("byA", List.of("a"), false, false, false),
          new IndexInfo("byAB", List.of("a", "b"), false, false, true),
          new IndexInfo("byB", List.of("b"), false, true, false),
          new IndexInfo("byS", List.of("s"), false, false, false)),
      List.of(), List.of());
  private static final List<String> TEXTS = List.of("", "a", "ab", "b");

  @Property(tries = 400)
  void everyPlanSelectsTheRowsItsConditionSelects(@ForAll("trees") Condition where, @ForAll("tables") List<Map<String, Object>> rows,
      @ForAll boolean jakarta, @ForAll boolean allowScan) {
    Planned planned = Planner.plan(new QuerySpec(ENTITY, where, List.of(), Window.ALL, null, allowScan,
        jakarta ? Semantics.JAKARTA : Semantics.STRATA));
    if (allowScan) {
      assertFalse(planned instanceof Unserved, () -> "a scan is allowed, yet " + planned + " for " + where);
    }
    if (planned instanceof Plan plan) {
      for (Map<String, Object> row : rows) {
        assertEquals(Boolean.TRUE.equals(eval(where, row)), selects(plan, row), () -> plan + " on " + row + " for " + where);
      }
    }
  }

  @Provide
  Arbitrary<List<Map<String, Object>>> tables() {
    Arbitrary<Integer> number = Arbitraries.integers().between(0, 3).injectNull(0.25);
    Arbitrary<String> text = Arbitraries.of(TEXTS).injectNull(0.25);
    return Combinators.combine(Arbitraries.longs().between(0, 3), number, number, text).as((id, a, b, s) -> {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      row.put("a", a);
      row.put("b", b);
      row.put("s", s);
      return row;
    }).list().ofMinSize(1).ofMaxSize(12);
  }

  @Provide
  Arbitrary<Condition> trees() {
    return tree(3);
  }

  private Arbitrary<Condition> tree(int depth) {
    Arbitrary<Condition> leaf = compare();
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Condition> sub = tree(depth - 1);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, leaf),
        net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(0).ofMaxSize(3).map(And::new)),
        net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(0).ofMaxSize(3).map(Or::new)),
        net.jqwik.api.Tuple.of(1, sub.map(Not::new)));
  }

  private Arbitrary<Condition> compare() {
    Arbitrary<Condition> numeric = Combinators.combine(Arbitraries.of("id", "a", "b"),
        Arbitraries.of(Op.EQUAL, Op.NOT_EQUAL, Op.LESS_THAN, Op.LESS_THAN_EQUAL, Op.GREATER_THAN, Op.GREATER_THAN_EQUAL,
            Op.BETWEEN, Op.IN, Op.NOT_IN, Op.IS_NULL, Op.NOT_NULL),
        Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 3))
        .as((f, op, x, y) -> {
          Object v = f.equals("id") ? (Object) (long) x : x;
          Object w = f.equals("id") ? (Object) (long) y : y;
          return (Condition) new Compare(f, op, operands(op, v, w), false);
        });
    Arbitrary<Condition> text = Combinators.combine(
        Arbitraries.of(Op.EQUAL, Op.NOT_EQUAL, Op.LESS_THAN, Op.GREATER_THAN_EQUAL, Op.STARTS_WITH, Op.IN, Op.IS_NULL),
        Arbitraries.of(TEXTS), Arbitraries.of(TEXTS), Arbitraries.of(true, false))
        .as((op, x, y, ignoreCase) -> (Condition) new Compare("s", op, operands(op, x, y), ignoreCase && op == Op.EQUAL));
    return Arbitraries.oneOf(numeric, numeric, text);
  }

  private static List<Operand> operands(Op op, Object x, Object y) {
    return switch (op.arity()) {
      case 0 -> List.of();
      case 2 -> List.of(new Literal(x), new Literal(y));
      default -> List.of(new Literal(op == Op.IN || op == Op.NOT_IN ? List.of(x, y) : x));
    };
  }

  /** Whether {@code plan}'s reads and residuals hold {@code row}. */
  private static boolean selects(Plan plan, Map<String, Object> row) {
    if (plan instanceof Plan.ById b) {
      return holds(b.id(), row) && all(b.residual(), row);
    }
    if (plan instanceof Plan.IndexRead r) {
      return r.index().fields().stream().allMatch(f -> row.get(f) != null)
          && all(r.equalities(), row) && all(r.range(), row) && all(r.residual(), row);
    }
    if (plan instanceof Plan.AllRows a) {
      return all(a.residual(), row);
    }
    if (plan instanceof Plan.Union u) {
      return u.branches().stream().anyMatch(b -> selects(b, row));
    }
    throw new AssertionError("no spatial field and no aggregation here: " + plan);
  }

  private static boolean all(List<? extends Condition> conditions, Map<String, Object> row) {
    return conditions.stream().allMatch(c -> holds(c, row));
  }

  private static boolean holds(Condition c, Map<String, Object> row) {
    return Boolean.TRUE.equals(eval(c, row));
  }

  /** {@code c} on {@code row} in three-valued logic: true, false, or null for unknown. */
  private static Boolean eval(Condition c, Map<String, Object> row) {
    if (c instanceof Not not) {
      Boolean v = eval(not.part(), row);
      return v == null ? null : !v;
    }
    if (c instanceof And and) {
      return junction(and.parts(), false, row);
    }
    if (c instanceof Or or) {
      return junction(or.parts(), true, row);
    }
    Compare cmp = (Compare) c;
    Object value = row.get(cmp.field());
    if (cmp.op() == Op.IS_NULL || cmp.op() == Op.NOT_NULL) {
      return (value == null) == (cmp.op() == Op.IS_NULL);
    }
    if (value == null) {
      return null;
    }
    List<Object> xs = new ArrayList<>();
    cmp.operands().forEach(o -> xs.add(((Literal) o).value()));
    if (cmp.ignoreCase()) {
      value = ((String) value).toLowerCase();
      xs.replaceAll(x -> ((String) x).toLowerCase());
    }
    Object x = xs.isEmpty() ? null : xs.get(0);
    return switch (cmp.op()) {
      case EQUAL -> value.equals(x);
      case NOT_EQUAL -> !value.equals(x);
      case LESS_THAN -> compare(value, x) < 0;
      case LESS_THAN_EQUAL -> compare(value, x) <= 0;
      case GREATER_THAN -> compare(value, x) > 0;
      case GREATER_THAN_EQUAL -> compare(value, x) >= 0;
      case BETWEEN -> compare(value, x) >= 0 && compare(value, xs.get(1)) <= 0;
      case IN -> ((Collection<?>) x).contains(value);
      case NOT_IN -> !((Collection<?>) x).contains(value);
      case STARTS_WITH -> ((String) value).startsWith((String) x);
      default -> throw new AssertionError(cmp);
    };
  }

  /** An {@code Or} ({@code decider} true) or an {@code And} (false): a part equal to {@code decider} decides it. */
  private static Boolean junction(List<Condition> parts, boolean decider, Map<String, Object> row) {
    boolean unknown = false;
    for (Condition p : parts) {
      Boolean v = eval(p, row);
      if (v != null && v == decider) {
        return decider;
      }
      unknown |= v == null;
    }
    return unknown ? null : !decider;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    return ((Comparable) Objects.requireNonNull(a)).compareTo(b);
  }
}

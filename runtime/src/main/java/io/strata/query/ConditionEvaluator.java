package io.strata.query;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Expression;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one evaluator of query-model conditions on entities: the residual conditions of a run-time query's plan,
 * and a whole condition where every row is read. Conditions follow SQL's three-valued logic: a comparison of a
 * property with no value (null) is unknown, {@code not} of unknown is unknown, and an entity matches only when the
 * whole condition is true; {@code isNull} and {@code notNull} are never unknown. So {@code not(x < 5)} matches
 * the same entities as {@code x >= 5}, which is how a planner may push a negation down onto an index.
 *
 * @param <E> the entity
 */
public final class ConditionEvaluator<E> {
  private final Function<String, Function<E, Object>> property;
  private final BiFunction<String, Object, Object> queryValue;
  private final ValueOrder order;
  private final ExpressionValues<E> expressions;

  /**
   * @param property the reader of a property's comparable value by name (its key element for Strata, its Java value
   *     for Jakarta Data); throws for a name the entity does not store
   * @param queryValue a query value of a property in the same form ({@code (name, value) -> element})
   * @param order how the dialect compares the values
   *     (a null query value, which Jakarta Data allows, makes its comparison unknown: it matches no entity)
   */
  public ConditionEvaluator(Function<String, Function<E, Object>> property, BiFunction<String, Object, Object> queryValue,
      ValueOrder order) {
    this.property = property;
    this.queryValue = queryValue;
    this.order = order;
    this.expressions = new ExpressionValues<>(property, queryValue);
  }

  /** A predicate accepting the entities {@code condition} is true of, parameters taken from {@code params}. */
  public Predicate<E> predicate(Condition condition, Map<String, Object> params) {
    Test<E> test = compile(condition, params);
    return entity -> test.eval(entity) == Boolean.TRUE;
  }

  /** A predicate accepting the entities every one of {@code conditions} is true of. */
  public Predicate<E> predicate(List<Condition> conditions, Map<String, Object> params) {
    return predicate(new Condition.And(conditions), params);
  }

  /** A condition's truth on one entity: true, false, or null for unknown. */
  private interface Test<E> {
    Boolean eval(E entity);
  }

  private Test<E> compile(Condition condition, Map<String, Object> params) {
    if (condition instanceof Condition.And and) {
      return junction(and.parts(), params, false);
    }
    if (condition instanceof Condition.Or or) {
      return junction(or.parts(), params, true);
    }
    if (condition instanceof Condition.Not not) {
      Test<E> part = compile(not.part(), params);
      return e -> {
        Boolean r = part.eval(e);
        return r == null ? null : !r;
      };
    }
    if (condition instanceof Condition.Test t) {
      return test(t, params);
    }
    return compare((Compare) condition, params);
  }

  /**
   * A test of two expressions, by the rules of a comparison: unknown where a compared value is null (but for
   * {@code IS_NULL} and {@code NOT_NULL}); numbers of different types compared by value.
   */
  private Test<E> test(Condition.Test t, Map<String, Object> params) {
    String leftPath = t.left() instanceof Expression.Path p ? p.name() : null;
    Function<E, Object> left = expressions.reader(t.left(), null, params);
    List<Function<E, Object>> right = t.right().stream()
        .map(x -> expressions.reader(x, leftPath, params)).toList();
    if (leftPath == null && t.right().size() == 1 && t.right().get(0) instanceof Expression.Path p) {
      left = expressions.reader(t.left(), p.name(), params);
    }
    Function<E, Object> l = left;
    // with a property on neither side, the values are the query's own (no key elements): compared as their values are
    boolean keyed = leftPath != null || t.right().stream().anyMatch(Expression.Path.class::isInstance);
    Comparison sign = keyed ? this::sign : ConditionEvaluator::valueSign;
    return switch (t.op()) {
      case IS_NULL -> e -> l.apply(e) == null;
      case NOT_NULL -> e -> l.apply(e) != null;
      case TRUE -> known(l, Boolean.TRUE::equals);
      case FALSE -> known(l, Boolean.FALSE::equals);
      case IN, NOT_IN -> e -> {
        Object v = l.apply(e);
        if (v == null) {
          return null;
        }
        boolean unknown = false;
        for (Function<E, Object> item : right) {
          Object w = item.apply(e);
          if (w == null) {
            unknown = true;
          } else if (sign.of(v, w) == 0) {
            return t.op() == Op.IN;
          }
        }
        return unknown ? null : t.op() == Op.NOT_IN;
      };
      case BETWEEN -> e -> known(e, l, right, vs -> sign.of(vs.get(0), vs.get(1)) >= 0 && sign.of(vs.get(0), vs.get(2)) <= 0);
      default -> e -> known(e, l, right, vs -> holds(t.op(), vs.get(0), vs.get(1), sign));
    };
  }

  /** {@code test} of the left value then the right ones, unknown where any is null. */
  private static <E> Boolean known(E entity, Function<E, Object> left, List<Function<E, Object>> right,
      Predicate<List<Object>> test) {
    List<Object> values = new java.util.ArrayList<>();
    values.add(left.apply(entity));
    right.forEach(r -> values.add(r.apply(entity)));
    return values.contains(null) ? null : test.test(values);
  }

  private static boolean holds(Op op, Object v, Object w, Comparison sign) {
    return switch (op) {
      case EQUAL -> sign.of(v, w) == 0;
      case NOT_EQUAL -> sign.of(v, w) != 0;
      case LESS_THAN -> sign.of(v, w) < 0;
      case LESS_THAN_EQUAL -> sign.of(v, w) <= 0;
      case GREATER_THAN -> sign.of(v, w) > 0;
      case GREATER_THAN_EQUAL -> sign.of(v, w) >= 0;
      case STARTS_WITH -> v.toString().startsWith(w.toString());
      case ENDS_WITH -> v.toString().endsWith(w.toString());
      case CONTAINS -> v.toString().contains(w.toString());
      case LIKE -> Matches.like(v.toString(), w.toString());
      case NOT_LIKE -> !Matches.like(v.toString(), w.toString());
      default -> throw new IllegalArgumentException(op + " is not a comparison of two values");
    };
  }

  /** The sign of {@code v - w}, two non-null values. */
  private interface Comparison {
    int of(Object v, Object w);
  }

  /**
   * The sign of {@code v - w} for two values of the query's own, with no property compared (a parameter against
   * {@code LOCAL DATE}, arithmetic of literals or of a property): numbers of different classes by value, text by code
   * point (the order of UTF-8 bytes, which Strata's keys and Jakarta Data both keep), anything else of one class as Java
   * compares it, since no key element stands for it (Strata's key order holds no {@code LocalDate} as it is given); so
   * two doubles as {@code Double.compare} (-0.0 below 0.0), as Jakarta Data's {@code Values.compare} and Strata's keys
   * order them.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int valueSign(Object v, Object w) {
    if (v instanceof Number x && w instanceof Number y && v.getClass() != w.getClass()) {
      return Numbers.compare(x, y);
    }
    if (v instanceof CharSequence || w instanceof CharSequence || v instanceof Character || w instanceof Character) {
      return Integer.signum(codePoints(v.toString(), w.toString()));
    }
    if (v instanceof Comparable c && v.getClass() == w.getClass()) {
      return c.compareTo(w);
    }
    throw new IllegalArgumentException("cannot compare " + v + " (" + v.getClass().getName() + ") with " + w + " ("
        + w.getClass().getName() + "): give the query values of one type");
  }

  private static int codePoints(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }

  /** The sign of {@code v - w}: numbers of different types by value, else in the dialect's order. */
  private int sign(Object v, Object w) {
    if (v instanceof Number x && w instanceof Number y && v.getClass() != w.getClass()) {
      return Numbers.compare(x, y);
    }
    return order.compare(v, w, false);
  }

  /**
   * An and ({@code decisive} false) or an or ({@code decisive} true) of {@code parts}: {@code decisive} as soon as
   * a part is, else unknown if a part is, else the opposite of {@code decisive} (an empty and is true, an empty or false).
   */
  private Test<E> junction(List<Condition> parts, Map<String, Object> params, boolean decisive) {
    List<Test<E>> tests = parts.stream().map(p -> compile(p, params)).toList();
    return e -> {
      Boolean result = !decisive;
      for (Test<E> test : tests) {
        Boolean r = test.eval(e);
        if (r == null) {
          result = null;
        } else if (r == decisive) {
          return decisive;
        }
      }
      return result;
    };
  }

  private Test<E> compare(Compare c, Map<String, Object> params) {
    Function<E, Object> read = property.apply(c.field());
    List<Object> values = c.operands().stream().map(o -> value(c, o, params)).toList();
    boolean ic = c.ignoreCase();
    if (c.op().arity() > 0 && values.contains(null)) {
      return e -> null;
    }
    return switch (c.op()) {
      case IS_NULL -> e -> read.apply(e) == null;
      case NOT_NULL -> e -> read.apply(e) != null;
      case EQUAL -> known(read, v -> order.equal(v, values.get(0), ic));
      case NOT_EQUAL -> known(read, v -> !order.equal(v, values.get(0), ic));
      case LESS_THAN -> known(read, v -> order.compare(v, values.get(0), ic) < 0);
      case LESS_THAN_EQUAL -> known(read, v -> order.compare(v, values.get(0), ic) <= 0);
      case GREATER_THAN -> known(read, v -> order.compare(v, values.get(0), ic) > 0);
      case GREATER_THAN_EQUAL -> known(read, v -> order.compare(v, values.get(0), ic) >= 0);
      case BETWEEN -> known(read, v -> order.compare(v, values.get(0), ic) >= 0 && order.compare(v, values.get(1), ic) <= 0);
      case IN -> known(read, v -> in(v, values.get(0), ic));
      case NOT_IN -> known(read, v -> !in(v, values.get(0), ic));
      case STARTS_WITH -> known(read, v -> text(v, ic).startsWith(text(values.get(0), ic)));
      case ENDS_WITH -> known(read, v -> text(v, ic).endsWith(text(values.get(0), ic)));
      case CONTAINS -> known(read, v -> text(v, ic).contains(text(values.get(0), ic)));
      case LIKE -> known(read, v -> Matches.like(text(v, ic), text(values.get(0), ic)));
      case NOT_LIKE -> known(read, v -> !Matches.like(text(v, ic), text(values.get(0), ic)));
      case TRUE -> known(read, Boolean.TRUE::equals);
      case FALSE -> known(read, Boolean.FALSE::equals);
      case WITHIN, NEAR, NEAREST -> throw new IllegalArgumentException("the spatial or nearest-neighbour condition on " + c.field()
          + " is read through its index, not checked on rows");
    };
  }

  private boolean in(Object value, Object items, boolean ignoreCase) {
    for (Object item : (Collection<?>) items) {
      if (order.equal(value, item, ignoreCase)) {
        return true;
      }
    }
    return false;
  }

  private static String text(Object value, boolean ignoreCase) {
    return ignoreCase ? value.toString().toUpperCase(Locale.ROOT) : value.toString();
  }

  /** {@code test} of the property's value, unknown where it has none. */
  private Test<E> known(Function<E, Object> read, Predicate<Object> test) {
    return e -> {
      Object v = read.apply(e);
      return v == null ? null : test.test(v);
    };
  }

  /** An operand in the form properties are compared in: a collection element by element for {@code IN}. */
  private Object value(Compare c, Operand operand, Map<String, Object> params) {
    Object raw = raw(operand, params);
    if (raw instanceof Collection<?> items) {
      return items.stream().map(item -> queryValue.apply(c.field(), item)).toList();
    }
    return queryValue.apply(c.field(), raw);
  }

  /** An operand's value as the query gave it: a literal's, or the parameter's bound value. */
  static Object raw(Operand operand, Map<String, Object> params) {
    return operand instanceof Operand.Literal literal ? literal.value() : bound(((Operand.Param) operand).name(), params);
  }

  private static Object bound(String name, Map<String, Object> params) {
    if (!params.containsKey(name)) {
      throw new IllegalArgumentException("the query's parameter " + name + " is not bound: bind it with bind(\""
          + name + "\", value) before reading the results");
    }
    return params.get(name);
  }
}

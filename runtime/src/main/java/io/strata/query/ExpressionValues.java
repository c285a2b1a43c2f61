package io.strata.query;

import io.strata.query.model.Expression;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The values of query-model {@link Expression}s on one entity, for {@link ConditionEvaluator}'s tests of two
 * expressions. A value of nothing (a property with none, a null parameter) makes every expression over it null, so the
 * comparison it takes part in is unknown; numbers compute as {@link Numbers#arithmetic} computes them (an integer
 * overflow or a division by zero an {@link ArithmeticException}, as in generated code).
 *
 * @param <E> the entity
 */
final class ExpressionValues<E> {
  private final Function<String, Function<E, Object>> property;
  private final BiFunction<String, Object, Object> queryValue;

  ExpressionValues(Function<String, Function<E, Object>> property, BiFunction<String, Object, Object> queryValue) {
    this.property = property;
    this.queryValue = queryValue;
  }

  /**
   * The reader of {@code e}'s value on an entity. A parameter, literal or current date or time compared with a property
   * ({@code against} names it, else null) takes that property's form, as in a comparison of the property itself.
   */
  Function<E, Object> reader(Expression e, String against, Map<String, Object> params) {
    if (e instanceof Expression.Path path) {
      return property.apply(path.name());
    }
    if (e instanceof Expression.Value value) {
      Object raw = ConditionEvaluator.raw(value.operand(), params);
      Object v = against == null || raw == null ? raw : queryValue.apply(against, raw);
      return entity -> v;
    }
    if (e instanceof Expression.Negate negate) {
      Function<E, Object> operand = reader(negate.operand(), null, params);
      return entity -> negate(operand.apply(entity));
    }
    if (e instanceof Expression.Arithmetic a) {
      Function<E, Object> left = reader(a.left(), null, params);
      Function<E, Object> right = reader(a.right(), null, params);
      return entity -> combine(a.operator(), left.apply(entity), right.apply(entity));
    }
    if (e instanceof Expression.Call call) {
      List<Function<E, Object>> args = call.arguments().stream().map(x -> reader(x, null, params)).toList();
      return entity -> {
        Object first = args.get(0).apply(entity);
        Object second = args.size() > 1 ? args.get(1).apply(entity) : "";
        return first == null || second == null ? null : apply(call.function(), first, second);
      };
    }
    Expression.Now now = (Expression.Now) e;
    return entity -> {
      Object v = switch (now.kind()) {
        case DATE -> LocalDate.now();
        case DATETIME -> LocalDateTime.now();
        case TIME -> LocalTime.now();
      };
      return against == null ? v : queryValue.apply(against, v);
    };
  }

  private static Object apply(Expression.Function function, Object value, Object count) {
    return switch (function) {
      // Java's Math.abs for floating point: ABS(-0.0) is 0.0, as the generated code's Values.abs gives it
      case ABS -> Numbers.abs((Number) value);
      case LENGTH -> value.toString().length();
      case LEFT -> { String s = value.toString(); yield s.substring(0, Math.min(s.length(), ((Number) count).intValue())); }
      case RIGHT -> { String s = value.toString(); yield s.substring(Math.max(0, s.length() - ((Number) count).intValue())); }
      case UPPER -> value.toString().toUpperCase(Locale.ROOT);
      case LOWER -> value.toString().toLowerCase(Locale.ROOT);
    };
  }

  private static Object negate(Object n) {
    return n == null ? null : Numbers.negate((Number) n);
  }

  private static Object combine(Expression.Operator op, Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    if (op == Expression.Operator.CONCAT) {
      return a.toString() + b;
    }
    return Numbers.arithmetic(op, (Number) a, (Number) b);
  }
}

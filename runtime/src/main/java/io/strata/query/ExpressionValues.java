package io.strata.query;

import io.strata.query.model.Expression;
import java.math.BigDecimal;
import java.math.BigInteger;
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
 * expressions. A value of nothing (a property with none, a null parameter, a division by zero) makes every expression
 * over it null, so the comparison it takes part in is unknown.
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
      case ABS -> value instanceof Double || value instanceof Float ? (Object) Math.abs(((Number) value).doubleValue())
          : negative(value) ? negate(value) : value;
      case LENGTH -> value.toString().length();
      case LEFT -> { String s = value.toString(); yield s.substring(0, Math.min(s.length(), ((Number) count).intValue())); }
      case RIGHT -> { String s = value.toString(); yield s.substring(Math.max(0, s.length() - ((Number) count).intValue())); }
      case UPPER -> value.toString().toUpperCase(Locale.ROOT);
      case LOWER -> value.toString().toLowerCase(Locale.ROOT);
    };
  }

  private static boolean negative(Object n) {
    return n instanceof BigDecimal d ? d.signum() < 0 : n instanceof BigInteger i ? i.signum() < 0 : ((Number) n).doubleValue() < 0;
  }

  private static Object negate(Object n) {
    if (n == null) {
      return null;
    }
    if (integral(n)) {
      return -((Number) n).longValue();
    }
    return n instanceof BigDecimal d ? d.negate() : n instanceof BigInteger i ? i.negate() : -((Number) n).doubleValue();
  }

  private static Object combine(Expression.Operator op, Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    if (op == Expression.Operator.CONCAT) {
      return a.toString() + b;
    }
    if (integral(a) && integral(b)) {
      long x = ((Number) a).longValue();
      long y = ((Number) b).longValue();
      return switch (op) {
        case ADD -> x + y;
        case SUBTRACT -> x - y;
        case MULTIPLY -> x * y;
        default -> y == 0 ? null : x / y;
      };
    }
    if (a instanceof BigDecimal || b instanceof BigDecimal || a instanceof BigInteger || b instanceof BigInteger) {
      BigDecimal x = Numbers.decimal((Number) a);
      BigDecimal y = Numbers.decimal((Number) b);
      return switch (op) {
        case ADD -> x.add(y);
        case SUBTRACT -> x.subtract(y);
        case MULTIPLY -> x.multiply(y);
        default -> y.signum() == 0 ? null : x.divide(y, java.math.MathContext.DECIMAL128);
      };
    }
    double x = ((Number) a).doubleValue();
    double y = ((Number) b).doubleValue();
    return switch (op) {
      case ADD -> x + y;
      case SUBTRACT -> x - y;
      case MULTIPLY -> x * y;
      default -> x / y;
    };
  }

  static boolean integral(Object n) {
    return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
  }
}

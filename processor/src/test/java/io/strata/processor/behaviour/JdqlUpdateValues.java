package io.strata.processor.behaviour;

import io.strata.query.jdql.JdqlExpression;
import io.strata.query.jdql.JdqlParser;
import io.strata.query.jdql.JdqlStatement;
import jakarta.nosql.AttributeConverter;
import jakarta.nosql.Convert;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The values a JDQL {@code UPDATE}'s {@code SET} assigns to one entity, computed by the test from the entity as it was
 * before the update and the bound arguments: what {@link JdqlSameAnswersContract} expects of a generated method. It
 * walks the parser's tree with Jakarta Data 1.0's meanings (chapter "Jakarta Data Query Language": "Expressions",
 * "Numeric types and numeric type promotion") and calls none of Strata's evaluators, so that a wrong computation there
 * shows.
 *
 * <p>It knows exactly the forms the fixtures' {@code UPDATE}s use, and fails naming any other (teach it the form from
 * the specification when a fixture uses a new one):
 *
 * <ul>
 *   <li>{@code NULL}, a string or integer literal, a parameter (its argument), a property (its value before the
 *       update), and an enum constant written with its class, which takes the assigned property's enum type;
 *   <li>{@code -x} and {@code ABS(x)}: Java's, of {@code x}'s own type ({@code -ABS(0.0)} is {@code -0.0}, a NaN stays
 *       NaN, {@code -ABS} of an infinity is negative infinity);
 *   <li>{@code a + b}: Java's binary numeric promotion of {@code int}, {@code long}, {@code float} and {@code double}
 *       (the rules the specification quotes from Jakarta Persistence 4.7) and Java's sum;
 *   <li>{@code a || b} of two strings, and {@code LEFT(text, n)}: the first {@code n} characters, all of a shorter
 *       text;
 *   <li>a null operand makes the value null: the specification says so of functions and of arithmetic on wrapper types,
 *       and this reads it so of {@code ||} too (as SQL's concatenation is null).
 * </ul>
 *
 * <p>An integer overflow, whose result the specification leaves to the provider, fails rather than guess one. The value
 * must be of the assigned property's type (boxed): the only conversion known is that of a string literal assigned to a
 * {@code @Convert} property, a column value, so that the property holds its converter's entity value of it.
 */
final class JdqlUpdateValues {
  /** The number types known, widest first: the first one of two operands is their promoted type. */
  private static final List<Class<? extends Number>> NUMBERS =
      List.of(Double.class, Float.class, Long.class, Integer.class);

  private final String update;
  private final Object before;
  private final Function<String, Object> arguments;

  private JdqlUpdateValues(String update, Object before, Function<String, Object> arguments) {
    this.update = update;
    this.before = before;
    this.arguments = arguments;
  }

  /**
   * The value each property assigned by {@code update}'s {@code SET} holds after the update, by property name.
   *
   * @param before the entity as it was before the update (its class's fields are the properties)
   * @param arguments a parameter's argument by its JDQL name: {@code suffix} of {@code :suffix}, {@code 1} of {@code ?1}
   * @throws AssertionError naming a form of expression this does not know, an overflow, or a value it cannot assign
   */
  static Map<String, Object> assigned(String update, Object before, Function<String, Object> arguments)
      throws ReflectiveOperationException {
    JdqlUpdateValues values = new JdqlUpdateValues(update, before, arguments);
    Map<String, Object> assigned = new LinkedHashMap<>();
    for (JdqlStatement.Assignment a : ((JdqlStatement.Update) JdqlParser.parse(update)).assignments()) {
      Field property = before.getClass().getDeclaredField(a.target().dotted());
      assigned.put(property.getName(), values.assigned(property, a.value()));
    }
    return assigned;
  }

  private Object assigned(Field property, JdqlExpression value) throws ReflectiveOperationException {
    Class<?> type = property.getType();
    Convert convert = property.getAnnotation(Convert.class);
    String constantOfType = type.getCanonicalName() + ".";
    Object v;
    if (type.isEnum() && value instanceof JdqlExpression.Path p && p.dotted().startsWith(constantOfType)) {
      v = enumConstant(type, p.dotted().substring(constantOfType.length()));
    } else if (convert != null && value instanceof JdqlExpression.StringLiteral literal) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      AttributeConverter<Object, Object> converter = (AttributeConverter) convert.value().getDeclaredConstructor().newInstance();
      v = converter.convertToEntityAttribute(literal.value());
    } else {
      try {
        v = value(value);
      } catch (ArithmeticException overflow) {
        throw new AssertionError(update + ": " + property.getName() + "'s value overflows (" + overflow.getMessage()
            + "), which Jakarta Data leaves to the provider: give the test data that does not", overflow);
      }
    }
    if (v == null ? type.isPrimitive() : !MethodType.methodType(type).wrap().returnType().isInstance(v)) {
      throw new AssertionError(update + ": assigns " + v + (v == null ? "" : " (a " + v.getClass().getSimpleName() + ")")
          + " to the " + type.getSimpleName() + " property " + property.getName()
          + ", a conversion the test does not know: teach JdqlUpdateValues JDQL's");
    }
    return v;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, String name) {
    return Enum.valueOf((Class) type, name);
  }

  /** The value of {@code e}, of the Java type JDQL gives it. */
  private Object value(JdqlExpression e) throws ReflectiveOperationException {
    if (e instanceof JdqlExpression.NullLiteral) {
      return null;
    }
    if (e instanceof JdqlExpression.StringLiteral s) {
      return s.value();
    }
    if (e instanceof JdqlExpression.IntegerLiteral i) {
      return i.written();
    }
    if (e instanceof JdqlExpression.NamedParameter p) {
      return arguments.apply(p.name());
    }
    if (e instanceof JdqlExpression.OrdinalParameter p) {
      return arguments.apply(Integer.toString(p.position()));
    }
    if (e instanceof JdqlExpression.Path p) {
      return JakartaMethods.property(before, p.dotted());
    }
    if (e instanceof JdqlExpression.Unary u && u.sign() == JdqlExpression.Sign.MINUS) {
      return negate(value(u.operand()));
    }
    if (e instanceof JdqlExpression.Binary b && b.operator() == JdqlExpression.Operator.ADD) {
      return add(value(b.left()), value(b.right()));
    }
    if (e instanceof JdqlExpression.Binary b && b.operator() == JdqlExpression.Operator.CONCAT) {
      return concat(value(b.left()), value(b.right()));
    }
    if (e instanceof JdqlExpression.Call c && c.function() == JdqlExpression.Function.ABS) {
      return abs(value(c.arguments().get(0)));
    }
    if (e instanceof JdqlExpression.Call c && c.function() == JdqlExpression.Function.LEFT) {
      return left(value(c.arguments().get(0)), value(c.arguments().get(1)));
    }
    throw new AssertionError(update + ": the test does not know the expression at offset " + e.offset() + " (" + e
        + "): teach JdqlUpdateValues its meaning from Jakarta Data 1.0's chapter \"Jakarta Data Query Language\"");
  }

  private Object negate(Object n) {
    if (n == null) {
      return null;
    }
    Class<?> type = promoted(n, n);
    if (type == Double.class) {
      return -(Double) n;
    }
    if (type == Float.class) {
      return -(Float) n;
    }
    return type == Long.class ? (Object) Math.negateExact((Long) n) : (Object) Math.negateExact((Integer) n);
  }

  private Object abs(Object n) {
    if (n == null) {
      return null;
    }
    Class<?> type = promoted(n, n);
    if (type == Double.class) {
      return Math.abs((Double) n);
    }
    if (type == Float.class) {
      return Math.abs((Float) n);
    }
    return type == Long.class ? (Object) Math.absExact((Long) n) : (Object) Math.absExact((Integer) n);
  }

  private Object add(Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    Class<?> type = promoted(a, b);
    Number x = (Number) a;
    Number y = (Number) b;
    if (type == Double.class) {
      return x.doubleValue() + y.doubleValue();
    }
    if (type == Float.class) {
      return x.floatValue() + y.floatValue();
    }
    return type == Long.class ? (Object) Math.addExact(x.longValue(), y.longValue())
        : (Object) Math.addExact(x.intValue(), y.intValue());
  }

  private Object concat(Object a, Object b) {
    return a == null || b == null ? null : text(a) + text(b);
  }

  private Object left(Object text, Object count) {
    if (text == null || count == null) {
      return null;
    }
    String s = text(text);
    return s.substring(0, (int) Math.min(s.length(), integer(count)));
  }

  /** Java's binary numeric promotion of {@code a} and {@code b}: the wider of their types. */
  private Class<?> promoted(Object a, Object b) {
    for (Object n : List.of(a, b)) {
      if (NUMBERS.stream().noneMatch(type -> type == n.getClass())) {
        throw new AssertionError(update + ": " + n + " (a " + n.getClass().getSimpleName() + ") is not a number type the test"
            + " knows (" + NUMBERS + "): teach JdqlUpdateValues Jakarta Data's arithmetic of it");
      }
    }
    return NUMBERS.stream().filter(type -> type == a.getClass() || type == b.getClass()).findFirst().orElseThrow();
  }

  private String text(Object s) {
    if (!(s instanceof String text)) {
      throw new AssertionError(update + ": " + s + " is not text, which JDQL's || and LEFT take");
    }
    return text;
  }

  private long integer(Object n) {
    if (!(n instanceof Integer || n instanceof Long)) {
      throw new AssertionError(update + ": " + n + " is not an integer, which LEFT's length is");
    }
    return ((Number) n).longValue();
  }
}

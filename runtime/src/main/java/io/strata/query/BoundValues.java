package io.strata.query;

import io.strata.query.model.Condition;
import io.strata.query.model.Expression;
import io.strata.query.model.Operand;
import io.strata.query.model.ValueKind;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The check of the values bound to a JDQL finder's parameters, made once per terminal before anything is read: each
 * bound value compared with a property must be one the property holds, as its kind ({@link ValueKind}) says, a
 * converted property's value taken as its column value: text for {@code STRING}, any {@link Number} for a numeric
 * kind (Jakarta Data compares numbers by value across types; the reads convert them to the property's type, so a
 * whole-number kind's must be a whole number in its range, as a JDQL literal must), a constant of an enum for
 * {@code ENUM}, and so on; and one value, never a collection (JDQL's {@code IN} takes a parameter per value). Else
 * the reads would convert it to the wrong key element (a {@code ClassCastException}, or keys of another type that
 * silently match nothing). The literals of the query were checked when it was translated; they are not checked again.
 */
final class BoundValues {
  private BoundValues() {}

  /**
   * Refuses a value bound to one of {@code where}'s parameters that the property it is compared with cannot hold, with
   * an {@link IllegalArgumentException} naming the parameter, the property, its kind and the value's type. Unbound
   * parameters and null values are left to the reads (an unbound one is refused there, naming it).
   *
   * @param kinds each property's kind (null: not known, its values not checked)
   * @param column a property's value as its comparisons take it ({@code (name, value) -> column value})
   */
  static void check(Condition where, Map<String, Object> params, Function<String, ValueKind> kinds,
      BiFunction<String, Object, Object> column) {
    if (where instanceof Condition.And and) {
      and.parts().forEach(p -> check(p, params, kinds, column));
    } else if (where instanceof Condition.Or or) {
      or.parts().forEach(p -> check(p, params, kinds, column));
    } else if (where instanceof Condition.Not not) {
      check(not.part(), params, kinds, column);
    } else if (where instanceof Condition.Test t) {
      // a parameter compared with a property directly takes the property's form, as in a comparison (ExpressionValues)
      if (t.left() instanceof Expression.Path p) {
        t.right().forEach(r -> check(p.name(), r, params, kinds, column));
      } else if (t.right().size() == 1 && t.right().get(0) instanceof Expression.Path p) {
        check(p.name(), t.left(), params, kinds, column);
      }
    } else {
      Condition.Compare c = (Condition.Compare) where;
      c.operands().forEach(o -> check(c.field(), o, params, kinds, column));
    }
  }

  private static void check(String field, Expression e, Map<String, Object> params, Function<String, ValueKind> kinds,
      BiFunction<String, Object, Object> column) {
    if (e instanceof Expression.Value v) {
      check(field, v.operand(), params, kinds, column);
    }
  }

  /** The check of one operand: a parameter the caller bound (not a literal's, named {@code $0}, ... by {@link Shapes}). */
  private static void check(String field, Operand operand, Map<String, Object> params, Function<String, ValueKind> kinds,
      BiFunction<String, Object, Object> column) {
    if (!(operand instanceof Operand.Param p) || p.name().startsWith("$") || params.get(p.name()) == null) {
      return;
    }
    ValueKind kind = kinds.apply(field);
    String expected = kind == null ? null : expected(kind);
    if (expected == null) {
      return;
    }
    String name = p.name();
    Object value = params.get(name);
    boolean positional = name.chars().allMatch(Character::isDigit);
    String bound = "bind(" + (positional ? name : "\"" + name + "\"") + ", " + shown(value) + "): parameter "
        + (positional ? "?" : "") + name + " is compared with " + field + ", which holds " + kind + " values, and "
        + shown(value) + " is ";
    if (value instanceof Collection<?>) {
      throw new IllegalArgumentException(bound + "a collection, where one value is compared; bind " + expected
          + ", or write " + field + " IN (:a, :b) with a parameter per value");
    }
    Object held = column.apply(field, value);
    String type = value.getClass().getSimpleName().isEmpty() ? value.getClass().getName() : value.getClass().getSimpleName();
    String typed = ("AEIOU".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
    if (!holds(kind, held)) {
      throw new IllegalArgumentException(bound + typed + "; bind " + expected);
    }
    if (held instanceof Number n && kind != ValueKind.DOUBLE && kind != ValueKind.FLOAT && BoundScans.exact(kind, n) == null) {
      // read as the property's own type (BoundScans.typed), as a JDQL literal must be: a fraction would be cut off
      throw new IllegalArgumentException(bound + typed + " that " + kind + " does not hold exactly; bind a whole number in "
          + "the range of its type");
    }
  }

  /** Whether {@code value}, a column value, is one of {@code kind}'s. */
  private static boolean holds(ValueKind kind, Object value) {
    return switch (kind) {
      case STRING -> value instanceof String;
      case CHAR -> value instanceof Character;
      case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BIG_INTEGER, BIG_DECIMAL -> value instanceof Number;
      case BOOLEAN -> value instanceof Boolean;
      case UUID -> value instanceof UUID;
      case BYTES -> value instanceof byte[];
      case ENUM -> value instanceof Enum<?>;
      case INSTANT -> value instanceof Instant;
      case LOCAL_DATE -> value instanceof LocalDate;
      case LOCAL_DATE_TIME -> value instanceof LocalDateTime;
      case LOCAL_TIME -> value instanceof LocalTime;
      case DURATION -> value instanceof Duration;
      default -> true;
    };
  }

  /** What a value of {@code kind} is, as the message asks for it; null for a kind no query compares by value. */
  private static String expected(ValueKind kind) {
    return switch (kind) {
      case STRING -> "a String";
      case CHAR -> "a Character";
      case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BIG_INTEGER, BIG_DECIMAL -> "a number";
      case BOOLEAN -> "a Boolean";
      case UUID -> "a UUID";
      case BYTES -> "a byte[]";
      case ENUM -> "a constant of its enum";
      case INSTANT -> "an Instant";
      case LOCAL_DATE -> "a LocalDate";
      case LOCAL_DATE_TIME -> "a LocalDateTime";
      case LOCAL_TIME -> "a LocalTime";
      case DURATION -> "a Duration";
      default -> null;
    };
  }

  /** {@code value} as the message shows it: text quoted, as it was bound. */
  private static String shown(Object value) {
    return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
  }
}

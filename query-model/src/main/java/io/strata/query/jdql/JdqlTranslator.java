package io.strata.query.jdql;

import io.strata.query.jdql.JdqlExpression.Function;
import io.strata.query.model.Condition;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Binds a parsed JDQL {@code SELECT} to one entity as query-model values ({@link JdqlSelect}). A property (or {@code
 * UPPER}/{@code LOWER} of one) set against parameters or literals becomes a {@link Condition.Compare}, which a planner
 * may serve from an index; any other condition (arithmetic, other functions, two properties or none compared, {@code
 * LOCAL DATE}) becomes a {@link Condition.Test} of {@link JdqlExpressions}, checked on each entity read. A name that is
 * no property, or a literal its property cannot hold, is a {@link JdqlTranslationException} at its position.
 */
final class JdqlTranslator {
  private final String query;
  private final EntityInfo entity;
  private final EnumConstants enums;
  private final JdqlExpressions expressions;
  /** Whether a number, text or boolean literal stays the value JDQL writes rather than becoming its property's type. */
  private final boolean asWritten;
  /**
   * Whether a whole-number literal compared with a {@code double} or {@code float} property stays the whole number JDQL
   * writes (once its property's type is known to hold it exactly), so that it compares by value as Jakarta Data's
   * generated checks do ({@code score >= 0} takes a stored {@code -0.0}); else it becomes a value of the property's type.
   */
  private final boolean wholeNumbersByValue;

  JdqlTranslator(String query, EntityInfo entity, EnumConstants enums) {
    this(query, entity, enums, false);
  }

  /** A run-time finder's translator in {@code semantics}: literals of their property's type, but see {@link #wholeNumbersByValue}. */
  JdqlTranslator(String query, EntityInfo entity, EnumConstants enums, Semantics semantics) {
    this(query, entity, enums, false, semantics == Semantics.JAKARTA);
  }

  /**
   * @param asWritten keep literals as JDQL writes them ({@code 0} an {@code Integer} whatever its property), for a
   *     repository's {@code @Query}, whose Jakarta Data checks compare numbers by value ({@code score >= 0} takes a
   *     stored {@code -0.0}, as {@code score >= 0.0} in a {@code Double} comparison would not)
   */
  JdqlTranslator(String query, EntityInfo entity, EnumConstants enums, boolean asWritten) {
    this(query, entity, enums, asWritten, false);
  }

  private JdqlTranslator(String query, EntityInfo entity, EnumConstants enums, boolean asWritten, boolean wholeNumbersByValue) {
    this.query = query;
    this.entity = entity;
    this.enums = enums;
    this.asWritten = asWritten;
    this.wholeNumbersByValue = wholeNumbersByValue;
    this.expressions = new JdqlExpressions(query, entity, enums, asWritten);
  }

  /** A property a query side names: {@code field}, or {@code UPPER(field)}/{@code LOWER(field)} when {@code function}. */
  private record Side(FieldInfo field, Function function) {
    boolean ignoreCase() {
      return function != null;
    }
  }

  JdqlSelect select(JdqlStatement statement) {
    if (!(statement instanceof JdqlStatement.Select select)) {
      throw error(0, "the run-time finder reads entities: " + (statement instanceof JdqlStatement.Update ? "UPDATE"
          : "DELETE") + " is for a @Query method of a repository; write [WHERE ...] [ORDER BY ...]");
    }
    select.selection().filter(s -> !(s instanceof JdqlStatement.SelectThis)).ifPresent(s -> {
      throw error(s.offset(), "the run-time finder returns whole entities: leave out this SELECT"
          + (s instanceof JdqlStatement.SelectCount ? " and call the finder's count()" : ""));
    });
    select.from().filter(from -> !from.name().equals(entity.name())).ifPresent(from -> {
      throw error(from.offset(), "'" + from.name() + "' is not the entity this finder queries, " + entity.name());
    });
    Condition where = select.where().map(this::condition).orElse(Condition.ALWAYS);
    List<SortKey> order = new ArrayList<>();
    for (JdqlStatement.OrderItem item : select.orderBy()) {
      FieldInfo field = property(item.key()).orElseThrow(() -> unknown(item.key()));
      if (!field.kind().isScalar() || field.kind() == ValueKind.BYTES) {
        throw error(item.key().offset(), field.name() + " holds " + field.kind() + " values, which have no order");
      }
      order.add(new SortKey(field.name(), item.descending(), false));
    }
    return new JdqlSelect(where, order);
  }

  /** A {@code WHERE} condition of any statement, bound to the entity. */
  Condition where(JdqlCondition c) {
    return condition(c);
  }

  private Condition condition(JdqlCondition c) {
    if (c instanceof JdqlCondition.And and) {
      List<Condition> parts = new ArrayList<>();
      flatten(and.left(), parts, true);
      flatten(and.right(), parts, true);
      return new Condition.And(parts);
    }
    if (c instanceof JdqlCondition.Or or) {
      List<Condition> parts = new ArrayList<>();
      flatten(or.left(), parts, false);
      flatten(or.right(), parts, false);
      return new Condition.Or(parts);
    }
    if (c instanceof JdqlCondition.Not not) {
      return new Condition.Not(condition(not.operand()));
    }
    if (c instanceof JdqlCondition.Comparison comparison) {
      return comparison(comparison);
    }
    if (c instanceof JdqlCondition.Between between) {
      return between(between);
    }
    if (c instanceof JdqlCondition.Like like) {
      Op op = like.negated() ? Op.NOT_LIKE : Op.LIKE;
      Optional<Side> tested = side(like.value());
      if (tested.isEmpty() || !held(tested.get(), like.pattern(), op)) {
        return test(like.value(), op, List.of(like.pattern()));
      }
      Side side = tested.get();
      if (side.field().kind() != ValueKind.STRING) {
        throw error(like.value().offset(), "LIKE matches text, and " + side.field().name() + " holds "
            + side.field().kind() + " values");
      }
      return compare(side, op, operand(like.pattern(), side, true));
    }
    if (c instanceof JdqlCondition.In in) {
      return in(in);
    }
    JdqlCondition.NullCheck check = (JdqlCondition.NullCheck) c;
    FieldInfo field = property(check.value()).orElseThrow(() -> unknown(check.value())); // the parser takes a path only
    return new Condition.Compare(field.name(), check.negated() ? Op.NOT_NULL : Op.IS_NULL);
  }

  /** {@code c}'s parts into {@code parts}: a chain {@code a AND b AND c} is one {@code And} of three. */
  private void flatten(JdqlCondition c, List<Condition> parts, boolean and) {
    if (and && c instanceof JdqlCondition.And a) {
      flatten(a.left(), parts, true);
      flatten(a.right(), parts, true);
    } else if (!and && c instanceof JdqlCondition.Or o) {
      flatten(o.left(), parts, false);
      flatten(o.right(), parts, false);
    } else {
      parts.add(condition(c));
    }
  }

  private Condition comparison(JdqlCondition.Comparison c) {
    Optional<Side> left = side(c.left());
    Optional<Side> right = side(c.right());
    Op op = c.comparator().op();
    if (left.isPresent() && held(left.get(), c.right(), op)) {
      return compare(left.get(), op, operand(c.right(), left.get(), false));
    }
    if (right.isPresent() && held(right.get(), c.left(), op)) {
      Op mirrored = switch (op) {
        case LESS_THAN -> Op.GREATER_THAN;
        case LESS_THAN_EQUAL -> Op.GREATER_THAN_EQUAL;
        case GREATER_THAN -> Op.LESS_THAN;
        case GREATER_THAN_EQUAL -> Op.LESS_THAN_EQUAL;
        default -> op;
      };
      return compare(right.get(), mirrored, operand(c.left(), right.get(), false));
    }
    return test(c.left(), op, List.of(c.right()));
  }

  /**
   * Whether a {@link Condition.Compare} of {@code side} holds {@code side op value}: {@code value} is a parameter, a
   * literal or (for an enum property) an enum constant, under {@code UPPER}/{@code LOWER} one the function leaves as
   * it is or applied to a parameter or literal too; and an order comparison is not of {@code LOWER}, since the finder
   * compares case-insensitively by upper case, which orders some characters ('_', '[') otherwise than lower case does.
   */
  private boolean held(Side side, JdqlExpression value, Op op) {
    if (side.function() != null) {
      boolean ordering = op != Op.EQUAL && op != Op.NOT_EQUAL && op != Op.IN && op != Op.NOT_IN;
      if (ordering && side.function() == Function.LOWER) {
        return false;
      }
      if (value instanceof JdqlExpression.Call call && call.function() == side.function()) {
        return held(new Side(side.field(), null), call.arguments().get(0), Op.EQUAL)
            && !(call.arguments().get(0) instanceof JdqlExpression.Path);
      }
      return value instanceof JdqlExpression.StringLiteral s && s.value().equals(apply(side.function(), s.value()));
    }
    if (value instanceof JdqlExpression.Path path) {
      return expressions.property(path).isEmpty() && side.field().kind() == ValueKind.ENUM;
    }
    return !(value instanceof JdqlExpression.IdOfThis || value instanceof JdqlExpression.Unary
        || value instanceof JdqlExpression.Binary || value instanceof JdqlExpression.Call
        || value instanceof JdqlExpression.CurrentTemporal);
  }

  /** {@code left op right...} as a test of expressions, checked on each entity read. */
  private Condition test(JdqlExpression left, Op op, List<JdqlExpression> right) {
    Optional<FieldInfo> leftField = expressions.property(left);
    Optional<FieldInfo> rightField = right.size() == 1 ? expressions.property(right.get(0)) : Optional.empty();
    return new Condition.Test(expressions.expression(left, rightField), op,
        right.stream().map(r -> expressions.expression(r, leftField)).toList());
  }

  /**
   * {@code value [NOT] BETWEEN low AND high}; {@code NOT BETWEEN} becomes {@code value < low OR value > high}, which
   * is false on a null value, as JDQL's {@code NOT BETWEEN} is.
   */
  private Condition between(JdqlCondition.Between b) {
    Optional<Side> tested = side(b.value());
    if (tested.isEmpty() || !held(tested.get(), b.low(), Op.BETWEEN) || !held(tested.get(), b.high(), Op.BETWEEN)) {
      Condition test = test(b.value(), Op.BETWEEN, List.of(b.low(), b.high()));
      return b.negated() ? new Condition.Not(test) : test;
    }
    Side side = tested.get();
    Operand low = operand(b.low(), side, false);
    Operand high = operand(b.high(), side, false);
    if (!b.negated()) {
      return new Condition.Compare(side.field().name(), Op.BETWEEN, List.of(low, high), side.ignoreCase());
    }
    return new Condition.Or(List.of(compare(side, Op.LESS_THAN, low), compare(side, Op.GREATER_THAN, high)));
  }

  /**
   * {@code value [NOT] IN (items)}: literals only, one {@code IN} of their list; with a parameter among them (each
   * item is one value), an {@code OR} of equalities ({@code AND} of inequalities for {@code NOT IN}).
   */
  private Condition in(JdqlCondition.In in) {
    Op op = in.negated() ? Op.NOT_IN : Op.IN;
    Side side = new Side(property(in.value()).orElseThrow(() -> unknown(in.value())), null); // a path only
    if (!in.items().stream().allMatch(item -> held(side, item, op))) {
      return test(in.value(), op, in.items());
    }
    List<Operand> items = new ArrayList<>();
    for (JdqlExpression item : in.items()) {
      items.add(operand(item, side, false));
    }
    if (items.stream().allMatch(Operand.Literal.class::isInstance)) {
      List<Object> values = items.stream().map(i -> ((Operand.Literal) i).value()).toList();
      return compare(side, op, new Operand.Literal(values));
    }
    List<Condition> each = items.stream().map(i -> compare(side, in.negated() ? Op.NOT_EQUAL : Op.EQUAL, i)).toList();
    return in.negated() ? new Condition.And(each) : new Condition.Or(each);
  }

  private Condition compare(Side side, Op op, Operand operand) {
    return new Condition.Compare(side.field().name(), op, List.of(operand), side.ignoreCase());
  }

  /**
   * The property {@code e} names: a path, {@code ID(THIS)}, or {@code UPPER}/{@code LOWER} of one; empty when it names
   * none (a parameter, a literal, an enum constant, an unknown name, another function).
   */
  private Optional<Side> side(JdqlExpression e) {
    if (e instanceof JdqlExpression.Call call) {
      Optional<FieldInfo> argument = call.arguments().isEmpty() ? Optional.empty() : property(call.arguments().get(0));
      if (argument.isEmpty()) {
        return Optional.empty();
      }
      if (call.function() != Function.UPPER && call.function() != Function.LOWER) {
        return Optional.empty();
      }
      FieldInfo field = argument.get();
      if (field.kind() != ValueKind.STRING && field.kind() != ValueKind.CHAR) {
        throw error(call.offset(), call.function() + " takes text, and " + field.name() + " holds " + field.kind()
            + " values");
      }
      return Optional.of(new Side(field, call.function()));
    }
    return property(e).map(field -> new Side(field, null));
  }

  private Optional<FieldInfo> property(JdqlExpression e) {
    return expressions.property(e);
  }

  /**
   * What {@code e} compares {@code side} with, a value {@link #held} takes: under {@code UPPER}/{@code LOWER}, the
   * value the function is applied to as well, or a literal it leaves as it is (the finder compares case-insensitively).
   *
   * @param text whether a literal is text whatever the property (a {@code LIKE} pattern)
   */
  private Operand operand(JdqlExpression e, Side side, boolean text) {
    if (side.function() != null) {
      if (e instanceof JdqlExpression.Call call) {
        return operand(call.arguments().get(0), new Side(side.field(), null), true);
      }
      return new Operand.Literal(((JdqlExpression.StringLiteral) e).value());
    }
    if (e instanceof JdqlExpression.NamedParameter p) {
      return new Operand.Param(p.name());
    }
    if (e instanceof JdqlExpression.OrdinalParameter p) {
      return new Operand.Param(Integer.toString(p.position()));
    }
    if (e instanceof JdqlExpression.Path path) {
      return new Operand.Literal(enumConstant(path, side.field()));
    }
    return new Operand.Literal(text ? text(e, side.field()) : literal(e, side.field()));
  }

  private static String apply(Function function, String value) {
    return function == Function.UPPER ? value.toUpperCase(Locale.ROOT) : value.toLowerCase(Locale.ROOT);
  }

  private String text(JdqlExpression e, FieldInfo field) {
    if (e instanceof JdqlExpression.StringLiteral s) {
      return s.value();
    }
    throw mismatch(e, field, "text");
  }

  /** A literal as a value of {@code field}'s Java type, when it is one exactly (or as JDQL writes it, {@link #asWritten}). */
  private Object literal(JdqlExpression e, FieldInfo field) {
    ValueKind kind = field.kind();
    if (asWritten) {
      Object value = e instanceof JdqlExpression.StringLiteral s ? s.value()
          : e instanceof JdqlExpression.BooleanLiteral b ? (Object) b.value()
          : e instanceof JdqlExpression.IntegerLiteral i ? i.written()
          : e instanceof JdqlExpression.DecimalLiteral d ? (d.isFloat() ? (Object) (float) d.value() : (Object) d.value())
          : null;
      if (value != null) {
        return value;
      }
    }
    if (e instanceof JdqlExpression.StringLiteral s) {
      if (kind == ValueKind.STRING) {
        return s.value();
      }
      if (kind == ValueKind.CHAR && s.value().length() == 1) {
        return s.value().charAt(0);
      }
    } else if (e instanceof JdqlExpression.BooleanLiteral b && kind == ValueKind.BOOLEAN) {
      return b.value();
    } else if (e instanceof JdqlExpression.IntegerLiteral i) {
      Object value = kind.exact(BigDecimal.valueOf(i.value()));
      if (value != null && wholeNumbersByValue && (kind == ValueKind.DOUBLE || kind == ValueKind.FLOAT)) {
        return i.written();
      }
      if (value != null) {
        return value;
      }
    } else if (e instanceof JdqlExpression.DecimalLiteral d) {
      Object value = kind == ValueKind.DOUBLE ? (Object) d.value()
          : kind == ValueKind.FLOAT && (d.isFloat() || (double) (float) d.value() == d.value()) ? (Object) (float) d.value()
          : kind.exact(BigDecimal.valueOf(d.value()));
      if (value != null) {
        return value;
      }
    }
    throw mismatch(e, field, switch (kind) {
      case STRING -> "text";
      case CHAR -> "one character";
      case BOOLEAN -> "TRUE or FALSE";
      case LONG, INT, SHORT, BYTE, BIG_INTEGER -> "a whole number in the range of its type";
      case DOUBLE, FLOAT, BIG_DECIMAL -> "a number its type holds exactly";
      case ENUM -> "a constant written with its enum's qualified name";
      default -> null;
    });
  }

  /** The enum constant a qualified path names ({@code com.example.Status.ACTIVE}), for an enum property. */
  private Object enumConstant(JdqlExpression.Path path, FieldInfo field) {
    return expressions.enumConstant(path, Optional.of(field));
  }

  private JdqlTranslationException mismatch(JdqlExpression e, FieldInfo field, String expected) {
    String written = query.substring(e.offset(), end(e));
    return error(e.offset(), written + " is not a value of " + field.name() + ", which holds " + field.kind()
        + " values: " + (expected == null ? "JDQL has no literal of them, pass the value as a parameter"
            : "write " + expected + ", or pass the value as a parameter"));
  }

  /** Where the literal at {@code e} ends: its text runs to the next character that cannot continue it. */
  private int end(JdqlExpression e) {
    int i = e.offset();
    if (e instanceof JdqlExpression.StringLiteral) {
      for (i++; i < query.length(); i++) {
        if (query.charAt(i) == '\'') {
          if (i + 1 < query.length() && query.charAt(i + 1) == '\'') {
            i++;
          } else {
            return i + 1;
          }
        }
      }
      return query.length();
    }
    i++; // a sign or the first character
    while (i < query.length() && (Character.isLetterOrDigit(query.charAt(i)) || query.charAt(i) == '.'
        || query.charAt(i) == '_' || (query.charAt(i) == '-' || query.charAt(i) == '+')
        && Character.toUpperCase(query.charAt(i - 1)) == 'E')) {
      i++;
    }
    return i;
  }

  private JdqlTranslationException unknown(JdqlExpression e) {
    JdqlExpression named = e instanceof JdqlExpression.Call call && !call.arguments().isEmpty()
        ? call.arguments().get(0) : e;
    String what = named instanceof JdqlExpression.Path p ? "'" + p.dotted() + "'" : "this";
    return error(named.offset(), what + " is not a property of " + entity.name() + "; its properties are " + names());
  }

  private List<String> names() {
    return entity.fields().stream().map(FieldInfo::name).toList();
  }

  private JdqlTranslationException error(int offset, String reason) {
    return new JdqlTranslationException(query, offset, reason);
  }
}

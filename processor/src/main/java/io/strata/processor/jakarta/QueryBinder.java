package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.strata.processor.codegen.PredicateWriter;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.ValueType;
import io.strata.query.jdql.JdqlCondition;
import io.strata.query.jdql.JdqlExpression;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Binds a JDQL condition or value to one entity and the method's parameters, as Java code over an entity named
 * {@code e}: property paths become the entity's getters, enum constants their Java names, parameters the method's
 * parameters, and every operator a call of the run-time {@code Values} (which gives JDQL's meaning to nulls, mixed
 * numbers and one-character text). An unknown property or parameter is a {@link BindException} at its position.
 * {@code JdqlReader} has every condition bound here ({@link #bind}, so each name is checked) and writes it, as the query
 * model holds it, with {@link PredicateWriter}; {@link #value} writes the values of {@code SET}.
 */
final class QueryBinder {
  static final ClassName VALUES = PredicateWriter.VALUES;

  /** A query error at a 0-based offset of the query text. */
  static final class BindException extends RuntimeException {
    final int offset;

    BindException(String message, int offset) {
      super(message);
      this.offset = offset;
    }
  }

  private final EntityModel entity;
  private final Map<String, FieldModel> fields;
  private final Function<Integer, String> positional;
  private final Function<String, String> named;
  private final Elements elements;

  /**
   * @param positional the Java parameter for {@code ?n} (1-based), null when there is none
   * @param named the Java parameter for {@code :name}, null when there is none
   */
  QueryBinder(EntityModel entity, Function<Integer, String> positional, Function<String, String> named, Elements elements) {
    this.entity = entity;
    this.fields = new java.util.LinkedHashMap<>();
    entity.fields().forEach(f -> fields.put(f.name(), f));
    this.positional = positional;
    this.named = named;
    this.elements = elements;
  }

  /** The field a path names ({@code name}, {@code this.name}, {@code id(this)}); a {@link BindException} otherwise. */
  FieldModel property(JdqlExpression e) {
    if (e instanceof JdqlExpression.IdOfThis) {
      return entity.id();
    }
    if (e instanceof JdqlExpression.Path p) {
      List<String> names = p.names().size() > 1 && p.names().get(0).equalsIgnoreCase("this") ? p.names().subList(1, p.names().size()) : p.names();
      FieldModel f = names.size() == 1 ? fields.get(names.get(0)) : null;
      if (f != null) {
        return f;
      }
      throw new BindException("'" + p.dotted() + "' is not a persistent property of " + entity.type().simpleName()
          + "; its properties are " + fields.keySet(), p.offset());
    }
    throw new BindException("expected a property of " + entity.type().simpleName(), e.offset());
  }

  /**
   * Binds every name {@code c} uses (properties, enum constants, parameters), so that an unknown one is a
   * {@link BindException} at its position.
   */
  void bind(JdqlCondition c) {
    for (JdqlCondition leaf : JdqlCondition.leaves(c, true)) {
      if (leaf instanceof JdqlCondition.Comparison cmp) {
        bind(cmp.left());
        bind(cmp.right());
      } else if (leaf instanceof JdqlCondition.Between b) {
        List.of(b.value(), b.low(), b.high()).forEach(this::bind);
      } else if (leaf instanceof JdqlCondition.Like l) {
        bind(l.value());
        bind(l.pattern());
      } else if (leaf instanceof JdqlCondition.In in) {
        bind(in.value());
        in.items().forEach(this::bind);
      } else {
        bind(((JdqlCondition.NullCheck) leaf).value());
      }
    }
  }

  /** The property {@code e} names, or null when it names none (an enum constant, a literal, an unknown name). */
  FieldModel propertyOrNull(JdqlExpression e) {
    if ((e instanceof JdqlExpression.Path p && enumConstant(p) != null) || !(e instanceof JdqlExpression.Path || e instanceof JdqlExpression.IdOfThis)) {
      return null;
    }
    try {
      return property(e);
    } catch (BindException unknown) {
      return null;
    }
  }

  /** The Java parameter a JDQL parameter {@code e} binds, or null when {@code e} is no parameter or binds none. */
  String parameterOrNull(JdqlExpression e) {
    if (e instanceof JdqlExpression.NamedParameter n) {
      return named == null ? null : named.apply(n.name());
    }
    if (e instanceof JdqlExpression.OrdinalParameter o) {
      return positional == null ? null : positional.apply(o.position());
    }
    return null;
  }

  /**
   * A literal whose value an index key of {@code property} holds exactly: a string for a {@code String}, an integer in
   * range for an integral property (or a decimal rounded to one, as {@link #integral} says), a boolean for a {@code boolean}, a constant of the property's own enum, and a
   * number for a floating-point or {@code BigDecimal} property as {@link #number} says (for a {@code float}, possibly a
   * bound rounded outwards).
   *
   * @param type the property's Java type, which a local holding the value is declared with
   * @param code the value, as Java code of that type
   * @param text the literal as the query writes it (and, rounded to a {@code float}, the value it was rounded to)
   */
  record Literal(TypeName type, CodeBlock code, String text) {}

  /**
   * How a number literal the property's keys cannot hold exactly may stand in an index read: not at all (an equality
   * needs both roundings, as a range), or as the nearest value of the property's type below it or above it. For a
   * {@code float} ({@code 0.1}) a bound is rounded outwards: floating bounds are read inclusively and the predicate
   * compares the literal itself, so it keeps every row the predicate accepts. For an integral property ({@code 2.5})
   * {@code JdqlReader} picks the side that reads exactly the integers the comparison accepts.
   */
  enum Rounding { NONE, DOWN, UP }

  /**
   * The literal {@code e} as a value of {@code property}'s type, rounded as {@code rounding} allows when that type cannot
   * hold it exactly, or empty when it is no such literal.
   */
  Optional<Literal> literal(JdqlExpression e, FieldModel property, Rounding rounding) {
    ValueType t = property.queryType();
    TypeName type = t.type();
    if (e instanceof JdqlExpression.StringLiteral s && t.kind() == ValueType.Kind.STRING) {
      return Optional.of(new Literal(type, CodeBlock.of("$S", s.value()), "'" + s.value().replace("'", "''") + "'"));
    }
    if (e instanceof JdqlExpression.BooleanLiteral b && t.kind() == ValueType.Kind.BOOLEAN) {
      return Optional.of(new Literal(type, CodeBlock.of("$L", b.value()), b.value() ? "TRUE" : "FALSE"));
    }
    if ((e instanceof JdqlExpression.IntegerLiteral || e instanceof JdqlExpression.DecimalLiteral)
        && EnumSet.of(ValueType.Kind.DOUBLE, ValueType.Kind.FLOAT, ValueType.Kind.BIG_DECIMAL).contains(t.kind())) {
      return number(e, t, rounding);
    }
    long[] range = switch (t.kind()) {
      case LONG -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
      case INT -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
      case SHORT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
      case BYTE -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
      default -> null;
    };
    if (range != null && (e instanceof JdqlExpression.IntegerLiteral || e instanceof JdqlExpression.DecimalLiteral)) {
      TypeName primitive = type.isBoxedPrimitive() ? type.unbox() : type;
      return integral(e, range, rounding).map(whole -> new Literal(type, CodeBlock.of("($T) $LL", primitive, whole.longValueExact()),
          !(e instanceof JdqlExpression.DecimalLiteral d) ? whole.toPlainString() : wholeNumber(d) ? decimalText(d)
              : decimalText(d) + " rounded " + (rounding == Rounding.DOWN ? "down" : "up") + " to " + whole.toPlainString()));
    }
    if (e instanceof JdqlExpression.Path p && t.kind() == ValueType.Kind.ENUM) {
      CodeBlock constant = enumConstant(p);
      if (constant != null && TypeName.get(elements.getTypeElement(String.join(".", p.names().subList(0, p.names().size() - 1)))
          .asType()).equals(type)) {
        return Optional.of(new Literal(type, constant, String.join(".", p.names())));
      }
    }
    return Optional.empty();
  }

  /**
   * A number literal compared with an integral property whose type holds the values in {@code range}: an integer, a
   * decimal with no fraction, or a decimal rounded to the integer on the side {@code rounding} says (none for
   * {@link Rounding#NONE}); empty when the integer is out of range. The predicate compares the property with the
   * decimal by value, as {@code BigDecimal.valueOf} of the {@code double} ({@code Values.decimal}; a {@code float}
   * literal widened first), and so is the decimal rounded here.
   */
  private static Optional<BigDecimal> integral(JdqlExpression e, long[] range, Rounding rounding) {
    BigDecimal whole;
    if (e instanceof JdqlExpression.IntegerLiteral i) {
      whole = BigDecimal.valueOf(i.value());
    } else {
      JdqlExpression.DecimalLiteral d = (JdqlExpression.DecimalLiteral) e;
      if (!Double.isFinite(d.value()) || (rounding == Rounding.NONE && !wholeNumber(d))) {
        return Optional.empty();
      }
      whole = decimal(d).setScale(0, rounding == Rounding.UP ? java.math.RoundingMode.CEILING : java.math.RoundingMode.FLOOR);
    }
    return whole.compareTo(BigDecimal.valueOf(range[0])) >= 0 && whole.compareTo(BigDecimal.valueOf(range[1])) <= 0
        ? Optional.of(whole) : Optional.empty();
  }

  /** A decimal literal's value as the predicate compares it with an integer ({@code Values.decimal}). */
  private static BigDecimal decimal(JdqlExpression.DecimalLiteral d) {
    return BigDecimal.valueOf(d.isFloat() ? (double) (float) d.value() : d.value());
  }

  private static boolean wholeNumber(JdqlExpression.DecimalLiteral d) {
    return Double.isFinite(d.value()) && decimal(d).stripTrailingZeros().scale() <= 0;
  }

  private static String decimalText(JdqlExpression.DecimalLiteral d) {
    return d.isFloat() ? Float.toString((float) d.value()) + "F" : Double.toString(d.value());
  }

  /**
   * A number literal compared with a {@code double}, {@code float} or {@code BigDecimal} property, when an index read
   * bounded by the local's value keeps every row the predicate accepts. The predicate compares the property with the
   * literal as {@link #value} boxes it ({@code Integer}/{@code Long}, {@code Double}, {@code Float}) through
   * {@code Values.compare}: with {@code compareTo} when both are of one class, else as {@code BigDecimal.valueOf} of
   * each ({@code Values.decimal}), which orders doubles as {@code Double.compare} does, except that it makes
   * {@code -0.0} equal to {@code 0}; index keys hold {@code -0.0} as {@code 0.0} ({@code Elements.indexed}), so they too
   * find the two equal. So:
   *
   * <ul>
   *   <li>a {@code BigDecimal} property: any number, held as {@code BigDecimal.valueOf} of the literal computed at run
   *       time like the predicate's (its range bounds cover every scale; {@link ParameterTypes#indexable} plans no equality);
   *   <li>a literal of the property's own floating-point type ({@code 0.1} for a {@code double}, {@code 0.1F} for a
   *       {@code float}): its value, whatever it rounded to, is the value the predicate compares with. {@code 0.0} too:
   *       {@code Double.compare} puts a stored {@code -0.0} below {@code 0.0} while both keys are {@code 0.0}, but a
   *       planned read takes an exclusive floating bound inclusively and reads rows, never only keys, for a floating
   *       condition ({@code ScanCode.indexScan}, {@code JakartaPlanner}), so the predicate tells the zeros apart;
   *   <li>any other number (an integer, a {@code double} literal for a {@code float}, a {@code float} one for a
   *       {@code double}): a value the property's type holds exactly ({@code 10.5} or {@code 0} for a {@code float}), or,
   *       for a {@code float} property and a literal no {@code float} holds ({@code 0.1}, which the predicate compares as
   *       0.1 and a float key as 0.100000001…), the nearest {@code float} on the side {@code rounding} says (none for
   *       {@link Rounding#NONE}).
   * </ul>
   */
  private static Optional<Literal> number(JdqlExpression e, ValueType t, Rounding rounding) {
    TypeName type = t.type();
    boolean integer = e instanceof JdqlExpression.IntegerLiteral;
    long whole = integer ? ((JdqlExpression.IntegerLiteral) e).value() : 0;
    double value = integer ? whole : ((JdqlExpression.DecimalLiteral) e).value();
    boolean isFloat = !integer && ((JdqlExpression.DecimalLiteral) e).isFloat();
    String text = integer ? Long.toString(whole) : decimalText((JdqlExpression.DecimalLiteral) e);
    if (t.kind() == ValueType.Kind.BIG_DECIMAL) {
      return Optional.of(new Literal(type, integer ? CodeBlock.of("$T.valueOf($LL)", BigDecimal.class, whole)
          : CodeBlock.of("$T.valueOf($Ld)", BigDecimal.class, Double.toString(value)), text));
    }
    boolean floatProperty = t.kind() == ValueType.Kind.FLOAT;
    boolean sameClass = !integer && isFloat == floatProperty;
    boolean exact = (!integer || new BigDecimal(value).compareTo(BigDecimal.valueOf(whole)) == 0)
        && (!floatProperty || (double) (float) value == value);
    if (!sameClass && !exact) {
      if (!floatProperty || rounding == Rounding.NONE) {
        return Optional.empty();
      }
      float f = (float) value;
      if (rounding == Rounding.DOWN && f > value) {
        f = Math.nextDown(f);
      } else if (rounding == Rounding.UP && f < value) {
        f = Math.nextUp(f);
      }
      return Optional.of(new Literal(type, CodeBlock.of("$Lf", Float.toString(f)), text + " rounded "
          + (rounding == Rounding.DOWN ? "down" : "up") + " to the float " + f));
    }
    return Optional.of(new Literal(type, floatProperty ? CodeBlock.of("$Lf", Float.toString((float) value))
        : CodeBlock.of("$Ld", Double.toString(value)), text));
  }

  /**
   * Binds every name {@code e} uses: a property or enum constant a path names, each parameter; an unknown one is a
   * {@link BindException} at its position. The value itself is written by the one expression writer
   * ({@code PredicateWriter.value} of the query model's expression).
   */
  void bind(JdqlExpression e) {
    if (e instanceof JdqlExpression.Path p) {
      if (enumConstant(p) == null) {
        property(p);
      }
    } else if (e instanceof JdqlExpression.NamedParameter n) {
      if (named == null || named.apply(n.name()) == null) {
        throw new BindException("the method has no parameter named '" + n.name() + "' (nor one with @Param(\"" + n.name()
            + "\")); compile with -parameters or annotate the parameter", n.offset());
      }
    } else if (e instanceof JdqlExpression.OrdinalParameter o) {
      if (positional == null || positional.apply(o.position()) == null) {
        throw new BindException("?" + o.position() + " has no parameter: the method's query parameters are numbered from 1", o.offset());
      }
    } else if (e instanceof JdqlExpression.Unary u) {
      bind(u.operand());
    } else if (e instanceof JdqlExpression.Binary b) {
      bind(b.left());
      bind(b.right());
    } else if (e instanceof JdqlExpression.Call call) {
      call.arguments().forEach(this::bind);
    }
  }

  /** A fully qualified enum constant ({@code com.example.Status.NEW}, nested enums too), or null. */
  private CodeBlock enumConstant(JdqlExpression.Path p) {
    if (p.names().size() < 2 || fields.containsKey(p.names().get(0))) {
      return null;
    }
    return enumConstant(String.join(".", p.names().subList(0, p.names().size() - 1)), p.names().get(p.names().size() - 1), p.offset());
  }

  /**
   * The constant {@code constant} of the enum class {@code type} (a canonical name) as Java code, or null when
   * {@code type} is no enum; a {@link BindException} at {@code offset} when the enum has no such constant.
   */
  CodeBlock enumConstant(String type, String constant, int offset) {
    TypeElement enumType = elements.getTypeElement(type);
    if (enumType == null || enumType.getKind() != ElementKind.ENUM) {
      return null;
    }
    boolean exists = enumType.getEnclosedElements().stream()
        .anyMatch(m -> m.getKind() == ElementKind.ENUM_CONSTANT && m.getSimpleName().contentEquals(constant));
    if (!exists) {
      throw new BindException(type + " has no constant " + constant, offset);
    }
    return CodeBlock.of("$T.$N", ClassName.get(enumType), constant);
  }
}

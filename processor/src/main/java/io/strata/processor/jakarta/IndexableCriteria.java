package io.strata.processor.jakarta;

import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.ValueType;
import io.strata.query.jdql.JdqlCondition;
import io.strata.query.jdql.JdqlExpression;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The conditions of one Jakarta Data query that an index can serve ({@link JakartaPlanner}): a property compared with a
 * method parameter of the property's own type (boxed or not), by an operator whose meaning on index keys is the meaning
 * Jakarta Data gives it. An equality on a decimal is read as the range from the value to the value, whose bounds cover
 * every scale (keys keep the scale, while {@code 1.0 = 1.00}), and an {@code In} on a decimal (not the id) as one such
 * range per value ({@code IndexScan.inEveryScale}; {@link JakartaPlanner} plans it only as an index read's last
 * condition). Ranges on enums and UUIDs are left to the predicate (their keys do not sort as Jakarta Data orders them).
 */
final class IndexableCriteria {
  private final Map<String, TypeMirror> parameterTypes;
  private final Function<String, TypeName> locals;
  private final Types types;

  /**
   * @param parameterTypes the method's value parameters, by their Java names
   * @param locals the type of a local the generated method declares for a JDQL literal (its property's), null for
   *     another name
   */
  IndexableCriteria(Map<String, TypeMirror> parameterTypes, Function<String, TypeName> locals, Types types) {
    this.parameterTypes = parameterTypes;
    this.locals = locals;
    this.types = types;
  }

  /** The criterion for {@code f op params}, or empty when an index cannot serve it exactly. */
  Optional<BoundCriterion> of(FieldModel f, Operator op, List<String> params) {
    ValueType t = f.queryType();
    if (!t.isScalar() || t.kind() == ValueType.Kind.BYTES) {
      return Optional.empty();
    }
    boolean fits = switch (op) {
      case TRUE, FALSE -> t.kind() == ValueType.Kind.BOOLEAN;
      case STARTING_WITH -> t.kind() == ValueType.Kind.STRING;
      case LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL, BETWEEN -> t.isOrdered();
      case EQUALS -> true;
      case IN -> t.kind() != ValueType.Kind.BIG_DECIMAL || !f.id();
      default -> false;
    };
    for (String p : params) {
      TypeMirror type = parameterTypes.get(p);
      TypeName local = locals.apply(p);
      fits &= local != null ? op != Operator.IN && sameType(local, t)
          : type != null && (op == Operator.IN ? collectionOf(type, t) : sameType(TypeName.get(type), t));
    }
    if (fits && op == Operator.EQUALS && t.kind() == ValueType.Kind.BIG_DECIMAL) {
      return Optional.of(new BoundCriterion(f, Operator.BETWEEN, List.of(params.get(0), params.get(0))));
    }
    return fits ? Optional.of(new BoundCriterion(f, op, params)) : Optional.empty();
  }

  private static boolean sameType(TypeName parameter, ValueType property) {
    return parameter.box().equals(property.type().box());
  }

  private boolean collectionOf(TypeMirror type, ValueType property) {
    return type instanceof DeclaredType d && d.getTypeArguments().size() == 1 && ParameterTypes.isA(types, types.erasure(type), "java.util.Collection")
        && sameType(TypeName.get(d.getTypeArguments().get(0)), property);
  }

  /**
   * The Java name of the method parameter a JDQL value binds, or of the local holding a literal compared with
   * {@code property} (rounded as {@code rounding} allows when the property's type cannot hold it exactly), or null.
   */
  @FunctionalInterface
  interface Operand {
    String name(FieldModel property, JdqlExpression value, QueryBinder.Rounding rounding);
  }

  /**
   * The criteria of a JDQL {@code WHERE}: its conjuncts of the form {@code property op parameter} (or mirrored), or null
   * when the condition is a disjunction at the top. A literal a {@code float} key cannot hold exactly bounds a range
   * rounded outwards, and an equality with it becomes the range between its two roundings.
   *
   * @param property the property a path names, or null (an enum constant, an unknown name)
   * @param parameter the parameter or local standing for a value compared with a property
   */
  List<BoundCriterion> ofJdql(JdqlCondition where, Function<JdqlExpression, FieldModel> property, Operand parameter) {
    if (where instanceof JdqlCondition.Or) {
      return null;
    }
    List<BoundCriterion> out = new ArrayList<>();
    leaves(where, false).forEach(c -> criterion(c, property, parameter, out));
    return out;
  }

  private void criterion(JdqlCondition c, Function<JdqlExpression, FieldModel> property, Operand parameter,
      List<BoundCriterion> out) {
    if (c instanceof JdqlCondition.Comparison cmp) {
      FieldModel left = property.apply(cmp.left());
      FieldModel right = property.apply(cmp.right());
      Optional<BoundCriterion> asWritten = left == null ? Optional.empty()
          : operator(cmp.comparator(), false).flatMap(op -> compared(left, op, cmp.right(), parameter));
      (asWritten.isPresent() || right == null ? asWritten
          : operator(cmp.comparator(), true).flatMap(op -> compared(right, op, cmp.left(), parameter))).ifPresent(out::add);
    } else if (c instanceof JdqlCondition.Between b && !b.negated()) {
      FieldModel f = property.apply(b.value());
      String low = f == null ? null : parameter.name(f, b.low(), rounding(f, Operator.GREATER_THAN_EQUAL));
      String high = f == null ? null : parameter.name(f, b.high(), rounding(f, Operator.LESS_THAN_EQUAL));
      if (f != null && low != null && high != null) {
        of(f, Operator.BETWEEN, List.of(low, high)).ifPresent(out::add);
      }
    }
  }

  /**
   * The criterion {@code f op value}: a bound's literal rounded as {@link #rounding} says, and an equality with a literal
   * the property's type cannot hold exactly read as the range between its two roundings (for a {@code float}, the floats
   * either side; for an integral property the range from the integer above to the one below, which holds no key).
   */
  private Optional<BoundCriterion> compared(FieldModel f, Operator op, JdqlExpression value, Operand parameter) {
    if (op == Operator.EQUALS) {
      String exact = parameter.name(f, value, QueryBinder.Rounding.NONE);
      if (exact != null) {
        return of(f, op, List.of(exact));
      }
      String low = parameter.name(f, value, rounding(f, Operator.GREATER_THAN_EQUAL));
      String high = parameter.name(f, value, rounding(f, Operator.LESS_THAN_EQUAL));
      return low == null || high == null ? Optional.empty() : of(f, Operator.BETWEEN, List.of(low, high));
    }
    String name = parameter.name(f, value, rounding(f, op));
    return name == null ? Optional.empty() : of(f, op, List.of(name));
  }

  /**
   * How a literal bounding {@code f} by {@code op} is rounded when {@code f}'s keys cannot hold it. A {@code float}'s bound
   * outwards (a lower one down, an upper one up): floating bounds are read inclusively. An integral property's so that the
   * read holds exactly the integers the comparison accepts, negative ones too: an exclusive bound down for {@code >} and
   * up for {@code <} ({@code size > 2.5} as {@code size > 2}, {@code size < -2.5} as {@code size < -2}), an inclusive one
   * inwards ({@code size >= 2.5} as {@code size >= 3}, {@code size <= -2.5} as {@code size <= -3}).
   */
  private static QueryBinder.Rounding rounding(FieldModel f, Operator op) {
    boolean lower = op == Operator.GREATER_THAN || op == Operator.GREATER_THAN_EQUAL;
    boolean integral = switch (f.queryType().kind()) {
      case LONG, INT, SHORT, BYTE -> true;
      default -> false;
    };
    boolean inclusive = op == Operator.GREATER_THAN_EQUAL || op == Operator.LESS_THAN_EQUAL;
    return lower == (integral && inclusive) ? QueryBinder.Rounding.UP : QueryBinder.Rounding.DOWN;
  }

  /** The conditions {@code c} joins with {@code OR} at its top ({@code c} itself when it is no {@code OR}). */
  static List<JdqlCondition> disjuncts(JdqlCondition c) {
    if (c instanceof JdqlCondition.Or or) {
      List<JdqlCondition> out = new ArrayList<>(disjuncts(or.left()));
      out.addAll(disjuncts(or.right()));
      return out;
    }
    return List.of(c);
  }

  /** How many conditions {@code c} joins with {@code AND} at its top (1 for a condition that is no {@code AND}). */
  static int conjuncts(JdqlCondition c) {
    return leaves(c, false).size();
  }

  /**
   * The conditions of {@code c} that are neither {@code AND}, nor (when {@code throughOrAndNot}) {@code OR} or
   * {@code NOT}: with {@code false}, those {@code c} joins with {@code AND} at its top; with {@code true}, every
   * comparison, {@code BETWEEN}, {@code IN}, {@code LIKE} and null test in it.
   */
  static List<JdqlCondition> leaves(JdqlCondition c, boolean throughOrAndNot) {
    List<JdqlCondition> out = new ArrayList<>();
    leaves(c, throughOrAndNot, out);
    return out;
  }

  private static void leaves(JdqlCondition c, boolean throughOrAndNot, List<JdqlCondition> out) {
    if (c instanceof JdqlCondition.And and) {
      leaves(and.left(), throughOrAndNot, out);
      leaves(and.right(), throughOrAndNot, out);
    } else if (throughOrAndNot && c instanceof JdqlCondition.Or or) {
      leaves(or.left(), true, out);
      leaves(or.right(), true, out);
    } else if (throughOrAndNot && c instanceof JdqlCondition.Not not) {
      leaves(not.operand(), true, out);
    } else {
      out.add(c);
    }
  }

  /** The operator of {@code property cmp parameter}, or of {@code parameter cmp property} when {@code mirrored}. */
  private static Optional<Operator> operator(JdqlCondition.Comparator cmp, boolean mirrored) {
    return Optional.ofNullable(switch (cmp) {
      case EQUAL -> Operator.EQUALS;
      case LESS -> mirrored ? Operator.GREATER_THAN : Operator.LESS_THAN;
      case LESS_EQUAL -> mirrored ? Operator.GREATER_THAN_EQUAL : Operator.LESS_THAN_EQUAL;
      case GREATER -> mirrored ? Operator.LESS_THAN : Operator.GREATER_THAN;
      case GREATER_EQUAL -> mirrored ? Operator.LESS_THAN_EQUAL : Operator.GREATER_THAN_EQUAL;
      case NOT_EQUAL -> null;
    });
  }
}

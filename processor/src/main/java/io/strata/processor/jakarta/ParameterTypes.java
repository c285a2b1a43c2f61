package io.strata.processor.jakarta;

import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.ValueType;
import io.strata.query.jdql.JdqlCondition;
import io.strata.query.jdql.JdqlExpression;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Whether a method parameter can be compared with the property a query condition binds it to, checked at compile time
 * so that a mismatch is a compile error on the parameter instead of a condition that never holds. Numbers compare with
 * numbers by value whatever their types (as {@code Values} does at run time: {@code Between} on a {@code long} id with
 * {@code int} bounds is fine), a {@code char} with a one-character {@code String} as well as with a {@code char}; every
 * other property takes its own type, boxed or not. An {@code In} takes a collection or an array of such values. A
 * parameter of a type variable or {@code Object} is left to run time.
 *
 * <p>It also says which conditions an index can serve ({@link #indexable}): only those whose operand has the property's
 * own type, so the key a read seeks is the one the property's values are stored under.
 */
final class ParameterTypes {
  private static final Set<ValueType.Kind> NUMBERS = EnumSet.of(ValueType.Kind.LONG, ValueType.Kind.INT, ValueType.Kind.SHORT,
      ValueType.Kind.BYTE, ValueType.Kind.DOUBLE, ValueType.Kind.FLOAT, ValueType.Kind.BIG_INTEGER, ValueType.Kind.BIG_DECIMAL);

  /** A parameter that cannot stand for the values of the property it is compared with, and what to declare instead. */
  record Mismatch(String parameter, FieldModel property, String fix) {}

  private final Types types;
  private final Map<String, TypeMirror> parameterTypes;
  private final Function<String, TypeName> locals;

  /**
   * @param parameterTypes the method's value parameters, by their Java names
   * @param locals the type of a local the generated method declares for a JDQL literal or a converted parameter (its
   *     property's), null for another name
   */
  ParameterTypes(Types types, Map<String, TypeMirror> parameterTypes, Function<String, TypeName> locals) {
    this.types = types;
    this.parameterTypes = parameterTypes;
    this.locals = locals;
  }

  /**
   * The criterion {@code f op params} an index can serve exactly, or empty: a property compared with parameters (or
   * locals) of its own type, boxed or not (an {@code In} with a collection of them), by an operator whose meaning on
   * index keys is the meaning Jakarta Data gives it. A range needs keys in the property's order
   * ({@link ValueType#isOrdered}: every scalar but enums and UUIDs; the predicate re-checks each candidate in Jakarta
   * Data's value order). An equality on a decimal is read as the range from the value to the value, whose bounds cover
   * every scale (keys keep the scale, while {@code 1.0 = 1.00}); an {@code In} on a decimal id is left to the predicate.
   */
  Optional<BoundCriterion> indexable(FieldModel f, Operator op, List<String> params) {
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
    return type instanceof DeclaredType d && d.getTypeArguments().size() == 1 && isA(types, types.erasure(type), "java.util.Collection")
        && sameType(TypeName.get(d.getTypeArguments().get(0)), property);
  }

  /** The mismatch of the method parameter named {@code parameter} compared with {@code property}, if any. */
  Optional<Mismatch> check(FieldModel property, String parameter, boolean many) {
    TypeMirror type = parameterTypes.get(parameter);
    return type == null ? Optional.empty() : mismatch(property, type, many).map(fix -> new Mismatch(parameter, property, fix));
  }

  /**
   * The mismatches of a JDQL condition: every comparison, {@code BETWEEN}, {@code IN} and {@code LIKE} of a property with
   * a parameter, wherever it stands ({@code OR}, {@code NOT} included).
   */
  List<Mismatch> ofJdql(JdqlCondition c, Function<JdqlExpression, FieldModel> property, Function<JdqlExpression, String> parameter) {
    List<Mismatch> out = new ArrayList<>();
    for (JdqlCondition leaf : JdqlCondition.leaves(c, true)) {
      compared(leaf, property, parameter).forEach(m -> check(m.getValue(), m.getKey(), false).ifPresent(out::add));
    }
    return out;
  }

  /** Each method parameter a JDQL leaf condition compares with a property ({@link #pairs}), with that property. */
  private static List<Map.Entry<String, FieldModel>> compared(JdqlCondition leaf, Function<JdqlExpression, FieldModel> property,
      Function<JdqlExpression, String> parameter) {
    List<Map.Entry<String, FieldModel>> out = new ArrayList<>();
    for (JdqlExpression[] pair : pairs(leaf)) {
      FieldModel f = property.apply(pair[0]);
      String p = parameter.apply(pair[1]);
      if (f != null && p != null) {
        out.add(Map.entry(p, f));
      }
    }
    return out;
  }

  /**
   * Each (property side, value side) pair a JDQL leaf condition compares: both ways round for a comparison, the value
   * with each bound of a {@code BETWEEN}, with each item of an {@code IN}, with a {@code LIKE}'s pattern.
   */
  private static List<JdqlExpression[]> pairs(JdqlCondition leaf) {
    List<JdqlExpression[]> out = new ArrayList<>();
    if (leaf instanceof JdqlCondition.Comparison cmp) {
      out.add(new JdqlExpression[] {cmp.left(), cmp.right()});
      out.add(new JdqlExpression[] {cmp.right(), cmp.left()});
    } else if (leaf instanceof JdqlCondition.Between b) {
      out.add(new JdqlExpression[] {b.value(), b.low()});
      out.add(new JdqlExpression[] {b.value(), b.high()});
    } else if (leaf instanceof JdqlCondition.In in) {
      in.items().forEach(item -> out.add(new JdqlExpression[] {in.value(), item}));
    } else if (leaf instanceof JdqlCondition.Like like) {
      out.add(new JdqlExpression[] {like.value(), like.pattern()});
    }
    return out;
  }

  /** Every operand of a JDQL leaf condition. */
  private static List<JdqlExpression> operands(JdqlCondition leaf) {
    if (leaf instanceof JdqlCondition.Comparison cmp) {
      return List.of(cmp.left(), cmp.right());
    } else if (leaf instanceof JdqlCondition.Between b) {
      return List.of(b.value(), b.low(), b.high());
    } else if (leaf instanceof JdqlCondition.In in) {
      List<JdqlExpression> out = new ArrayList<>(in.items());
      out.add(in.value());
      return out;
    } else if (leaf instanceof JdqlCondition.Like like) {
      return List.of(like.value(), like.pattern());
    }
    return List.of(((JdqlCondition.NullCheck) leaf).value());
  }

  /**
   * The parameters a JDQL condition compares with {@code @Convert} properties, each with the first such property: the query
   * compares the column value its converter makes of the parameter, wherever the parameter stands. A parameter that also
   * stands anywhere else (compared with a property of another converter or of none, or inside an expression), where that
   * column value would be wrong, goes into {@code conflicts} instead, with the converted property it meets.
   */
  Map<String, FieldModel> convertedInJdql(JdqlCondition c, Function<JdqlExpression, FieldModel> property,
      Function<JdqlExpression, String> parameter, Map<String, FieldModel> conflicts) {
    Map<String, Integer> uses = new HashMap<>();
    List<Map.Entry<String, FieldModel>> met = new ArrayList<>();
    for (JdqlCondition leaf : JdqlCondition.leaves(c, true)) {
      met.addAll(compared(leaf, property, parameter));
      operands(leaf).forEach(o -> countParameters(o, parameter, uses));
    }
    Map<String, FieldModel> converted = new LinkedHashMap<>();
    for (Map.Entry<String, FieldModel> m : met) {
      if (m.getValue().converter() != null && !converted.containsKey(m.getKey()) && !conflicts.containsKey(m.getKey())) {
        TypeName by = m.getValue().converter().type();
        long same = met.stream().filter(o -> o.getKey().equals(m.getKey()) && o.getValue().converter() != null
            && o.getValue().converter().type().equals(by)).count();
        (same == uses.get(m.getKey()) ? converted : conflicts).put(m.getKey(), m.getValue());
      }
    }
    return converted;
  }

  /** Counts each parameter {@code e} holds, itself or inside an arithmetic expression or a function call. */
  private static void countParameters(JdqlExpression e, Function<JdqlExpression, String> parameter, Map<String, Integer> uses) {
    String p = parameter.apply(e);
    if (p != null) {
      uses.merge(p, 1, Integer::sum);
    } else if (e instanceof JdqlExpression.Unary u) {
      countParameters(u.operand(), parameter, uses);
    } else if (e instanceof JdqlExpression.Binary b) {
      countParameters(b.left(), parameter, uses);
      countParameters(b.right(), parameter, uses);
    } else if (e instanceof JdqlExpression.Call call) {
      call.arguments().forEach(a -> countParameters(a, parameter, uses));
    }
  }

  /**
   * Why {@code parameter} cannot stand for values of {@code property}, or empty when it can.
   *
   * @param many whether the condition takes several values in one parameter ({@code In})
   */
  private Optional<String> mismatch(FieldModel property, TypeMirror parameter, boolean many) {
    TypeMirror value = parameter;
    if (many) {
      if (parameter instanceof ArrayType a) {
        value = a.getComponentType();
      } else if (parameter instanceof DeclaredType d && isIterable(types.erasure(d)) && d.getTypeArguments().size() == 1) {
        value = d.getTypeArguments().get(0);
      } else if (!(parameter instanceof DeclaredType d && isIterable(types.erasure(d)))) {
        return Optional.of("In takes a Collection or an array of " + expected(property.queryType()));
      } else {
        return Optional.empty(); // a raw collection: its elements are checked when called
      }
    }
    if (value.getKind() == TypeKind.TYPEVAR || value.getKind() == TypeKind.WILDCARD || value.toString().equals("java.lang.Object")) {
      return Optional.empty();
    }
    TypeName given = TypeName.get(value).box();
    if (property.converter() != null) {
      // converted to the column value before the query compares it
      TypeName attribute = property.converter().attribute().box();
      return given.equals(attribute) ? Optional.empty() : Optional.of("declare it as " + (many ? "a Collection or an array of " : "")
          + attribute + ", the type its @Convert converter takes");
    }
    ValueType t = property.queryType();
    boolean fits = NUMBERS.contains(t.kind()) ? isNumber(value)
        : t.kind() == ValueType.Kind.CHAR ? given.equals(TypeName.CHAR.box()) || given.toString().equals("java.lang.String")
        : given.equals(t.type().box());
    return fits ? Optional.empty() : Optional.of("declare it as " + (many ? "a Collection or an array of " : "") + expected(t));
  }

  private static String expected(ValueType t) {
    return NUMBERS.contains(t.kind()) ? "a number (" + t.type() + " or any numeric type)"
        : t.kind() == ValueType.Kind.CHAR ? "a char, a Character or a one-character String" : t.type().box().toString();
  }

  private boolean isNumber(TypeMirror t) {
    if (t.getKind().isPrimitive()) {
      return t.getKind() != TypeKind.BOOLEAN;
    }
    return isA(types, types.erasure(t), "java.lang.Number");
  }

  private boolean isIterable(TypeMirror erased) {
    return isA(types, erased, "java.lang.Iterable");
  }

  /** Whether the erased type {@code erased} is the class or interface {@code name}, or one of its subtypes. */
  static boolean isA(Types types, TypeMirror erased, String name) {
    if (erased.toString().equals(name)) {
      return true;
    }
    return types.directSupertypes(erased).stream().anyMatch(s -> isA(types, types.erasure(s), name));
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.query.model.Condition;
import io.strata.query.model.Expression;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import java.util.ArrayList;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one writer of in-memory predicates: a query model {@link Condition} as a Java {@code boolean} expression over an
 * entity named {@code e}, its parameters by name. The dialect is the {@link Semantics}:
 * <ul>
 *   <li>{@link Semantics#STRATA STRATA} compares the values as index keys hold them (the field's stored element against
 *       the query value's, through {@code io.strata.query.Matches}): what a residual condition of an index read must
 *       agree with, since the read itself compared keys;</li>
 *   <li>{@link Semantics#JAKARTA JAKARTA} compares the entity's Java values through {@code io.strata.jakarta.data.Values},
 *       Jakarta Data's value order, where a null value matches no comparison (and no negated one: {@code NOT} of a
 *       comparison is false on a null, {@code IS NOT NULL} being the exception).</li>
 * </ul>
 * {@code And} and {@code Or} join their parts with {@code &&} and {@code ||} in the order given. An operand is a
 * parameter, written as the Java name it is bound to, or (in Jakarta's checks) a literal, written as a Java literal of its
 * value ({@link #literal}).
 */
public final class PredicateWriter {
  private static final ClassName MATCHES = ClassName.get("io.strata.query", "Matches");
  /** Jakarta Data's comparisons of Java values, for generated code. */
  public static final ClassName VALUES = ClassName.get("io.strata.jakarta.data", "Values");

  private final Semantics semantics;
  private final Map<String, FieldModel> fields = new LinkedHashMap<>();
  private final ValueCode values;
  private final Function<String, String> parameters;

  private PredicateWriter(Semantics semantics, ValueCode values, Collection<FieldModel> fields, Function<String, String> parameters) {
    this.semantics = semantics;
    this.values = values;
    this.parameters = parameters;
    fields.forEach(f -> this.fields.put(f.name(), f));
  }

  /** Strata's checks of {@code fields} (an entity's, or document paths'), writing elements with {@code values}. */
  static PredicateWriter strata(ValueCode values, Collection<FieldModel> fields) {
    return new PredicateWriter(Semantics.STRATA, values, fields, Function.identity());
  }

  /** Jakarta Data's checks of {@code entity}'s properties, each parameter the Java variable of its name. */
  public static PredicateWriter jakarta(EntityModel entity) {
    return jakarta(entity, Function.identity());
  }

  /**
   * Jakarta Data's checks of {@code entity}'s properties, a parameter written as the Java variable {@code parameters}
   * names for it (a JDQL {@code ?1} is {@code Param("1")}, and a parameter compared with a {@code @Convert} property is
   * read from the local holding its column value).
   */
  public static PredicateWriter jakarta(EntityModel entity, Function<String, String> parameters) {
    return new PredicateWriter(Semantics.JAKARTA, new ValueCode(entity.codecName()), entity.fields(), parameters);
  }

  /** {@code c} as a Java {@code boolean} expression over {@code e}. */
  public CodeBlock write(Condition c) {
    if (c instanceof Condition.And and) {
      return join(and.parts(), " && ");
    }
    if (c instanceof Condition.Or or) {
      return join(or.parts(), " || ");
    }
    if (c instanceof Condition.Not not) {
      return not(not.part());
    }
    if (c instanceof Condition.Test test) {
      return tests().truth(test);
    }
    Condition.Compare cmp = (Condition.Compare) c;
    return semantics == Semantics.STRATA ? strata(cmp) : jakarta(cmp);
  }

  private CodeBlock join(List<Condition> parts, String operator) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (Condition part : parts) {
      // || binds looser than &&: an Or among an And's parts keeps its parentheses
      CodeBlock code = operator.equals(" && ") ? grouped(part) : write(part);
      b.add(b.isEmpty() ? "$L" : operator + "$L", code);
    }
    return b.build();
  }

  /** {@code part} as an operand of {@code &&} or {@code !}: parenthesised when it joins two or more parts itself. */
  private CodeBlock grouped(Condition part) {
    boolean compound = part instanceof Condition.Or or && or.parts().size() > 1
        || part instanceof Condition.And and && and.parts().size() > 1;
    return compound ? CodeBlock.of("($L)", write(part)) : write(part);
  }

  private CodeBlock not(Condition part) {
    if (semantics == Semantics.JAKARTA && !(part instanceof Condition.Compare)) {
      return falsity(part);
    }
    if (semantics == Semantics.STRATA || !(part instanceof Condition.Compare cmp)) {
      return CodeBlock.of("!$L", grouped(part));
    }
    if (cmp.op() == Op.EQUAL) {
      return test(new Condition.Compare(cmp.field(), Op.NOT_EQUAL, cmp.operands(), cmp.ignoreCase()));
    }
    if (cmp.op() == Op.IS_NULL || cmp.op() == Op.NOT_NULL) {
      // a null test tests the null itself
      return jakarta(new Condition.Compare(cmp.field(), cmp.op().negated(), cmp.operands(), cmp.ignoreCase()));
    }
    return jakartaNot(CodeBlock.of("$L", field(cmp).read()), jakarta(cmp));
  }

  /**
   * Java code true where {@code c} is false under Jakarta Data's three-valued logic (neither true nor unknown), which
   * {@code NOT} of {@code c} is true of: a comparison with a null value is unknown, and so is its negation, and so is an
   * {@code And} or {@code Or} an unknown part decides ({@code io.strata.query.ConditionEvaluator} gives a run-time query
   * the same meaning).
   */
  private CodeBlock falsity(Condition c) {
    if (c instanceof Condition.And and) {
      return CodeBlock.join(and.parts().stream().map(p -> CodeBlock.of("($L)", falsity(p))).toList(), " || ");
    }
    if (c instanceof Condition.Or or) {
      return CodeBlock.join(or.parts().stream().map(p -> CodeBlock.of("($L)", falsity(p))).toList(), " && ");
    }
    if (c instanceof Condition.Not not) {
      return write(not.part());
    }
    return c instanceof Condition.Test test ? tests().falsity(test) : not(c);
  }

  /**
   * Jakarta Data's value of {@code e} (a JDQL {@code SET}'s) as Java code computing it as an {@code Object}: the one
   * expression writer's ({@link ExpressionTests#value}), as a condition's expressions are written.
   */
  public CodeBlock value(Expression e) {
    return tests().value(e);
  }

    private ExpressionTests tests() {
    if (semantics == Semantics.STRATA) {
      throw new IllegalArgumentException("no Strata front end writes a test of expressions in generated code: a run-time"
          + " query checks one with io.strata.query.ConditionEvaluator");
    }
    return new ExpressionTests(name -> CodeBlock.of("$L", fields.get(name) == null ? unknownField(name) : fields.get(name).read()),
        o -> operand(o));
  }

  private String unknownField(String name) {
    throw new IllegalArgumentException("no field " + name + " among " + fields.keySet());
  }

  /**
   * Jakarta Data's negation of {@code test} on {@code value} ({@code NOT BETWEEN}, {@code NOT LIKE}, {@code NOT IN}, a
   * method name's {@code Not}): false on a null value, as the comparison itself is.
   */
  public static CodeBlock jakartaNot(CodeBlock value, CodeBlock test) {
    return CodeBlock.of("(!$T.isNull($L) && !$L)", VALUES, value, test);
  }

  private FieldModel field(Condition.Compare c) {
    FieldModel f = fields.get(c.field());
    if (f == null) {
      throw new IllegalArgumentException("no field " + c.field() + " among " + fields.keySet());
    }
    return f;
  }

  private String parameter(Operand o) {
    if (o instanceof Operand.Param p) {
      return parameters.apply(p.name());
    }
    throw new IllegalArgumentException("Strata's in-memory check compares a parameter or a local holding a literal, not " + o);
  }

  /** A Jakarta operand as Java code: the parameter's variable, or the literal's value. */
  private CodeBlock operand(Operand o) {
    return o instanceof Operand.Literal l ? literal(l.value()) : CodeBlock.of("$N", parameter(o));
  }

  /**
   * A literal value of the query model as the Java literal {@code Values} compares (by value, so an {@code int} literal
   * stands for a {@code short} or a {@code byte} too): text, a number, a boolean, a {@code BigDecimal} or
   * {@code BigInteger} built from its digits, a character as one-character text (which {@code Values} compares with a
   * {@code char}), or a {@link CodeBlock} already Java code (an enum constant the processor looked up).
   */
  static CodeBlock literal(Object value) {
    if (value == null) {
      return CodeBlock.of("null");
    }
    if (value instanceof CodeBlock code) {
      return code;
    }
    if (value instanceof String || value instanceof Character) {
      return CodeBlock.of("$S", value.toString());
    }
    if (value instanceof Long l) {
      return CodeBlock.of("$LL", l);
    }
    if (value instanceof Double d) {
      return CodeBlock.of("$Ld", Double.toString(d));
    }
    if (value instanceof Float f) {
      return CodeBlock.of("$Lf", Float.toString(f));
    }
    if (value instanceof BigDecimal || value instanceof BigInteger) {
      return CodeBlock.of("new $T($S)", value.getClass(), value.toString());
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte || value instanceof Boolean) {
      return CodeBlock.of("$L", value);
    }
    throw new IllegalArgumentException("no Java literal of " + value.getClass().getName() + " " + value);
  }

  /** Strata's check: the stored element of the field against the query value's. */
  private CodeBlock strata(Condition.Compare c) {
    if (c.ignoreCase()) {
      throw new IllegalArgumentException("Strata compares text as its keys hold it, never ignoring case: " + c);
    }
    FieldModel f = field(c);
    CodeBlock value = values.encode(f.type(), CodeBlock.of("$L", f.read()));
    List<Operand> p = c.operands();
    return switch (c.op()) {
      case EQUAL -> CodeBlock.of("$T.equal($L, $L)", MATCHES, value, element(f, p.get(0)));
      case TRUE -> CodeBlock.of("$T.equal($L, true)", MATCHES, value);
      case FALSE -> CodeBlock.of("$T.equal($L, false)", MATCHES, value);
      case IN -> CodeBlock.of("$T.in($L, $T.map($N, v -> $L))", MATCHES, value, ValueCode.ELEMENTS, parameter(p.get(0)),
          ScanCode.element(values, f, CodeBlock.of("v")));
      case LESS_THAN -> CodeBlock.of("$T.lessThan($L, $L, false)", MATCHES, value, element(f, p.get(0)));
      case LESS_THAN_EQUAL -> CodeBlock.of("$T.lessThan($L, $L, true)", MATCHES, value, element(f, p.get(0)));
      case GREATER_THAN -> CodeBlock.of("$T.greaterThan($L, $L, false)", MATCHES, value, element(f, p.get(0)));
      case GREATER_THAN_EQUAL -> CodeBlock.of("$T.greaterThan($L, $L, true)", MATCHES, value, element(f, p.get(0)));
      case BETWEEN -> CodeBlock.of("$T.between($L, $L, $L)", MATCHES, value, element(f, p.get(0)), element(f, p.get(1)));
      case STARTS_WITH -> CodeBlock.of("$T.startsWith($L, $N)", MATCHES, value, parameter(p.get(0)));
      default -> throw new IllegalStateException("not checked in memory: " + c.op());
    };
  }

  private CodeBlock element(FieldModel f, Operand o) {
    return ScanCode.element(values, f, CodeBlock.of("$N", parameter(o)));
  }

  /** Jakarta Data's check: the entity's Java value against the parameters, by value order. */
  private CodeBlock jakarta(Condition.Compare c) {
    return switch (c.op()) {
      // literals are listed (JDQL's IN (1, 2)); a parameter is the collection as given, and inAny compares each of its
      // values, ignoring case when asked
      case IN -> c.operands().get(0) instanceof Operand.Literal items
          ? jakartaTest(Op.IN, jakartaValue(c), ((Collection<?>) items.value()).stream()
              .map(item -> c.ignoreCase() ? CodeBlock.of("$T.upper($L)", VALUES, literal(item)) : literal(item)).toList())
          : CodeBlock.of("$T.inAny($L, $N)", VALUES, jakartaValue(c), parameter(c.operands().get(0)));
      // NOT IN, NOT LIKE: false on a null value, as the positive forms are
      case NOT_IN, NOT_LIKE -> jakartaNot(CodeBlock.of("$L", field(c).read()),
          jakarta(new Condition.Compare(c.field(), c.op().negated(), c.operands(), c.ignoreCase())));
      case NOT_NULL -> CodeBlock.of("!$T.isNull($L)", VALUES, jakartaValue(c));
      case TRUE -> CodeBlock.of("$T.eq($L, true)", VALUES, jakartaValue(c));
      case FALSE -> CodeBlock.of("$T.eq($L, false)", VALUES, jakartaValue(c));
      // a Near orders and cuts the results, it tests no entity: the vector index's search does that
      case NEAREST -> CodeBlock.of("true");
      default -> test(c);
    };
  }

  /** {@code Values.<method>(value, operands...)}, each side upper-cased when the comparison ignores case. */
  private CodeBlock test(Condition.Compare c) {
    List<CodeBlock> args = new ArrayList<>();
    for (Operand o : c.operands()) {
      args.add(c.ignoreCase() ? CodeBlock.of("$T.upper($L)", VALUES, operand(o)) : operand(o));
    }
    return jakartaTest(c.op(), jakartaValue(c), args);
  }

  /**
   * Jakarta Data's test of {@code value} by {@code op} against {@code operands}, each side already Java code: the one
   * table of which {@code Values} method tests which operator, for method names, {@code @Find} and JDQL alike (an
   * {@code In} here lists its values as operands; a method's {@code In} parameter, a collection, is tested with
   * {@code inAny}).
   */
  public static CodeBlock jakartaTest(Op op, CodeBlock value, List<CodeBlock> operands) {
    String method = switch (op) {
      case EQUAL -> "eq";
      case NOT_EQUAL -> "ne";
      case GREATER_THAN -> "gt";
      case GREATER_THAN_EQUAL -> "ge";
      case LESS_THAN -> "lt";
      case LESS_THAN_EQUAL -> "le";
      case BETWEEN -> "between";
      case CONTAINS -> "contains";
      case STARTS_WITH -> "startsWith";
      case ENDS_WITH -> "endsWith";
      case LIKE -> "like";
      case IN -> "in";
      case IS_NULL -> "isNull";
      default -> throw new IllegalStateException("not an operator of Jakarta's vocabulary: " + op);
    };
    List<CodeBlock> args = new ArrayList<>();
    args.add(value);
    args.addAll(operands);
    return CodeBlock.of("$T.$L($L)", VALUES, method, CodeBlock.join(args, ", "));
  }

  private CodeBlock jakartaValue(Condition.Compare c) {
    FieldModel f = field(c);
    return c.ignoreCase() ? CodeBlock.of("$T.upper($L)", VALUES, f.read()) : CodeBlock.of("$L", f.read());
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethodModel.Param;
import io.strata.processor.model.RestrictedMethod;
import io.strata.query.model.Condition;
import io.strata.query.model.Operand;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the declared methods that take a {@code Restriction<E>} parameter: each method's own query as a constant
 * {@code io.strata.query.DeclaredQuery} (its conditions over its parameters, order, limit, {@code @AllowFiltering}),
 * and a body that hands it, the caller's restriction and the parameters' values to {@code RuntimeQueries.declared},
 * which plans the whole at run time, and reads the finder it returns in the method's result shape.
 */
public final class RestrictedMethodWriter {
  private static final String MODEL = "io.strata.query.model";
  private static final ClassName DECLARED_QUERY = ClassName.get("io.strata.query", "DeclaredQuery");
  private static final ClassName CONDITION = ClassName.get(MODEL, "Condition");
  private static final ClassName OP = ClassName.get(MODEL, "Op");
  private static final ClassName OPERAND = ClassName.get(MODEL, "Operand");
  private static final ClassName SORT_KEY = ClassName.get(MODEL, "SortKey");

  /**
   * The plan kind a restricted method's call is observed with ({@link CallHook}): its plan is chosen at each call, and
   * the finder's read inside it is observed with the plan's own kind.
   */
  public static final String PLAN = "Restricted";

  private RestrictedMethodWriter() {}

  /**
   * Adds each of {@code methods}, with its {@code DeclaredQuery} constant, to {@code type}, observed as calls of
   * {@code entity} (its name, as in its keys) named {@code repository.method}.
   */
  public static void addTo(TypeSpec.Builder type, List<RestrictedMethod> methods, String entity, String repository) {
    Set<String> constants = new HashSet<>();
    for (RestrictedMethod m : methods) {
      type.addMethod(CallHook.observed(method(m, addConstant(type, m, constants)), "db", entity, repository, PLAN));
    }
  }

  /**
   * Adds {@code m}'s own query to {@code type} as a {@code DeclaredQuery} constant, named after the method and unlike
   * every name in {@code taken} (which it joins); returns its name.
   */
  public static String addConstant(TypeSpec.Builder type, RestrictedMethod m, Set<String> taken) {
    String constant = constant(m.name(), taken);
    type.addField(FieldSpec.builder(DECLARED_QUERY, constant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T($S, $L,$W$L,$W$L,$W$L, $L)", DECLARED_QUERY, m.name(), condition(m.where()),
            strings(m.values()), order(m.order()), m.limit(), m.allowScan()).build());
    return constant;
  }

  private static MethodSpec method(RestrictedMethod m, String constant) {
    MethodSpec.Builder b = MethodSpec.methodBuilder(m.name()).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(m.returnType())
        .addJavadoc("The method's own query ({@code $N}) and-ed with {@code $N}, planned at run time onto the entity's indexes\n"
            + "as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says\n"
            + "the keys it reads.\n"
            + "@throws NullPointerException if {@code $N} is null ({@code Restrict.unrestricted()} adds nothing)\n"
            + "@throws io.strata.QueryNotServedException if no index narrows the combined query$L\n", constant, m.restriction(),
            m.restriction(), m.allowScan() ? " (never: it is @AllowFiltering)" : "");
    m.params().forEach(p -> b.addParameter(p.type(), p.name()));
    CodeBlock.Builder values = CodeBlock.builder();
    m.values().forEach(v -> values.add(", $N", v));
    CodeBlock finder = CodeBlock.of("queries.declared($N, $S, $N$L)", constant, m.restriction(), m.restriction(), values.build());
    List<String> others = m.params().stream().map(Param::name).filter(n -> !n.equals(m.restriction())).toList();
    CodeBlock result = switch (m.shape()) {
      case LIST, OPTIONAL, ONE -> FindWriter.shaped(FindWriter.strata(m.name()), CodeBlock.of("$L.list()", finder), m.shape(), null);
      case STREAM -> CodeBlock.of("$L.stream()", finder);
      case COUNT_LONG -> CodeBlock.of("$L.count()", finder);
      case COUNT_INT -> CodeBlock.of("$T.toIntExact($L.count())", Math.class, finder);
      case EXISTS -> CodeBlock.of("$L.exists()", finder);
      case PAGE -> CodeBlock.of("$L.page($N, $N)", finder, others.get(others.size() - 2), others.get(others.size() - 1));
      default -> throw new IllegalStateException(m.name() + " returns " + m.shape() + ", which a restricted method does not");
    };
    return b.addStatement("return $L", result).build();
  }

  /** {@code FIND_BY_COUNTRY} for {@code findByCountry}; a number after it for an overload. */
  private static String constant(String method, Set<String> taken) {
    String base = method.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    String name = base;
    for (int i = 2; !taken.add(name); i++) {
      name = base + "_" + i;
    }
    return name;
  }

  /** {@code c} (comparisons of parameters, and/or/not of them) as an expression. */
  private static CodeBlock condition(Condition c) {
    if (c.equals(Condition.ALWAYS)) {
      return CodeBlock.of("$T.ALWAYS", CONDITION);
    }
    if (c instanceof Condition.And and) {
      return CodeBlock.of("new $T.And($L)", CONDITION, list(and.parts()));
    }
    if (c instanceof Condition.Or or) {
      return CodeBlock.of("new $T.Or($L)", CONDITION, list(or.parts()));
    }
    if (c instanceof Condition.Not not) {
      return CodeBlock.of("new $T.Not($L)", CONDITION, condition(not.part()));
    }
    Condition.Compare compare = (Condition.Compare) c;
    List<CodeBlock> operands = compare.operands().stream()
        .map(o -> CodeBlock.of("new $T.Param($S)", OPERAND, ((Operand.Param) o).name())).toList();
    if (compare.ignoreCase()) {
      return CodeBlock.of("new $T.Compare($S, $T.$L, $T.of($L), true)", CONDITION, compare.field(), OP, compare.op().name(),
          List.class, CodeBlock.join(operands, ", "));
    }
    CodeBlock.Builder b = CodeBlock.builder().add("new $T.Compare($S, $T.$L", CONDITION, compare.field(), OP, compare.op().name());
    operands.forEach(o -> b.add(", $L", o));
    return b.add(")").build();
  }

  private static CodeBlock list(List<Condition> parts) {
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(parts.stream().map(RestrictedMethodWriter::condition).toList(), ",$W"));
  }

  private static CodeBlock strings(List<String> values) {
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(values.stream().map(v -> CodeBlock.of("$S", v)).toList(), ", "));
  }

  private static CodeBlock order(List<OrderItem> order) {
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(order.stream()
        .map(o -> CodeBlock.of("new $T($S, $L, false)", SORT_KEY, o.field().name(), o.descending())).toList(), ", "));
  }
}

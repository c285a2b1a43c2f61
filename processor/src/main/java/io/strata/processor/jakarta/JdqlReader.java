package io.strata.processor.jakarta;

import static io.strata.processor.jakarta.RepositoryTypes.PKG;
import static io.strata.processor.jakarta.RepositoryTypes.annotationValue;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.jakarta.QueryReader.Query;
import io.strata.processor.jakarta.QueryReader.StaticSort;
import io.strata.processor.codegen.PredicateWriter;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.planning.EntityInfos;
import io.strata.processor.validation.EntityValidator;
import io.strata.processor.validation.Messages;
import io.strata.query.jdql.JdqlCondition;
import io.strata.query.jdql.JdqlExpression;
import io.strata.query.jdql.JdqlParser;
import io.strata.query.jdql.JdqlSelect;
import io.strata.query.jdql.JdqlStatement;
import io.strata.query.jdql.JdqlSyntaxException;
import io.strata.query.jdql.JdqlTranslationException;
import io.strata.query.model.EntityInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Reads a {@code @Query}'s JDQL as a {@link QueryReader.Query}: parses it, finds the entity its {@code FROM} names (else the
 * repository's), binds its condition, order, selection and {@code SET} to the entity's properties and the method's
 * parameters ({@link QueryBinder}), and reports each mistake at its column. The conjuncts of the form
 * {@code property op parameter} (or mirrored, or with a literal an index key holds) are the criteria an index can serve
 * ({@link ParameterTypes#indexable}).
 */
final class JdqlReader {
  private final QueryReader r;

  JdqlReader(QueryReader r) {
    this.r = r;
  }

  Optional<Query> read(String text) {
    JdqlStatement statement;
    try {
      statement = JdqlParser.parse(text);
    } catch (JdqlSyntaxException e) {
      r.diagnostics.error(r.method, Messages.JDQL_SYNTAX, r.description, e.getMessage());
      return Optional.empty();
    }
    Optional<JdqlStatement.EntityName> from = statement instanceof JdqlStatement.Select s ? s.from()
        : Optional.of(statement instanceof JdqlStatement.Update u ? u.entity() : ((JdqlStatement.Delete) statement).entity());
    TypeElement entityType = r.primary;
    if (from.isPresent() && (r.primary == null || !from.get().name().equals(r.entities.apply(r.primary) == null ? null : r.entities.apply(r.primary).type().simpleName()))) {
      entityType = r.entityNamed.apply(from.get().name()).orElse(null);
      if (entityType == null) {
        bindError(text, from.get().offset(), "'" + from.get().name() + "' is no entity Strata stores in the repository's package");
        return Optional.empty();
      }
    }
    if (entityType == null) {
      entityType = r.lifecycleEntity.orElse(null);
    }
    EntityModel entity = r.entities.apply(entityType);
    if (entity == null) {
      r.diagnostics.error(r.method, Messages.JAKARTA_NO_ENTITY, r.description);
      return Optional.empty();
    }
    Map<String, String> named = new LinkedHashMap<>();
    for (VariableElement p : r.values) {
      String param = annotationValue(p, PKG + "Param", "value");
      named.put(param == null ? p.getSimpleName().toString() : param, p.getSimpleName().toString());
    }
    Function<Integer, String> positional = i -> i >= 1 && i <= r.values.size() ? r.values.get(i - 1).getSimpleName().toString() : null;
    QueryBinder binder = new QueryBinder(entity, positional, named::get, r.elements);
    try {
      Optional<JdqlCondition> condition = statement instanceof JdqlStatement.Select s ? s.where()
          : statement instanceof JdqlStatement.Update u ? u.where() : ((JdqlStatement.Delete) statement).where();
      // the condition meets a parameter compared with a @Convert property as its column value (a conv$ local)
      Map<String, FieldModel> convertedParameters = new LinkedHashMap<>();
      if (condition.isPresent()) {
        r.report(r.parameterTypes.ofJdql(condition.get(), binder::propertyOrNull, binder::parameterOrNull),
            entity);
        Map<String, FieldModel> conflicts = new LinkedHashMap<>();
        convertedParameters = r.parameterTypes.convertedInJdql(condition.get(), binder::propertyOrNull, binder::parameterOrNull, conflicts);
        conflicts.forEach((p, f) -> r.diagnostics.error(r.values.stream().filter(v -> v.getSimpleName().contentEquals(p)).findFirst()
            .orElseThrow(), Messages.JAKARTA_PARAMETER_CONVERTED_ELSEWHERE, p, r.description, f.name(), entity.type().simpleName(),
            f.converter().type()));
        if (r.reported()) {
          return Optional.empty();
        }
      }
      Map<String, String> columnValues = new LinkedHashMap<>();
      convertedParameters.forEach((p, f) -> columnValues.put(p, r.columnValue(f, p, false)));
      Function<Integer, String> wherePositional = positional.andThen(p -> p == null ? null : columnValues.getOrDefault(p, p));
      Function<String, String> whereNamed = n -> named.containsKey(n) ? columnValues.getOrDefault(named.get(n), named.get(n)) : null;
      QueryBinder where = new QueryBinder(entity, wherePositional, whereNamed, r.elements);
      PredicateWriter writer = PredicateWriter.jakarta(entity,
          p -> p.chars().allMatch(Character::isDigit) ? wherePositional.apply(Integer.parseInt(p)) : whereNamed.apply(p));
      EntityInfo info = EntityInfos.of(entity, List.of());
      Function<JdqlCondition, CodeBlock> predicate = c -> predicate(text, c, where, writer, info);
      List<BoundCriterion> criteria = condition.isEmpty() ? List.of()
          : criteria(condition.get(), where::propertyOrNull, planned(where));
      boolean exact = criteria != null && criteria.size() == condition.map(JdqlCondition::conjuncts).orElse(0);
      List<JakartaPlanner.Branch> branches = criteria != null ? null : JdqlCondition.disjuncts(condition.get()).stream()
          .map(d -> {
            List<BoundCriterion> served = criteria(d, where::propertyOrNull, planned(where));
            return new JakartaPlanner.Branch(served, predicate.apply(d), served != null && served.size() == JdqlCondition.conjuncts(d));
          }).toList();
      if (statement instanceof JdqlStatement.Select s) {
        CodeBlock whereCode = s.where().map(predicate).orElse(null);
        List<StaticSort> order = new ArrayList<>();
        for (JdqlStatement.OrderItem o : s.orderBy()) {
          order.add(new StaticSort(binder.property(o.key()), o.descending(), false));
        }
        if (!r.sortable(order, entity)) {
          return Optional.empty();
        }
        FieldModel select = null;
        String action = "find";
        if (s.selection().isPresent()) {
          JdqlStatement.Selection sel = s.selection().get();
          if (sel instanceof JdqlStatement.SelectCount) {
            action = "count";
          } else if (sel instanceof JdqlStatement.SelectValue v) {
            select = binder.property(v.value());
          }
        }
        return Optional.of(new Query(entity, action, whereCode, order, 0, select, null, null, criteria, exact, branches));
      }
      if (statement instanceof JdqlStatement.Delete d) {
        return Optional.of(new Query(entity, "delete", d.where().map(predicate).orElse(null), List.of(), 0, null, null, null,
            criteria, exact, branches));
      }
      JdqlStatement.Update u = (JdqlStatement.Update) statement;
      CodeBlock.Builder change = CodeBlock.builder().add("e -> {\n").indent();
      int i = 0;
      // a SET's parameters are the method's own values, not the column values a condition compares
      PredicateWriter values = PredicateWriter.jakarta(entity,
          p -> p.chars().allMatch(Character::isDigit) ? positional.apply(Integer.parseInt(p)) : named.get(p));
      for (JdqlStatement.Assignment a : u.assignments()) {
        change.add("$T v$L = $L;\n", Object.class, i++, assigned(text, a, binder, values, info));
      }
      i = 0;
      for (JdqlStatement.Assignment a : u.assignments()) {
        FieldModel f = binder.property(a.target());
        if (f.write() == null) {
          r.diagnostics.error(r.method, Messages.JAKARTA_UPDATE_NOT_WRITABLE, r.description, f.name(), entity.type().simpleName());
          return Optional.empty();
        }
        change.add("$T $L = $L;\n", f.javaType(), EntityValidator.local(f.name()), assigned(f, a.value(), "v" + i++, binder, entity));
        change.add("$L;\n", f.write());
      }
      if (r.reported()) {
        return Optional.empty();
      }
      change.add("return e;\n").unindent().add("}");
      return Optional.of(new Query(entity, "update", u.where().map(predicate).orElse(null), List.of(), 0, null,
          change.build(), null, criteria, exact, branches));
    } catch (QueryBinder.BindException e) {
      bindError(text, e.offset, e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The condition {@code c} as Java code over {@code e}. {@code where} binds every name in it, reporting an unknown one at
   * its position; then the condition, as the query model holds it ({@link JdqlSelect#condition}: comparisons of a
   * property, or {@code UPPER}/{@code LOWER} of one, with parameters and literals, and tests of expressions for the rest),
   * is written by the one predicate writer, as method names and {@code @Find} are. A condition the model refuses is a
   * {@link QueryBinder.BindException} at the position the model names.
   */
  private CodeBlock predicate(String text, JdqlCondition c, QueryBinder where, PredicateWriter writer, EntityInfo info) {
    where.bind(c);
    try {
      return writer.write(JdqlSelect.condition(text, c, info,
          (field, type, constant) -> Optional.ofNullable(where.enumConstant(type, constant, 0))));
    } catch (JdqlTranslationException refused) {
      throw new QueryBinder.BindException(refused.reason(), refused.offset());
    }
  }

  /**
   * The value {@code set} assigns, as Java code computing it as an {@code Object}: its names bound first (an unknown
   * one reported at its position), then the query model's expression ({@link JdqlSelect#assigned}) written by the one
   * expression writer, as a condition's expressions are.
   */
  private CodeBlock assigned(String text, JdqlStatement.Assignment set, QueryBinder binder, PredicateWriter writer, EntityInfo info) {
    binder.bind(set.value());
    try {
      return writer.value(JdqlSelect.assigned(text, set, info,
          (field, type, constant) -> Optional.ofNullable(binder.enumConstant(type, constant, 0))));
    } catch (JdqlTranslationException refused) {
      throw new QueryBinder.BindException(refused.reason(), refused.offset());
    }
  }

  /**
   * The value a JDQL {@code SET} assigns to {@code f}, held as an {@code Object} in {@code v}, as {@code f}'s Java value. For
   * a {@code @Convert} property a parameter is that value already (checked to be of the converter's attribute type) and
   * anything else (a literal, {@code NULL}, an expression) is a column value, which the converter turns into one, as JDQL
   * compares literals with such a property as column r.values.
   */
  private CodeBlock assigned(FieldModel f, JdqlExpression value, String v, QueryBinder binder, EntityModel entity) {
    if (f.converter() == null) {
      return converted(f, v);
    }
    String parameter = binder.parameterOrNull(value);
    if (parameter == null) {
      return f.converter().toAttribute(converted(f, v));
    }
    r.report(r.parameterTypes.check(f, parameter, false).stream().toList(), entity);
    return CodeBlock.of("($T) $N", f.converter().attribute().box(), v);
  }

  private CodeBlock converted(FieldModel f, String v) {
    String to = switch (f.type().kind()) {
      case INT -> "toInt";
      case LONG -> "toLong";
      case SHORT -> "toShort";
      case BYTE -> "toByte";
      case DOUBLE -> "toDouble";
      case FLOAT -> "toFloat";
      case BIG_DECIMAL -> "toBigDecimal";
      case BIG_INTEGER -> "toBigInteger";
      default -> null;
    };
    if (to == null) {
      return CodeBlock.of("($T) $N", f.type().type().box(), v);
    }
    return f.type().isPrimitive() ? CodeBlock.of("$T.$L($N)", QueryBinder.VALUES, to, v)
        : CodeBlock.of("$N == null ? null : $T.$L($N)", v, QueryBinder.VALUES, to, v);
  }

  /**
   * The Java name standing for a JDQL value compared with a property: its r.method parameter, or a literal's local
   * (rounded as asked when the property's type cannot hold it exactly).
   */
  private Operand planned(QueryBinder binder) {
    return (property, value, rounding) -> {
      String parameter = binder.parameterOrNull(value);
      return parameter != null ? parameter : binder.literal(value, property, rounding).map(r::literalLocal).orElse(null);
    };
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
  private List<BoundCriterion> criteria(JdqlCondition where, Function<JdqlExpression, FieldModel> property, Operand parameter) {
    if (where instanceof JdqlCondition.Or) {
      return null;
    }
    List<BoundCriterion> out = new ArrayList<>();
    JdqlCondition.leaves(where, false).forEach(c -> criterion(c, property, parameter, out));
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
        r.parameterTypes.indexable(f, Operator.BETWEEN, List.of(low, high)).ifPresent(out::add);
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
        return r.parameterTypes.indexable(f, op, List.of(exact));
      }
      String low = parameter.name(f, value, rounding(f, Operator.GREATER_THAN_EQUAL));
      String high = parameter.name(f, value, rounding(f, Operator.LESS_THAN_EQUAL));
      return low == null || high == null ? Optional.empty() : r.parameterTypes.indexable(f, Operator.BETWEEN, List.of(low, high));
    }
    String name = parameter.name(f, value, rounding(f, op));
    return name == null ? Optional.empty() : r.parameterTypes.indexable(f, op, List.of(name));
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

  private void bindError(String text, int offset, String message) {
    int column = 1;
    for (int i = 0; i < offset && i < text.length(); i++) {
      column = text.charAt(i) == '\n' ? 1 : column + 1;
    }
    r.diagnostics.error(r.method, Messages.JDQL_BINDING, r.description, column, message);
  }
}

package io.strata.processor.behaviour;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Operand;
import io.strata.query.names.MethodNameParser;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Param;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Calling a Jakarta Data fixture's declared methods reflectively, and a {@code @Query} method's JDQL as a run-time
 * {@code jdql(...)} finder takes it: what the contracts comparing a generated method with its run-time form
 * ({@code SamePlansContract}, {@code JdqlSameAnswersContract}) share.
 */
final class JakartaMethods {
  private static final String COUNT = "SELECT COUNT(THIS) ";
  private static final Pattern SELECTED = Pattern.compile("^SELECT (\\w+) ");

  /** The parameter types of a Jakarta method that are no values of its query. */
  static final Set<Class<?>> SPECIAL = Set.of(Order.class, Sort.class, Sort[].class, Limit.class, PageRequest.class);

  private JakartaMethods() {}

  /** Whether a {@code @Query}'s {@code jdql} counts its matches ({@code SELECT COUNT(THIS)}). */
  static boolean counts(String jdql) {
    return jdql.startsWith(COUNT);
  }

  /**
   * The text of the run-time finder of the entities a {@code @Query}'s {@code jdql} reads, counts, selects a property
   * of, updates or deletes: its {@code FROM}, {@code WHERE} and {@code ORDER BY}, the finder counting, projecting or
   * changing them.
   */
  static String finderText(String jdql) {
    if (counts(jdql)) {
      return jdql.substring(COUNT.length());
    }
    if (jdql.startsWith("UPDATE ")) {
      int where = jdql.indexOf(" WHERE ");
      return where < 0 ? "" : jdql.substring(where + 1);
    }
    if (jdql.startsWith("DELETE ")) {
      return jdql.substring("DELETE ".length());
    }
    Matcher selected = SELECTED.matcher(jdql);
    return selected.find() ? jdql.substring(selected.end()) : jdql;
  }

  /** The property a {@code @Query}'s {@code jdql} selects ({@code SELECT name ...}), or null when it returns entities. */
  static String selected(String jdql) {
    Matcher selected = SELECTED.matcher(jdql);
    return selected.find() ? selected.group(1) : null;
  }

  /** The comparisons in {@code c}, in the order written. */
  static List<Compare> compares(Condition c) {
    List<Compare> out = new ArrayList<>();
    if (c instanceof Compare cmp) {
      out.add(cmp);
    } else if (c instanceof Condition.And and) {
      and.parts().forEach(p -> out.addAll(compares(p)));
    } else if (c instanceof Condition.Or or) {
      or.parts().forEach(p -> out.addAll(compares(p)));
    } else if (c instanceof Condition.Not not) {
      out.addAll(compares(not.part()));
    }
    return out;
  }

  /** The names a JDQL query gives {@code m}'s parameters: {@code @Param}'s where a parameter has one, else its own. */
  static List<String> jdqlNames(Method m, List<String> parameterNames) {
    List<String> names = new ArrayList<>(parameterNames);
    for (int i = 0; i < m.getParameterCount(); i++) {
      Param named = m.getParameters()[i].getAnnotation(Param.class);
      if (named != null) {
        names.set(i, named.value());
      }
    }
    return names;
  }

  /** The value of {@code entity}'s property {@code name}: its public field, or its accessor ({@code name()}, {@code getName()}, {@code isName()}). */
  static Object property(Object entity, String name) throws ReflectiveOperationException {
    Class<?> type = entity.getClass();
    try {
      return type.getField(name).get(entity);
    } catch (NoSuchFieldException e) {
      String capitalized = MethodNameParser.capitalized(name);
      for (String accessor : List.of(name, "get" + capitalized, "is" + capitalized)) {
        try {
          return type.getMethod(accessor).invoke(entity);
        } catch (NoSuchMethodException next) {
          // the next form
        }
      }
      throw new NoSuchFieldException(type.getSimpleName() + " has no property " + name);
    }
  }

  /** An {@code Order} of {@code sorts}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Order<?> order(List<Sort<?>> sorts) {
    return Order.by((List) sorts);
  }

  /**
   * The argument the declared method {@code m} takes at {@code i} for {@code value}, a value of the entity's property:
   * the value itself, or, where the parameter is the column type of a {@code @Convert} property (a {@code Long} of grams
   * for a weight), the column value the property's converter makes of it.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object declaredArgument(Class<?> parameter, Object value, Object sample, Method m, int i)
      throws ReflectiveOperationException {
    if (value == null || parameter.isPrimitive() || parameter.isInstance(value) || value instanceof List<?>) {
      return value;
    }
    for (Field f : sample.getClass().getDeclaredFields()) {
      jakarta.nosql.Convert convert = f.getAnnotation(jakarta.nosql.Convert.class);
      if (convert != null && f.getType().isInstance(value)) {
        Object converter = convert.value().getDeclaredConstructor().newInstance();
        return ((jakarta.nosql.AttributeConverter) converter).convertToDatabaseColumn(value);
      }
    }
    throw new AssertionError(m + ": no argument of " + parameter + " for parameter " + i + " from " + value);
  }

  /** A JDQL condition with its parameters ({@code ?1}, {@code :name}) named {@code p<i>} by the method's parameter. */
  static Condition withMethodParameters(Condition c, String jdql, List<String> parameterNames) {
    if (c instanceof Compare cmp) {
      return new Compare(cmp.field(), cmp.op(), cmp.operands().stream().map(o -> o instanceof Operand.Param p
          ? (Operand) new Operand.Param("p" + methodParameter(p.name(), jdql, parameterNames)) : o).toList(), cmp.ignoreCase());
    }
    if (c instanceof Condition.And and) {
      return new Condition.And(and.parts().stream().map(p -> withMethodParameters(p, jdql, parameterNames)).toList());
    }
    if (c instanceof Condition.Or or) {
      return new Condition.Or(or.parts().stream().map(p -> withMethodParameters(p, jdql, parameterNames)).toList());
    }
    if (c instanceof Condition.Not not) {
      return new Condition.Not(withMethodParameters(not.part(), jdql, parameterNames));
    }
    return c;
  }

  /** The method parameter a JDQL parameter ({@code 1} of {@code ?1}, {@code name} of {@code :name}) binds. */
  static int methodParameter(String jdqlName, String jdql, List<String> parameterNames) {
    return jdqlName.chars().allMatch(Character::isDigit) ? Integer.parseInt(jdqlName) - 1 : parameterNames.indexOf(jdqlName);
  }

  /** The JDQL parameter the method's parameter {@code i} binds: {@code 1} for {@code ?1}, else its name. */
  static String jdqlParameter(String jdql, List<String> parameterNames, int i) {
    return jdql.contains("?" + (i + 1)) ? Integer.toString(i + 1) : parameterNames.get(i);
  }

  /** The result, read to its end: a future's value, a stream's elements. */
  static Object settle(Object result) {
    Object done = result instanceof CompletableFuture<?> f ? f.join() : result;
    return done instanceof Stream<?> s ? s.toList() : done instanceof Optional<?> o ? o.orElse(null) : done;
  }
}

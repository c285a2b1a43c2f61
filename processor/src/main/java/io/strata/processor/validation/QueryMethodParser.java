package io.strata.processor.validation;

import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethod.Criterion;
import io.strata.processor.model.QueryMethod.Order;
import io.strata.processor.model.QueryMethod.Subject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a derived-query method name into a {@link QueryMethod}. Knows the entity's property names
 * (capitalised, as they appear in names) only to settle ambiguous suffixes: a property that itself ends
 * in an operator word ({@code builtIn}) is read as the property.
 */
public final class QueryMethodParser {
  private static final Pattern SHAPE = Pattern.compile(
      "^(find|get|read|query|stream|count|exists|delete|remove|sum|min|max)(Distinct)?(First(\\d*)|Top(\\d*))?(\\p{Lu}\\w*?)??By(\\w*)$");
  private static final Pattern AND = Pattern.compile("And(?=\\p{Lu})");
  private static final Pattern OR = Pattern.compile("Or(?=\\p{Lu})");
  /** {@code AgeAscNameDesc}: an item ends at its direction. */
  private static final Pattern DIRECTION_END = Pattern.compile("(?<=Asc|Desc)(?=\\p{Lu})");
  private static final Pattern ORDER_BY = Pattern.compile("OrderBy(?=\\p{Lu})");

  /** Operator words, longest first so that {@code GreaterThanEqual} wins over {@code GreaterThan}. */
  private static final Map<String, Operator> OPERATORS = new java.util.LinkedHashMap<>();

  static {
    OPERATORS.put("GreaterThanEqual", Operator.GREATER_THAN_EQUAL);
    OPERATORS.put("LessThanEqual", Operator.LESS_THAN_EQUAL);
    OPERATORS.put("StartingWith", Operator.STARTING_WITH);
    OPERATORS.put("GreaterThan", Operator.GREATER_THAN);
    OPERATORS.put("StartsWith", Operator.STARTING_WITH);
    OPERATORS.put("LessThan", Operator.LESS_THAN);
    OPERATORS.put("Between", Operator.BETWEEN);
    OPERATORS.put("Before", Operator.LESS_THAN);
    OPERATORS.put("Equals", Operator.EQUALS);
    OPERATORS.put("IsNull", Operator.IS_NULL);
    OPERATORS.put("Within", Operator.WITHIN);
    OPERATORS.put("After", Operator.GREATER_THAN);
    OPERATORS.put("False", Operator.FALSE);
    OPERATORS.put("True", Operator.TRUE);
    OPERATORS.put("Null", Operator.IS_NULL);
    OPERATORS.put("Near", Operator.NEAR);
    OPERATORS.put("In", Operator.IN);
    OPERATORS.put("Is", Operator.EQUALS);
  }

  private final Set<String> properties;

  /** @param properties the entity's queryable properties as they appear in method names ({@code Population}, {@code AddressCity}) */
  public QueryMethodParser(Set<String> properties) {
    this.properties = Set.copyOf(properties);
  }

  public QueryMethod parse(String name) throws QueryError {
    Matcher m = SHAPE.matcher(name);
    if (!m.matches()) {
      throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
    }
    Subject subject = switch (m.group(1)) {
      case "stream" -> Subject.STREAM;
      case "count" -> Subject.COUNT;
      case "exists" -> Subject.EXISTS;
      case "delete", "remove" -> Subject.DELETE;
      case "sum" -> Subject.SUM;
      case "min" -> Subject.MIN;
      case "max" -> Subject.MAX;
      default -> Subject.FIND;
    };
    int limit = 0;
    if (m.group(3) != null) {
      String digits = m.group(4) != null ? m.group(4) : m.group(5);
      limit = digits.isEmpty() ? 1 : Integer.parseInt(digits);
      if (limit <= 0) {
        throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
      }
    }
    String projection = m.group(6);
    if (projection != null && (projection.equals("All") && !properties.contains("All"))) {
      projection = null;
    }
    if (subject.aggregateOnly() && projection == null) {
      throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
    }
    String rest = m.group(7);
    List<Order> orderBy = new ArrayList<>();
    Matcher order = ORDER_BY.matcher(rest);
    int orderAt = -1;
    while (order.find()) {
      orderAt = order.start();
    }
    if (orderAt >= 0) {
      orderBy = orders(name, rest.substring(orderAt + "OrderBy".length()));
      rest = rest.substring(0, orderAt);
    }
    List<List<Criterion>> alternatives = new ArrayList<>();
    if (!rest.isEmpty()) {
      for (String branch : OR.split(rest, -1)) {
        List<Criterion> and = new ArrayList<>();
        for (String part : AND.split(branch, -1)) {
          if (part.isEmpty()) {
            throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
          }
          and.add(criterion(part));
        }
        alternatives.add(and);
      }
    } else if (orderBy.isEmpty()) {
      throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
    } else {
      alternatives.add(List.of());
    }
    return new QueryMethod(name, subject, projection == null ? null : decapitalized(projection), m.group(2) != null, limit,
        alternatives, orderBy);
  }

  private List<Order> orders(String name, String text) throws QueryError {
    List<Order> out = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    for (String item : AND.split(text, -1)) {
      parts.addAll(properties.contains(item) ? List.of(item) : List.of(DIRECTION_END.split(item, -1)));
    }
    for (String part : parts) {
      if (part.isEmpty()) {
        throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
      }
      boolean desc = part.endsWith("Desc") && !properties.contains(part);
      boolean asc = !desc && part.endsWith("Asc") && !properties.contains(part);
      String property = desc ? part.substring(0, part.length() - 4) : asc ? part.substring(0, part.length() - 3) : part;
      if (property.isEmpty()) {
        throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
      }
      out.add(new Order(decapitalized(property), desc, desc || asc));
    }
    return out;
  }

  private Criterion criterion(String part) {
    if (properties.contains(part)) {
      return new Criterion(decapitalized(part), Operator.EQUALS);
    }
    Criterion syntactic = null;
    for (var op : OPERATORS.entrySet()) {
      if (!part.endsWith(op.getKey()) || part.length() == op.getKey().length()) {
        continue;
      }
      String property = part.substring(0, part.length() - op.getKey().length());
      if (property.endsWith("Is") && property.length() > 2 && !properties.contains(property)) {
        property = property.substring(0, property.length() - 2);
      }
      Criterion c = new Criterion(decapitalized(property), op.getValue());
      if (properties.contains(property)) {
        return c;
      }
      if (syntactic == null) {
        syntactic = c;
      }
    }
    return syntactic != null ? syntactic : new Criterion(decapitalized(part), Operator.EQUALS);
  }

  static String decapitalized(String s) {
    return Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }
}

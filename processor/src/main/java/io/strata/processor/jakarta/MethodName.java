package io.strata.processor.jakarta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Jakarta Data's Query by Method Name, parsed against an entity's property names: {@code find}, {@code count},
 * {@code exists} or {@code delete}, an optional {@code First[N]} (find only), text up to {@code By}, conditions
 * {@code Property[IgnoreCase][Not][Operator]} joined by {@code And} (binding tighter) and {@code Or}, and
 * {@code OrderBy Property[Asc|Desc]...}. A property is matched as the longest known property name at its position, so
 * names that contain {@code And}, {@code Or} or an operator's word still parse; a name that is no persistent
 * property is kept with {@code known = false} (the processor warns and the method throws {@code MappingException}).
 *
 * @param action {@code find}, {@code count}, {@code exists} or {@code delete}
 * @param first the {@code First} limit, 0 when absent
 * @param where the conditions: an OR of ANDs (empty when the name has no {@code By}, or nothing after it)
 * @param order the static order
 */
record MethodName(String action, int first, List<List<Condition>> where, List<OrderPart> order) {

  /** One condition: {@code property} (a field name), how it compares, and how many parameters it takes. */
  record Condition(String property, boolean known, boolean ignoreCase, boolean not, Operator operator) {}

  /** One static sort. */
  record OrderPart(String property, boolean known, boolean descending) {}

  /** The operators, each with the parameters it consumes. */
  enum Operator {
    EQUAL("", 1), GREATER_THAN_EQUAL("GreaterThanEqual", 1), GREATER_THAN("GreaterThan", 1), LESS_THAN_EQUAL("LessThanEqual", 1),
    LESS_THAN("LessThan", 1), BETWEEN("Between", 2), CONTAINS("Contains", 1), ENDS_WITH("EndsWith", 1),
    STARTS_WITH("StartsWith", 1), LIKE("Like", 1), IN("In", 1), NULL("Null", 0), TRUE("True", 0), FALSE("False", 0);

    final String word;
    final int parameters;

    Operator(String word, int parameters) {
      this.word = word;
      this.parameters = parameters;
    }
  }

  private static final List<String> ACTIONS = List.of("find", "count", "exists", "delete");

  /** Whether {@code name} starts like a query method (an action followed by an upper-case letter or nothing). */
  static boolean isQuery(String name) {
    return ACTIONS.stream().anyMatch(a -> name.startsWith(a) && (name.length() == a.length() || Character.isUpperCase(name.charAt(a.length()))));
  }

  /**
   * Parses {@code name}; {@code properties} are the entity's persistent property names. An
   * {@link IllegalArgumentException} says what was expected where.
   */
  static MethodName parse(String name, Set<String> properties) {
    String action = ACTIONS.stream().filter(name::startsWith).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("it does not start with find, count, exists or delete"));
    String rest = name.substring(action.length());
    int first = 0;
    if (action.equals("find") && rest.startsWith("First")) {
      int end = "First".length();
      while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
        end++;
      }
      first = end == "First".length() ? 1 : Integer.parseInt(rest.substring("First".length(), end));
      if (first < 1) {
        throw new IllegalArgumentException("First" + first + " must name a limit of at least 1");
      }
      rest = rest.substring(end);
    }
    int orderBy = rest.indexOf("OrderBy");
    String orderText = orderBy < 0 ? "" : rest.substring(orderBy + "OrderBy".length());
    String subject = orderBy < 0 ? rest : rest.substring(0, orderBy);
    int by = subject.indexOf("By");
    // a By with nothing after it (countBy(), findByOrderByName) has no conditions, as where there is no By
    String conditions = by < 0 ? "" : subject.substring(by + 2);
    List<List<Condition>> where = conditions.isEmpty() ? List.of() : conditions(conditions, properties);
    List<OrderPart> order = orderBy < 0 ? List.of() : order(orderText, properties);
    return new MethodName(action, first, where, order);
  }

  private static List<List<Condition>> conditions(String text, Set<String> properties) {
    List<List<Condition>> or = new ArrayList<>();
    List<Condition> and = new ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      String property = property(text, at, properties);
      boolean known = property != null;
      if (!known) {
        property = unknownProperty(text, at);
      }
      at += property.length();
      boolean ignoreCase = text.startsWith("IgnoreCase", at);
      if (ignoreCase) {
        at += "IgnoreCase".length();
      }
      boolean not = startsWithWord(text, at, "Not");
      if (not) {
        at += "Not".length();
      }
      Operator operator = Operator.EQUAL;
      for (Operator o : Operator.values()) {
        if (!o.word.isEmpty() && startsWithWord(text, at, o.word)) {
          operator = o;
          at += o.word.length();
          break;
        }
      }
      and.add(new Condition(known ? property : decapitalized(property), known, ignoreCase, not, operator));
      if (at == text.length()) {
        break;
      }
      if (startsWithWord(text, at, "And")) {
        at += 3;
      } else if (startsWithWord(text, at, "Or")) {
        at += 2;
        or.add(and);
        and = new ArrayList<>();
      } else {
        throw new IllegalArgumentException("expected And, Or or OrderBy after the condition on " + property
            + ", found '" + text.substring(at) + "'");
      }
      if (at == text.length()) {
        throw new IllegalArgumentException("expected a property name at the end, after And/Or");
      }
    }
    or.add(and);
    return or;
  }

  private static List<OrderPart> order(String text, Set<String> properties) {
    List<OrderPart> out = new ArrayList<>();
    int at = 0;
    if (text.isEmpty()) {
      throw new IllegalArgumentException("'OrderBy' must be followed by a property name");
    }
    while (at < text.length()) {
      String property = property(text, at, properties);
      boolean known = property != null;
      if (!known) {
        int end = Math.min(endOfWord(text, at, "Asc"), endOfWord(text, at, "Desc"));
        property = text.substring(at, end);
      }
      at += property.length();
      boolean descending = false;
      if (startsWithWord(text, at, "Desc")) {
        descending = true;
        at += 4;
      } else if (startsWithWord(text, at, "Asc")) {
        at += 3;
      }
      out.add(new OrderPart(known ? property : decapitalized(property), known, descending));
    }
    return out;
  }

  /** The longest property name that {@code text} continues with, capitalized, at {@code at}, or null. */
  private static String property(String text, int at, Set<String> properties) {
    Optional<String> best = properties.stream().filter(p -> text.startsWith(capitalized(p), at))
        .max(Comparator.comparingInt(String::length));
    return best.orElse(null);
  }

  /** An unknown property's name: up to the next operator, {@code IgnoreCase}, {@code Not}, {@code And} or {@code Or}. */
  private static String unknownProperty(String text, int at) {
    int end = text.length();
    List<String> words = new ArrayList<>(List.of("IgnoreCase", "Not", "And", "Or"));
    for (Operator o : Operator.values()) {
      if (!o.word.isEmpty()) {
        words.add(o.word);
      }
    }
    for (String w : words) {
      end = Math.min(end, endOfWord(text, at + 1, w));
    }
    return text.substring(at, end);
  }

  private static int endOfWord(String text, int from, String word) {
    for (int i = from; i < text.length(); i++) {
      if (startsWithWord(text, i, word)) {
        return i;
      }
    }
    return text.length();
  }

  /** Whether {@code word} starts at {@code at} and ends where a new word (upper case) or the text ends. */
  private static boolean startsWithWord(String text, int at, String word) {
    int end = at + word.length();
    return text.startsWith(word, at) && (end == text.length() || Character.isUpperCase(text.charAt(end)));
  }

  static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  private static String decapitalized(String name) {
    return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }
}

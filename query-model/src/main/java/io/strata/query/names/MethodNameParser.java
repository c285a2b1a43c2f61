package io.strata.query.names;

import io.strata.query.model.Op;
import io.strata.query.names.MethodName.Action;
import io.strata.query.names.MethodName.OrderTerm;
import io.strata.query.names.MethodName.Term;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Reads a repository method's name against an entity's property names, in one {@link Vocabulary}: the subject (verb,
 * {@code Distinct}, {@code First}/{@code TopN}, projection), conditions joined by {@code And} (binding tighter) and
 * {@code Or}, and {@code OrderBy}. At each condition and order item the longest property name of the entity that the
 * text continues with is the property, so names holding {@code And}, {@code Or} or an operator's word
 * ({@code authorOrEditor}, {@code builtIn}) read the same in both vocabularies. The operators are one table, each word
 * marked with the vocabularies that have it ({@link Vocabulary}).
 */
public final class MethodNameParser {

  private final Vocabulary vocabulary;
  private final String name;
  /** The entity's property names, as it names them ({@code population}, {@code addressCity}). */
  private final Set<String> properties;
  /** The properties holding vectors: {@code Near} on them asks for nearest neighbours. */
  private final Set<String> vectors;
  /** Where the text being scanned starts in {@link #name}, for error offsets. */
  private int base;

  private MethodNameParser(Vocabulary vocabulary, String name, Set<String> properties, Set<String> vectors) {
    this.vocabulary = vocabulary;
    this.name = name;
    this.properties = properties;
    this.vectors = vectors;
  }

  /**
   * Reads {@code name}; {@code properties} are the entity's property names. A {@link MethodNameException} says what
   * was expected where.
   */
  public static MethodName parse(String name, Set<String> properties, Vocabulary vocabulary) {
    return parse(name, properties, Set.of(), vocabulary);
  }

  /**
   * Reads {@code name} as {@link #parse(String, Set, Vocabulary)} does; {@code vectors} are the properties holding
   * vectors ({@code float[]}). {@code Near} on one of them is {@link Op#NEAREST} (one parameter: the query vector); in
   * Strata's vocabulary {@code Near} on any other property is the spatial {@link Op#NEAR} (a point and a distance), in
   * Jakarta's, which has no spatial conditions, it is always {@link Op#NEAREST}.
   */
  public static MethodName parse(String name, Set<String> properties, Set<String> vectors, Vocabulary vocabulary) {
    MethodNameParser parser = new MethodNameParser(vocabulary, name, Set.copyOf(properties), Set.copyOf(vectors));
    return vocabulary == Vocabulary.STRATA ? parser.strata() : parser.jakarta();
  }

  /** Whether {@code name} starts as a Jakarta Data query method does: a verb followed by an upper-case letter or nothing. */
  public static boolean isJakartaQuery(String name) {
    return Vocabulary.JAKARTA.verbs().stream().anyMatch(v -> name.startsWith(v)
        && (name.length() == v.length() || Character.isUpperCase(name.charAt(v.length()))));
  }

  // ---- the subject

  /** {@code verb [Distinct] [First|Top][N] [Projection] By conditions [OrderBy items]}. */
  private MethodName strata() {
    List<String> verbs = Vocabulary.STRATA.verbs();
    String verb = verbs.stream().filter(name::startsWith).findFirst().orElseThrow(() -> error(0,
        "it does not start with " + String.join(", ", verbs)));
    if (!name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
      throw error(0, "a query method name is letters, digits and _ only");
    }
    int at = verb.length();
    boolean distinct = name.startsWith("Distinct", at) && upperAt(at + "Distinct".length());
    if (distinct) {
      at += "Distinct".length();
    }
    int first = 0;
    for (String limit : List.of("First", "Top")) {
      int digits = at + limit.length();
      int end = digitsEnd(digits);
      if (name.startsWith(limit, at) && upperAt(end)) {
        first = end == digits ? 1 : number(digits, end);
        if (first <= 0) {
          throw error(at, limit + first + " must name a limit of at least 1");
        }
        at = end;
        break;
      }
    }
    int by = name.startsWith("By", at) ? at : upperAt(at) ? name.indexOf("By", at + 1) : -1;
    if (by < 0) {
      throw error(at, "expected By");
    }
    String projection = by == at ? null : NameText.decapitalized(name.substring(at, by));
    if ("all".equals(projection) && !properties.contains("all")) {
      projection = null;
    }
    Action action = switch (verb) {
      case "stream" -> Action.STREAM;
      case "count" -> Action.COUNT;
      case "exists" -> Action.EXISTS;
      case "delete", "remove" -> Action.DELETE;
      case "sum" -> Action.SUM;
      case "min" -> Action.MIN;
      case "max" -> Action.MAX;
      default -> Action.FIND;
    };
    if (action.aggregateOnly() && projection == null) {
      throw error(at, verb + " needs the property it aggregates before By");
    }
    int start = by + 2;
    int orderBy = -1;
    for (int i = name.indexOf("OrderBy", start); i >= 0; i = name.indexOf("OrderBy", i + 1)) {
      if (upperAt(i + "OrderBy".length())) {
        orderBy = i; // the last OrderBy
      }
    }
    int end = orderBy < 0 ? name.length() : orderBy;
    List<OrderTerm> order = orderBy < 0 ? List.of() : order(orderBy + "OrderBy".length());
    if (end == start && order.isEmpty()) {
      throw error(start, "expected a condition after By");
    }
    List<List<Term>> where = end == start ? List.of() : conditions(start, end);
    return new MethodName(action, distinct, first, projection, where, order);
  }

  /** {@code verb [First[N]] [text] [By conditions] [OrderBy items]}. */
  private MethodName jakarta() {
    String verb = Vocabulary.JAKARTA.verbs().stream().filter(name::startsWith).findFirst().orElseThrow(() -> error(0,
        "it does not start with find, count, exists or delete"));
    int at = verb.length();
    int first = 0;
    if (verb.equals("find") && name.startsWith("First", at)) {
      int digits = at + "First".length();
      int end = digitsEnd(digits);
      first = end == digits ? 1 : number(digits, end);
      if (first < 1) {
        throw error(at, "First" + first + " must name a limit of at least 1");
      }
      at = end;
    }
    int orderBy = name.indexOf("OrderBy", at);
    int subjectEnd = orderBy < 0 ? name.length() : orderBy;
    int by = name.substring(0, subjectEnd).indexOf("By", at);
    // a By with nothing after it (countBy(), findByOrderByName) has no conditions, as where there is no By
    List<List<Term>> where = by < 0 || by + 2 == subjectEnd ? List.of() : conditions(by + 2, subjectEnd);
    List<OrderTerm> order = orderBy < 0 ? List.of() : order(orderBy + "OrderBy".length());
    Action action = switch (verb) {
      case "count" -> Action.COUNT;
      case "exists" -> Action.EXISTS;
      case "delete" -> Action.DELETE;
      default -> Action.FIND;
    };
    return new MethodName(action, false, first, null, where, order);
  }

  /** Where the digits starting at {@code from} end. */
  private int digitsEnd(int from) {
    int end = from;
    while (end < name.length() && Character.isDigit(name.charAt(end))) {
      end++;
    }
    return end;
  }

  private int number(int from, int to) {
    try {
      return Integer.parseInt(name.substring(from, to));
    } catch (NumberFormatException tooLarge) {
      throw error(from, name.substring(from, to) + " is too large a limit");
    }
  }

  // ---- conditions

  /** The conditions in {@code name} from {@code from} to {@code to}: an OR of ANDs. */
  private List<List<Term>> conditions(int from, int to) {
    String text = name.substring(from, to);
    base = from;
    List<List<Term>> or = new ArrayList<>();
    List<Term> and = new ArrayList<>();
    int at = 0;
    while (true) {
      if (vocabulary == Vocabulary.STRATA && property(text, at) == null
          && (separates(text, at, "And") || separates(text, at, "Or"))) {
        throw error(at, "expected a property name, found '" + text.substring(at) + "'");
      }
      int[] end = new int[1];
      Term term = vocabulary == Vocabulary.STRATA ? strataTerm(text, at, end) : jakartaTerm(text, at, end);
      and.add(term);
      String written = term.known() ? term.property() : text.substring(at, at + term.property().length());
      at = end[0];
      if (at == text.length()) {
        break;
      }
      if (separates(text, at, "And")) {
        at += "And".length();
      } else if (separates(text, at, "Or")) {
        at += "Or".length();
        or.add(and);
        and = new ArrayList<>();
      } else {
        throw error(at, "expected And, Or or OrderBy after the condition on " + written + ", found '"
            + text.substring(at) + "'");
      }
      if (at == text.length()) {
        throw error(at, "expected a property name at the end, after And/Or");
      }
    }
    or.add(and);
    return or;
  }

  /**
   * A Strata condition: {@code Property [Is] [Operator]}, ending at {@code And}, {@code Or} or the end. Text that does
   * not read so up to the next {@code And}/{@code Or} is one condition on an unknown property, with the operator its
   * end names ({@code ColourGreaterThan}); the validator reports the property.
   */
  private Term strataTerm(String text, int at, int[] end) {
    String property = property(text, at);
    if (property != null) {
      int q = at + property.length();
      Op op = Op.EQUAL;
      OperatorWord word = vocabulary.operatorAt(text, q);
      if (word != null && word.text().equals("Is") && vocabulary.operatorAt(text, q + 2) != null) {
        word = vocabulary.operatorAt(text, q + 2);
        q += 2;
      }
      if (word != null) {
        op = word.meaning(vocabulary, property, vectors);
        q += word.text().length();
      }
      if (q == text.length() || separates(text, q, "And") || separates(text, q, "Or")) {
        end[0] = q;
        return new Term(property, true, false, false, op);
      }
    }
    int stop = text.length();
    for (int i = at + 1; i < text.length(); i++) {
      if (separates(text, i, "And") || separates(text, i, "Or")) {
        stop = i;
        break;
      }
    }
    end[0] = stop;
    String part = text.substring(at, stop);
    for (OperatorWord word : Vocabulary.STRATA.operators()) {
      if (part.endsWith(word.text()) && part.length() > word.text().length()) {
        String rest = part.substring(0, part.length() - word.text().length());
        if (rest.endsWith("Is") && rest.length() > 2) {
          rest = rest.substring(0, rest.length() - 2);
        }
        return new Term(NameText.decapitalized(rest), false, false, false, word.meaning(vocabulary, NameText.decapitalized(rest), vectors));
      }
    }
    return new Term(NameText.decapitalized(part), false, false, false, Op.EQUAL);
  }

  /** A Jakarta Data condition: {@code Property [IgnoreCase] [Not] [Operator]}. */
  private Term jakartaTerm(String text, int at, int[] end) {
    String property = property(text, at);
    boolean known = property != null;
    if (!known) {
      property = unknownProperty(text, at);
    }
    int q = at + property.length();
    boolean ignoreCase = text.startsWith("IgnoreCase", q);
    if (ignoreCase) {
      q += "IgnoreCase".length();
    }
    boolean not = NameText.word(text, q, "Not");
    if (not) {
      q += "Not".length();
    }
    Op op = Op.EQUAL;
    OperatorWord word = vocabulary.operatorAt(text, q);
    if (word != null) {
      op = word.meaning(vocabulary, property, vectors);
      q += word.text().length();
    }
    end[0] = q;
    return new Term(known ? property : NameText.decapitalized(property), known, ignoreCase, not, op);
  }

  /** An unknown property's name: up to the next operator word, {@code IgnoreCase}, {@code Not}, {@code And} or {@code Or}. */
  private String unknownProperty(String text, int at) {
    List<String> words = new ArrayList<>(List.of("IgnoreCase", "Not", "And", "Or"));
    vocabulary.operators().forEach(w -> words.add(w.text()));
    int end = text.length();
    for (String w : words) {
      end = Math.min(end, NameText.wordFrom(text, at + 1, w));
    }
    return text.substring(at, end);
  }

  // ---- order

  /** The {@code OrderBy} items in {@code name} from {@code from} to its end. */
  private List<OrderTerm> order(int from) {
    String text = name.substring(from);
    base = from;
    if (text.isEmpty()) {
      throw error(0, "'OrderBy' must be followed by a property name");
    }
    List<OrderTerm> out = new ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      if (vocabulary == Vocabulary.STRATA && property(text, at) == null && join(text, at, "And")) {
        throw error(at, "expected a property name, found '" + text.substring(at) + "'");
      }
      int[] end = new int[1];
      out.add(vocabulary == Vocabulary.STRATA ? strataOrder(text, at, end) : jakartaOrder(text, at, end));
      at = end[0];
    }
    return out;
  }

  /**
   * A Strata order item: {@code Property [Asc|Desc]}, followed by {@code And}, by the next item when it has a direction,
   * or by the end. Text that does not read so up to the next {@code And} or direction is one item on an unknown property.
   */
  private OrderTerm strataOrder(String text, int at, int[] end) {
    String property = property(text, at);
    if (property != null) {
      int q = at + property.length();
      boolean desc = NameText.word(text, q, "Desc");
      boolean asc = !desc && NameText.word(text, q, "Asc");
      q += desc ? 4 : asc ? 3 : 0;
      boolean and = join(text, q, "And");
      if (q == text.length() || and || desc || asc) {
        end[0] = and ? q + 3 : q;
        return new OrderTerm(property, true, desc, desc || asc);
      }
    }
    int stop = text.length();
    for (int i = at + 1; i < text.length(); i++) {
      if (join(text, i, "And")) {
        stop = i;
        break;
      }
      boolean directed = i - 3 >= at && text.startsWith("Asc", i - 3) || i - 4 >= at && text.startsWith("Desc", i - 4);
      if (directed && Character.isUpperCase(text.charAt(i))) {
        stop = i;
        break;
      }
    }
    String part = text.substring(at, stop);
    end[0] = join(text, stop, "And") ? stop + 3 : stop;
    boolean desc = part.endsWith("Desc");
    boolean asc = !desc && part.endsWith("Asc");
    String named = desc ? part.substring(0, part.length() - 4) : asc ? part.substring(0, part.length() - 3) : part;
    if (named.isEmpty()) {
      throw error(at, "expected a property name before " + part);
    }
    return new OrderTerm(NameText.decapitalized(named), false, desc, desc || asc);
  }

  /** A Jakarta Data order item: {@code Property [Asc|Desc]}, the next item following directly. */
  private OrderTerm jakartaOrder(String text, int at, int[] end) {
    String property = property(text, at);
    boolean known = property != null;
    if (!known) {
      property = text.substring(at, Math.min(NameText.wordFrom(text, at, "Asc"), NameText.wordFrom(text, at, "Desc")));
    }
    int q = at + property.length();
    boolean desc = NameText.word(text, q, "Desc");
    boolean asc = !desc && NameText.word(text, q, "Asc");
    end[0] = q + (desc ? 4 : asc ? 3 : 0);
    return new OrderTerm(known ? property : NameText.decapitalized(property), known, desc, desc || asc);
  }

  // ---- words

  /** The longest property name that {@code text} continues with, capitalized, at {@code at}, or null. */
  private String property(String text, int at) {
    return properties.stream().filter(p -> text.startsWith(capitalized(p), at))
        .max(Comparator.comparingInt(String::length)).orElse(null);
  }

  /**
   * Whether {@code And} or {@code Or} joins two parts at {@code at}: in Strata's vocabulary when an upper-case letter
   * follows (a trailing {@code And} belongs to the property before it), in Jakarta's also at the end (an error there).
   */
  private boolean join(String text, int at, String join) {
    int after = at + join.length();
    return text.startsWith(join, at) && (after < text.length() ? Character.isUpperCase(text.charAt(after))
        : vocabulary == Vocabulary.JAKARTA);
  }

  /**
   * Whether {@code And} or {@code Or} separates two conditions at {@code at}. In Strata's vocabulary {@code Or}
   * separates first, so in {@code ...AndOrX} the {@code And} ends its alternative and belongs to the text before it.
   */
  private boolean separates(String text, int at, String join) {
    return join(text, at, join) && !(vocabulary == Vocabulary.STRATA && join.equals("And")
        && join(text, at + join.length(), "Or"));
  }

  private boolean upperAt(int at) {
    return at < name.length() && Character.isUpperCase(name.charAt(at));
  }

  private MethodNameException error(int at, String reason) {
    return new MethodNameException(reason, base + at);
  }

  /** {@code name} as a method name writes it: {@code population} → {@code Population}. */
  public static String capitalized(String name) {
    return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.ResultShape;

/**
 * The one writer of how a find of either dialect hands back the matches it read, whichever way it read them (a declared
 * method's index read, a run-time {@code Finder} a restricted method builds): how many a result of at most one reads,
 * and the list of matches shaped as the method returns them (the list, a stream or an array of it, an {@code Optional}
 * or a bare result that fails on none or several). The dialect is a flag at the edge ({@link Calls}): whether the list
 * is a future over the transaction (Strata's declared methods) or a value, and which exceptions a single result throws
 * (Strata's {@code IncorrectResultSizeException}, Jakarta Data's {@code EmptyResultException} and
 * {@code NonUniqueResultException}). Counts, exists and deletes are {@link QueryBodies}'.
 */
public final class FindBodies {
  private static final ClassName QUERY_RESULTS = ClassName.get("io.strata.query", "QueryResults");
  private static final ClassName RESULT_PAGES = ClassName.get("io.strata.jakarta.data", "ResultPages");

  /** How a dialect's generated code takes the list of matches. */
  public interface Calls {
    /** Whether the list is a future of one (a Strata method over {@code tr}), shaped in a {@code thenApply}. */
    boolean async();

    /**
     * The result of a method that returns at most one from {@code items}, a list of at most two: an {@code Optional}
     * when {@code optional}, else the one result; several (and, for a bare result, none) fail as the dialect says.
     */
    CodeBlock atMostOne(CodeBlock items, boolean optional);
  }

  private FindBodies() {}

  /**
   * Strata's calls: {@code QueryResults.single} and {@code one}, naming {@code method} in their
   * {@code IncorrectResultSizeException}; the list a future when {@code async}.
   */
  public static Calls strata(String method, boolean async) {
    return new Edge(async, QUERY_RESULTS, "single", "one", method, true);
  }

  /**
   * Jakarta Data's calls: {@code ResultPages.optional} and {@code single}, naming {@code description} (the repository
   * and method) in the Jakarta Data exception; the list is a value.
   */
  public static Calls jakarta(String description) {
    return new Edge(false, RESULT_PAGES, "optional", "single", description, false);
  }

  /**
   * A dialect's edge: {@code type}'s static {@code optional} and {@code one} methods check a single result, given the
   * items and the name of the query, that name first when {@code nameFirst}.
   */
  private record Edge(boolean async, ClassName type, String optional, String one, String name, boolean nameFirst)
      implements Calls {
    @Override
    public CodeBlock atMostOne(CodeBlock items, boolean isOptional) {
      String method = isOptional ? optional : one;
      return nameFirst ? CodeBlock.of("$T.$L($S, $L)", type, method, name, items) : CodeBlock.of("$T.$L($L, $S)", type, method, items, name);
    }
  }

  /**
   * How many matches a find of {@code shape} reads when it asks for its first {@code first} (0: every match): a result
   * of at most one reads up to the second, to tell one from several, unless it asks for the first alone.
   */
  public static int reads(ResultShape shape, int first) {
    return shape.atMostOne() ? first == 1 ? 1 : 2 : first;
  }

  /**
   * {@code list} (a {@code List} of the results, a future of one when {@link Calls#async}) as {@code shape} returns
   * it: the list itself, its stream, an array of {@code element}, or at most one.
   */
  public static CodeBlock shaped(Calls calls, CodeBlock list, ResultShape shape, TypeName element) {
    CodeBlock items = calls.async() ? CodeBlock.of("items") : list;
    CodeBlock value = switch (shape) {
      case OPTIONAL, ONE -> calls.atMostOne(items, shape == ResultShape.OPTIONAL);
      case STREAM -> CodeBlock.of("$L.stream()", items);
      case ARRAY -> CodeBlock.of("$L.toArray(new $T[0])", items, element);
      case LIST -> null;
      default -> throw new IllegalArgumentException(shape + " is not a list's shape");
    };
    return value == null ? list : calls.async() ? CodeBlock.of("$L.thenApply(items -> $L)", list, value) : value;
  }
}

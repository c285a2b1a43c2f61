package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.ResultShape;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The one writer of find bodies, for both dialects. From a {@link Find} (where its matches come from, how many its
 * result needs, its projection, {@code Distinct} and result shape) it decides once what the method reads through the read
 * core: the first {@code n} matches, every match, or a lazy stream of them; then how the list becomes the result (the
 * projection of each entity, the distinct values, the list itself, its stream, an array, an {@code Optional} or a bare
 * result that fails on none or several).
 *
 * <p>The dialect is the {@link Edge}: where the reads run (Strata: futures over its transaction {@code tr}, or batches at
 * one read version for a list of every match with no transaction given; Jakarta Data: batches at one read version through
 * its data store, in an order chosen at run time and sorted in memory when no index holds it), how a result of at most one
 * fails (Strata's {@code IncorrectResultSizeException}, Jakarta Data's {@code EmptyResultException} and
 * {@code NonUniqueResultException}), and Jakarta Data's own window ({@code Limit}, {@code PageRequest}). Counts, exists
 * and deletes are {@link QueryBodies}'; pages are each dialect's own vocabulary (Strata's {@code Continuation}, Jakarta
 * Data's {@code PageRequest} and cursors), written by each dialect's writer.
 */
public final class FindWriter {
  private static final ClassName QUERY_RESULTS = ClassName.get("io.strata.query", "QueryResults");
  static final ClassName CANDIDATE_READS = ClassName.get("io.strata.query", "CandidateReads");
  private static final ClassName RESULT_PAGES = ClassName.get("io.strata.jakarta.data", "ResultPages");
  private static final ClassName LIMIT = ClassName.get("jakarta.data", "Limit");

  /** Where a find's matches come from. */
  public sealed interface Source {}

  /** The read core's {@code candidates}, each checked by {@code where} (an {@code e -> …} lambda). */
  public record Candidates(CodeBlock where, CodeBlock candidates) implements Source {}

  /**
   * A list (a future of one when the edge is {@link Edge#async}) a read of a dialect's own returns, as many as the find
   * needs: Strata's unions merged in memory, index keys, a spatial {@code Near} (nearest first).
   */
  public record Listed(CodeBlock list) implements Source {}

  /**
   * A find.
   *
   * @param source where its matches come from
   * @param shape what it returns
   * @param first the {@code First}/{@code Top n} of its name (0: none)
   * @param distinct whether it returns distinct values ({@code Distinct}): every match is read, then the limit applies to
   *     the distinct values, as in SQL
   * @param project the projection of an entity {@code e} (an expression over {@code e}); null for the entity itself
   * @param element the element of an array result
   */
  public record Find(Source source, ResultShape shape, int first, boolean distinct, CodeBlock project, TypeName element) {}

  /** How a dialect's generated code reads the matches and fails a result of at most one. */
  public interface Edge {
    /** Whether the list is a future of one (a Strata find over {@code tr}), shaped in a {@code thenApply}. */
    boolean async();

    /** Whether the matches are read in the candidates' own order (always, in Strata: its planner refuses any other). */
    boolean unordered();

    /**
     * How many matches the window of {@code find} reads ({@code First}/{@code Top n}, and Jakarta Data's {@code Limit}), or
     * null when it has none.
     */
    CodeBlock window(Find find);

    /** A list of the first {@code n} matches of {@code candidates} (every one when {@code n} is null). */
    CodeBlock read(Candidates candidates, CodeBlock n, boolean windowed);

    /** A stream of the matches of {@code candidates} read lazily for {@code find}; null when it reads a list first. */
    CodeBlock stream(Candidates candidates, Find find);

    /** What the edge keeps of a list it read, in order (Jakarta Data's {@code First}, {@code Limit} and {@code PageRequest}). */
    List<UnaryOperator<CodeBlock>> trims(Find find);

    /** What the edge keeps of a lazy stream ({@code First}/{@code Top n} is the writer's). */
    CodeBlock trimStream(CodeBlock stream);

    /**
     * The result of a method that returns at most one from {@code items}, a list of at most two: an {@code Optional}
     * when {@code optional}, else the one result; several (and, for a bare result, none) fail as the dialect says.
     */
    CodeBlock atMostOne(CodeBlock items, boolean optional);
  }

  private FindWriter() {}

  /**
   * How many matches a find of {@code shape} reads when it asks for its first {@code first} (0: every match): a result
   * of at most one reads up to the second, to tell one from several, unless it asks for the first alone; an exists (of
   * rows a condition is checked on: Strata's) stops at the first.
   */
  public static int reads(ResultShape shape, int first) {
    return shape == ResultShape.EXISTS ? 1 : shape.atMostOne() ? first == 1 ? 1 : 2 : first;
  }

  /**
   * The list of {@code find}'s matches, projected and distinct as it asks, not yet shaped (a future of one when the edge
   * is {@link Edge#async}): what a Strata count or exists of rows counts.
   */
  public static CodeBlock list(Edge edge, Find find) {
    CodeBlock list = read(edge, find);
    for (UnaryOperator<CodeBlock> trim : edge.trims(find)) {
      list = trim.apply(list);
    }
    return distinct(edge, find, projected(edge, find, list));
  }

  /** The result of {@code find}: its lazy stream, or its list shaped as it returns it. */
  public static CodeBlock value(Edge edge, Find find) {
    CodeBlock stream = stream(edge, find);
    return stream != null ? stream : shaped(edge, list(edge, find), find.shape(), find.element());
  }

  /**
   * Adds {@code find}'s body to {@code b} as statements over a local list {@code found$} (each trim of the edge its own
   * statement), for a dialect whose methods wait for their reads.
   */
  public static void write(MethodSpec.Builder b, Edge edge, Find find, TypeName entity) {
    CodeBlock stream = stream(edge, find);
    if (stream != null) {
      b.addStatement("return $L", stream);
      return;
    }
    b.addStatement("$T<$T> found$$ = $L", List.class, entity, read(edge, find));
    for (UnaryOperator<CodeBlock> trim : edge.trims(find)) {
      b.addStatement("found$$ = $L", trim.apply(CodeBlock.of("found$$")));
    }
    CodeBlock list = distinct(edge, find, projected(edge, find, CodeBlock.of("found$$")));
    b.addStatement("return $L", shaped(edge, list, find.shape(), find.element()));
  }

  /**
   * The list the edge reads for {@code find}: every match under {@code Distinct}; else as many as its window says, or,
   * with none, what its shape needs when read in the candidates' order (up to the second of a single result, the first
   * of an exists); else every match.
   */
  private static CodeBlock read(Edge edge, Find find) {
    if (find.source() instanceof Listed l) {
      return l.list();
    }
    CodeBlock window = find.distinct() ? null : edge.window(find);
    int needed = reads(find.shape(), 0);
    CodeBlock n = window != null || find.distinct() ? window
        : needed > 0 && edge.unordered() ? CodeBlock.of("$L", needed) : null;
    return edge.read((Candidates) find.source(), n, window != null);
  }

  /** {@code find}'s stream when the edge reads it lazily, at most its {@code First}/{@code Top n}; else null. */
  private static CodeBlock stream(Edge edge, Find find) {
    if (find.shape() != ResultShape.STREAM || !(find.source() instanceof Candidates c)) {
      return null;
    }
    CodeBlock stream = edge.stream(c, find);
    if (stream == null) {
      return null;
    }
    if (find.first() > 0) {
      stream = CodeBlock.of("$L.limit($L)", stream, find.first());
    }
    stream = edge.trimStream(stream);
    return find.project() == null ? stream : CodeBlock.of("$L.map(e -> $L)", stream, find.project());
  }

  /** {@code list} with each entity's projection, if the find asks for one. */
  private static CodeBlock projected(Edge edge, Find find, CodeBlock list) {
    if (find.project() == null) {
      return list;
    }
    return edge.async() ? CodeBlock.of("$L.thenApply(es -> $T.map(es, e -> $L))", list, ValueCode.ELEMENTS, find.project())
        : CodeBlock.of("$T.map($L, e -> $L)", ValueCode.ELEMENTS, list, find.project());
  }

  /** {@code list}'s distinct values, at most the find's limit, if it asks for them. */
  private static CodeBlock distinct(Edge edge, Find find, CodeBlock list) {
    if (!find.distinct()) {
      return list;
    }
    int limit = reads(find.shape(), find.first());
    if (!edge.async()) {
      return limit == 0 ? CodeBlock.of("$T.distinct($L)", QUERY_RESULTS, list) : CodeBlock.of("$T.distinct($L, $L)", QUERY_RESULTS, list, limit);
    }
    return limit == 0 ? CodeBlock.of("$L.thenApply($T::distinct)", list, QUERY_RESULTS)
        : CodeBlock.of("$L.thenApply(items -> $T.distinct(items, $L))", list, QUERY_RESULTS, limit);
  }

  /**
   * {@code list} (a {@code List} of the results, a future of one when {@link Edge#async}) as {@code shape} returns
   * it: the list itself, its stream, an array of {@code element}, or at most one.
   */
  public static CodeBlock shaped(Edge edge, CodeBlock list, ResultShape shape, TypeName element) {
    CodeBlock items = edge.async() ? CodeBlock.of("items") : list;
    CodeBlock value = switch (shape) {
      case OPTIONAL, ONE -> edge.atMostOne(items, shape == ResultShape.OPTIONAL);
      case STREAM -> CodeBlock.of("$L.stream()", items);
      case ARRAY -> CodeBlock.of("$L.toArray(new $T[0])", items, element);
      case LIST -> null;
      default -> throw new IllegalArgumentException(shape + " is not a list's shape");
    };
    return value == null ? list : edge.async() ? CodeBlock.of("$L.thenApply(items -> $L)", list, value) : value;
  }

  /**
   * Strata's edge for a declared method: reads through {@code CandidateReads} over the repository's {@code store}, in the
   * transaction {@code tr} as futures, or, when {@code batched}, in batches of {@code db} at one read version (a list of
   * every match with no transaction given); a stream lazily in {@code context}. A result of at most one fails with
   * {@code IncorrectResultSizeException} naming {@code method}. The matches come in the candidates' order.
   */
  public static Edge strata(String method, String context, boolean batched) {
    return new Strata(method, context, !batched);
  }

  /** Strata's edge for a list a finder already read (a value, not a future): only its shape. */
  public static Edge strata(String method) {
    return new Strata(method, null, false);
  }

  private record Strata(String method, String context, boolean async) implements Edge {
    @Override
    public boolean unordered() {
      return true;
    }

    @Override
    public CodeBlock window(Find find) {
      return find.first() > 0 ? CodeBlock.of("$L", reads(find.shape(), find.first())) : null;
    }

    @Override
    public CodeBlock read(Candidates c, CodeBlock n, boolean windowed) {
      return n != null ? CodeBlock.of("$T.first(tr, store, $L, $L, $L)", CANDIDATE_READS, c.where(), c.candidates(), n)
          : async ? CodeBlock.of("$T.all(tr, store, $L, $L)", CANDIDATE_READS, c.where(), c.candidates())
          : CodeBlock.of("$T.matching(db, store, $L, $L)", CANDIDATE_READS, c.where(), c.candidates());
    }

    @Override
    public CodeBlock stream(Candidates c, Find find) {
      return CodeBlock.of("$T.stream($N, store, $L, $L, $L)", CANDIDATE_READS, context, c.where(), c.candidates(),
          find.first() > 0 ? CodeBlock.of("$L", find.first()) : CodeBlock.of("$T.BATCH", CANDIDATE_READS));
    }

    @Override
    public List<UnaryOperator<CodeBlock>> trims(Find find) {
      return List.of();
    }

    @Override
    public CodeBlock trimStream(CodeBlock stream) {
      return stream;
    }

    @Override
    public CodeBlock atMostOne(CodeBlock items, boolean optional) {
      return CodeBlock.of("$T.$L($S, $L)", QUERY_RESULTS, optional ? "single" : "one", method, items);
    }
  }

  /**
   * The order a Jakarta Data find reads in: {@code indexOrders}, the {@code IndexOrder}s that may hold it (null: none,
   * sorted in memory), and whether it has any order at all (a static one or {@code Sort} parameters, in the local
   * {@code order$}).
   */
  public record JakartaOrder(boolean ordered, CodeBlock indexOrders) {}

  /**
   * Jakarta Data's edge: reads through the data store in the field {@code data} (batches at one read version, its
   * failures translated), in {@code order}; the method's {@code Limit} and {@code PageRequest} parameters (null when
   * absent) window the list read; a result of at most one fails with Jakarta Data's exceptions naming
   * {@code description} (the repository and method).
   */
  public static Edge jakarta(String description, String data, JakartaOrder order, String limit, String pageRequest) {
    return new Jakarta(description, data, order, limit, pageRequest);
  }

  /** Jakarta Data's edge for a list a finder already read: only its shape. */
  public static Edge jakarta(String description) {
    return new Jakarta(description, null, new JakartaOrder(false, null), null, null);
  }

  private record Jakarta(String description, String data, JakartaOrder order, String limit, String pageRequest) implements Edge {
    @Override
    public boolean async() {
      return false;
    }

    @Override
    public boolean unordered() {
      return !order.ordered() && limit == null && pageRequest == null;
    }

    @Override
    public CodeBlock window(Find find) {
      int first = find.first() == 0 ? 0 : reads(find.shape(), find.first());
      return first > 0 && limit != null ? CodeBlock.of("$T.min($L, $T.end($N))", Math.class, first, RESULT_PAGES, limit)
          : first > 0 ? CodeBlock.of("$L", first) : limit != null ? CodeBlock.of("$T.end($N)", RESULT_PAGES, limit) : null;
    }

    @Override
    public CodeBlock read(Candidates c, CodeBlock n, boolean windowed) {
      if (n != null && !windowed) {
        return CodeBlock.of("$N.reads().some($L, $L, $L)", data, c.where(), c.candidates(), n);
      }
      if (n != null) {
        CodeBlock orders = order.indexOrders() == null ? CodeBlock.of("$T.of()", List.class) : order.indexOrders();
        return CodeBlock.of("$N.first($L, $L, $L, order$$, $L)", data, c.where(), c.candidates(), orders, n);
      }
      return CodeBlock.of("$N.sorted($L, $L, order$$)", data, c.where(), c.candidates());
    }

    @Override
    public CodeBlock stream(Candidates c, Find find) {
      if (pageRequest != null) {
        return null;
      }
      if (!order.ordered() && find.first() == 0) {
        return CodeBlock.of("$N.reads().stream($L, $L)", data, c.where(), c.candidates());
      }
      return order.indexOrders() == null ? null
          : CodeBlock.of("$N.stream($L, $L, $L, order$$)", data, c.where(), c.candidates(), order.indexOrders());
    }

    @Override
    public List<UnaryOperator<CodeBlock>> trims(Find find) {
      List<UnaryOperator<CodeBlock>> trims = new ArrayList<>();
      if (find.first() > 0) {
        trims.add(list -> CodeBlock.of("$T.limit($L, $T.of($L))", RESULT_PAGES, list, LIMIT, find.first()));
      }
      if (limit != null) {
        trims.add(list -> CodeBlock.of("$T.limit($L, $N)", RESULT_PAGES, list, limit));
      }
      if (pageRequest != null) {
        trims.add(list -> CodeBlock.of("$T.page($N.attributes(), order$$, $L, $N).content()", RESULT_PAGES, data, list, pageRequest));
      }
      return trims;
    }

    @Override
    public CodeBlock trimStream(CodeBlock stream) {
      return limit == null ? stream : CodeBlock.of("$T.limit($L, $N)", RESULT_PAGES, stream, limit);
    }

    @Override
    public CodeBlock atMostOne(CodeBlock items, boolean optional) {
      return CodeBlock.of("$T.$L($L, $S)", RESULT_PAGES, optional ? "optional" : "single", items, description);
    }
  }
}

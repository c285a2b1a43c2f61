package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.strata.processor.model.ResultShape;

/**
 * The one writer of the bodies of count, exists and delete-by-query methods, for both dialects. It decides once, from
 * where the plan finds the matches ({@link Source}), what the method reads: a counter key; an index's keys alone, when
 * the index applies every condition (a count counts keys, an exists probes one key, Strata's delete deletes the ids the
 * keys hold); or the candidate rows, checked by the query's predicate. The dialect is a flag at the edge
 * ({@link Calls}): Strata's methods return a future over the transaction {@code tr} ({@code IndexScan}'s own count,
 * exists and delete), Jakarta Data's wait for {@code io.strata.query.CandidateReads} over {@code Candidates}, whose
 * failures its data store hands out as Jakarta Data's exceptions. The result is shaped here too: a count as a
 * {@code long}, an {@code int} (overflow fails) or a {@code boolean} (any), a delete as how many or nothing.
 */
public final class QueryBodies {
  private static final ClassName QUERY_RESULTS = ClassName.get("io.strata.query", "QueryResults");

  /** What the method does with the matches. */
  public enum Action {
    COUNT, EXISTS, DELETE
  }

  /** What the method returns. */
  public enum Result {
    LONG, INT, BOOLEAN, VOID;

    /** The action and result of a Strata count, exists or delete shape; null for any other shape. */
    static Action action(ResultShape shape) {
      return switch (shape) {
        case COUNT_LONG, COUNT_INT -> Action.COUNT;
        case EXISTS -> Action.EXISTS;
        case DELETE_LONG, DELETE_VOID -> Action.DELETE;
        default -> null;
      };
    }

    static Result of(ResultShape shape) {
      return switch (shape) {
        case COUNT_INT -> INT;
        case EXISTS -> BOOLEAN;
        case DELETE_VOID -> VOID;
        default -> LONG;
      };
    }
  }

  /**
   * Where the matches come from, as the plan found them.
   *
   * <ul>
   *   <li>{@link Counter}: the counter of an aggregate group or of every entity, when the query has no other condition;
   *   <li>{@link Scan}, {@link Keys}: an index read (or an {@code Or} of them) whose keys decide every condition: no row
   *       is read to count or test;
   *   <li>{@link Rows}: candidate rows (an index read with a residual check, ids, every row, an {@code Or}'s branches)
   *       that a predicate checks.
   * </ul>
   */
  public sealed interface Source {}

  /** {@code total}: the counter's value (a {@code long}, or a future of a {@code Long} in Strata's calls). */
  public record Counter(CodeBlock total) implements Source {}

  /** An index read applying every condition, as Strata reads it: {@code scan}, an {@code IndexScan} with no filter. */
  public record Scan(CodeBlock scan) implements Source {}

  /**
   * An index read (or an {@code Or} of them) applying every condition: {@code keys}, a {@code Candidates.Keys}, reads its keys; {@code rows} its candidate rows, which Jakarta
   * Data's reads fall back on when the keys cannot hold a query value (an {@code In} holding a null); null in Strata's.
   */
  public record Keys(CodeBlock keys, CodeBlock rows) implements Source {}

  /** Candidate rows a predicate checks: {@code reads} them. */
  public record Rows(CodeBlock reads) implements Source {}

  /** How a dialect's generated code calls the read core for each source and action. */
  public interface Calls {
    /** Whether the value is a future over the transaction {@code tr} (Strata) or waited for (Jakarta Data). */
    boolean async();

    /** The number of matches (a {@code long}), counted on keys or on rows. */
    CodeBlock count(Source source);

    /** Whether any entity matches (a {@code boolean}). */
    CodeBlock exists(Source source);

    /** Deletes the matches with their index entries; how many (a {@code long}). */
    CodeBlock delete(Source source);
  }

  private QueryBodies() {}

  /** The value of {@code action} on {@code source} as {@code result}: an expression (a future of it when async). */
  public static CodeBlock value(Calls calls, Action action, Source source, Result result) {
    CodeBlock value = switch (action) {
      case COUNT -> source instanceof Counter c ? c.total() : calls.count(source);
      case EXISTS -> calls.exists(source);
      case DELETE -> calls.delete(source);
    };
    return action == Action.EXISTS ? value : shaped(calls.async(), value, result);
  }

  /** The statement returning {@link #value} (or running it, for {@code void}) in a method that waits for it. */
  public static CodeBlock statement(Calls calls, Action action, Source source, Result result) {
    return returned(value(calls, action, source, result), result);
  }

  /** The statement that returns (or, for {@code void}, runs) a {@code long} a blocking method computed, as {@code result}. */
  public static CodeBlock returnNumber(CodeBlock number, Result result) {
    return returned(shaped(false, number, result), result);
  }

  private static CodeBlock returned(CodeBlock value, Result result) {
    return result == Result.VOID ? CodeBlock.of("$L", value) : CodeBlock.of("return $L", value);
  }

  /** A {@code long} (or a future of one) as {@code result}. */
  private static CodeBlock shaped(boolean async, CodeBlock number, Result result) {
    if (async) {
      return switch (result) {
        case INT -> CodeBlock.of("$L.thenApply($T::toIntExact)", number, Math.class);
        case BOOLEAN -> CodeBlock.of("$L.thenApply(n -> n > 0)", number);
        case VOID -> CodeBlock.of("$L.thenAccept(deleted -> {})", number);
        case LONG -> number;
      };
    }
    return switch (result) {
      case INT -> CodeBlock.of("$T.toIntExact($L)", Math.class, number);
      case BOOLEAN -> CodeBlock.of("$L > 0", number);
      case VOID, LONG -> number;
    };
  }

  /**
   * Strata's calls, futures over {@code tr} and the repository's {@code store}: a {@link Scan}'s own {@code count},
   * {@code exists} and {@code delete} on its keys; a {@link Keys}' count and first key (its delete is not supported: a
   * delete of an {@code Or} reads its {@link Rows}); for {@link Rows}, a future of the list of matching entities.
   * {@code id} is the stored id of an entity {@code e}, which a delete of rows deletes.
   */
  static Calls strata(CodeBlock id) {
    return new Calls() {
      @Override
      public boolean async() {
        return true;
      }

      @Override
      public CodeBlock count(Source source) {
        return source instanceof Scan s ? CodeBlock.of("$L.count(tr)", s.scan())
            : source instanceof Keys k ? CodeBlock.of("$L.count(store, tr)", k.keys())
            : CodeBlock.of("$L.thenApply(items -> (long) items.size())", rows(source));
      }

      @Override
      public CodeBlock exists(Source source) {
        return source instanceof Scan s ? CodeBlock.of("$L.exists(tr)", s.scan())
            : source instanceof Keys k ? CodeBlock.of("$L.exists(store, tr)", k.keys())
            : CodeBlock.of("$L.thenApply(items -> !items.isEmpty())", rows(source));
      }

      @Override
      public CodeBlock delete(Source source) {
        return source instanceof Scan s ? CodeBlock.of("$L.delete(tr)", s.scan())
            : CodeBlock.of("$L.thenCompose(es -> $T.delete(tr, store, $T.map(es, e -> $L)))", rows(source), QUERY_RESULTS,
                ValueCode.ELEMENTS, id);
      }
    };
  }

  /**
   * Jakarta Data's calls, waited for through {@code data}'s {@code CandidateReads} ({@code data.reads()}), each source
   * a {@code Candidates} ({@code Candidates.Keys} for the keys); {@code where} is the query's predicate over an entity. A
   * delete always reads the candidate rows, in batches of writes ({@code data.delete}), since it must clear their index
   * entries and judge each on its current state.
   */
  public static Calls jakarta(String data, CodeBlock where) {
    return new Calls() {
      @Override
      public boolean async() {
        return false;
      }

      @Override
      public CodeBlock count(Source source) {
        return source instanceof Keys k ? CodeBlock.of("$N.reads().count($L, $L, $L)", data, where, k.rows(), k.keys())
            : CodeBlock.of("(long) $N.reads().matching($L, $L).size()", data, where, rows(source));
      }

      @Override
      public CodeBlock exists(Source source) {
        return source instanceof Keys k ? CodeBlock.of("$N.reads().any($L, $L, $L)", data, where, k.rows(), k.keys())
            : CodeBlock.of("$N.reads().any($L, $L)", data, where, rows(source));
      }

      @Override
      public CodeBlock delete(Source source) {
        return CodeBlock.of("$N.delete($L, $L)", data, where, rows(source));
      }
    };
  }

  /** What reads the candidate rows of {@code source}. */
  private static CodeBlock rows(Source source) {
    CodeBlock rows = source instanceof Keys k ? k.rows() : source instanceof Rows r ? r.reads() : null;
    if (rows == null) {
      throw new IllegalStateException(source + " names no candidate rows");
    }
    return rows;
  }
}

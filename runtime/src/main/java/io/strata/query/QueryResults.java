package io.strata.query;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.IncorrectResultSizeException;
import io.strata.Page;
import io.strata.repository.EntityStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Shapes the results of declared repository methods: at most one result, the union of {@code Or}
 * branches, distinct values, and lazy streams read page by page.
 */
public final class QueryResults {
  /** How many results a {@code Stream} method reads per transaction. */
  public static final int STREAM_BATCH = 256;

  private QueryResults() {}

  /**
   * The identity of one call of a paged query method: its name and its arguments, which its continuations
   * are bound to (a token of {@code findByNick("n1", ...)} is refused by {@code findByNick("n0", ...)} and by
   * every other method). Arguments are taken by their text ({@code String.valueOf}, arrays element by element).
   */
  public static byte[] query(String method, Object... args) {
    StringBuilder text = new StringBuilder(method);
    for (Object arg : args) {
      text.append('\0').append(arg instanceof Object[] array ? java.util.Arrays.deepToString(array)
          : arg instanceof byte[] bytes ? java.util.Arrays.toString(bytes) : String.valueOf(arg));
    }
    return text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * The only result, or empty; {@code items} holds at most two (the scan's limit).
   *
   * @throws IncorrectResultSizeException if there are two
   */
  public static <T> Optional<T> single(String method, List<T> items) {
    if (items.size() > 1) {
      throw new IncorrectResultSizeException(method, items.size());
    }
    return items.stream().findFirst();
  }

  /**
   * The one result of a method declared to return a bare {@code E} (or a bare projection): exactly one, never
   * null; {@code items} holds at most two (the scan's limit).
   *
   * @throws IncorrectResultSizeException if there is none (expected 1, found 0) or two
   */
  public static <T> T one(String method, List<T> items) {
    if (items.isEmpty()) {
      throw new IncorrectResultSizeException(method, 1, 0);
    }
    return single(method, items).orElseThrow();
  }

  /**
   * The union of {@code branches} without duplicates (the same {@code key}), in branch order, or sorted by
   * {@code order} when it is not null; at most {@code limit}: the one union's {@link UnionPages#ofLists}, under the
   * name generated code calls.
   */
  public static <T> List<T> union(List<List<T>> branches, Function<T, Tuple> key, Comparator<T> order, int limit) {
    return UnionPages.ofLists(branches, key, order, limit);
  }

  /** {@link #union(List, Function, Comparator, int)} of branches read concurrently. */
  public static <T> CompletableFuture<List<T>> unionOf(List<CompletableFuture<List<T>>> branches, Function<T, Tuple> key,
      Comparator<T> order, int limit) {
    return CompletableFuture.allOf(branches.toArray(CompletableFuture[]::new))
        .thenApply(v -> union(branches.stream().map(CompletableFuture::join).toList(), key, order, limit));
  }

  /** The items {@code test} accepts, at most {@code limit} (in-memory checks of {@code @AllowFiltering}). */
  public static <T> List<T> filter(List<T> items, Predicate<T> test, int limit) {
    return items.stream().filter(test).limit(limit).toList();
  }

  /** Deletes the entities with these ids one after the other in {@code tr}; returns how many existed. */
  public static CompletableFuture<Long> delete(Transaction tr, EntityStore<?> store, List<Object> ids) {
    CompletableFuture<Long> chain = CompletableFuture.completedFuture(0L);
    for (Object id : ids) {
      chain = chain.thenCompose(n -> store.delete(tr, id).thenApply(deleted -> deleted ? n + 1 : n));
    }
    return chain;
  }

  /** {@code items} without repeats, first occurrence kept, a null (a property stored as null) once. */
  public static <T> List<T> distinct(List<T> items) {
    return distinct(items, Integer.MAX_VALUE);
  }

  /**
   * The first {@code limit} distinct values of {@code items} ({@code Distinct} with {@code First}/{@code Top}:
   * distinct applies first, as in SQL), a null once.
   */
  public static <T> List<T> distinct(List<T> items, int limit) {
    List<T> out = new ArrayList<>(new java.util.LinkedHashSet<>(items));
    return java.util.Collections.unmodifiableList(out.size() > limit ? out.subList(0, limit) : out);
  }

  /**
   * A lazy stream of the pages {@code pages} reads in {@code context} from a continuation (null first), the next page
   * read only when the stream needs it. In a database each page is its own read transaction and the pages share one
   * read version ({@link SharedReadVersion}): the stream sees the data as committed at one version and costs the round
   * trips of one transaction, a new version taken only when FoundationDB's five-second window forces one (a page read
   * after it fails with {@code transaction_too_old}, and its retry takes a fresh version). In a caller's transaction every
   * page is read in that transaction.
   */
  public static <T> Stream<T> stream(ReadTransactionContext context,
      BiFunction<ReadTransaction, Continuation, CompletableFuture<Page<T>>> pages) {
    SharedReadVersion version = new SharedReadVersion();
    return stream(after -> readIn(context, version, tr -> pages.apply(tr, after)));
  }

  /**
   * {@code body} waited for: in a database, in a read transaction of its own at {@code version} (one batch of a read made
   * of batches); in a caller's transaction, in that transaction.
   */
  static <R> R readIn(ReadTransactionContext context, SharedReadVersion version, Function<ReadTransaction, CompletableFuture<R>> body) {
    return Blocking.call(() -> context instanceof Database db ? version.read(db, body) : context.readAsync(body).join());
  }

  /**
   * A lazy stream over pages: {@code pages} reads one page from a continuation (null first); the next page is read
   * only when the stream needs it. The one loop over pages of every lazy read ({@link CandidateReads#batches} and the
   * stream above).
   */
  public static <T> Stream<T> stream(Function<Continuation, Page<T>> pages) {
    Iterator<T> it = new Iterator<>() {
      private Iterator<T> current = List.<T>of().iterator();
      private Optional<Continuation> next = Optional.empty();
      private boolean started;

      @Override
      public boolean hasNext() {
        while (!current.hasNext() && (!started || next.isPresent())) {
          Page<T> page = pages.apply(started ? next.get() : null);
          started = true;
          current = page.items().iterator();
          next = page.next();
        }
        return current.hasNext();
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return current.next();
      }
    };
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED), false);
  }
}

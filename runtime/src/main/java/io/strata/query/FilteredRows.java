package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import io.strata.row.EntityLayout;
import io.strata.row.Paging;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The plan of an {@code @AllowFiltering} method no index helps: read every row in id order, in batches ({@link #rows},
 * the batches of {@link Candidates#allRows}), and keep those a predicate accepts. Reads the whole entity, so within one
 * transaction it suits small entities; pages and streams resume at the next row and so work in short transactions over
 * any size.
 */
public final class FilteredRows {
  /**
   * Rows per read of every row, the one batch size of both dialects' reads of every row (Jakarta Data's through
   * {@link #rows}): each batch reads its rows' keys and one key more, the next row's first.
   */
  public static final int BATCH = 500;

  private FilteredRows() {}

  /**
   * One batch of every row in id order: at most {@code limit} entities, and no more than {@link #BATCH}, after
   * {@code after} (null: from the first row), with the continuation to the next row.
   */
  public static <T> CompletableFuture<Page<T>> rows(ReadTransaction tr, EntityStore<T> store, int limit, Continuation after) {
    return store.scan(tr, Math.min(limit, BATCH), after);
  }

  /** Rows a filtered page examines before it returns (short or empty, with a continuation): a filter that matches little never reads a whole table in one transaction. */
  static final int BUDGET = 2_000;

  /**
   * At most {@code limit} accepted entities after {@code after} (null: from the first row), examining at most
   * {@link #BUDGET} rows; the continuation, bound to {@code query} ({@link QueryResults#query}: the method and its
   * arguments), resumes at the row after the last one examined, in any transaction.
   */
  public static <T> CompletableFuture<Page<T>> page(ReadTransaction tr, EntityStore<T> store, Predicate<T> test, int limit,
      Continuation after, byte[] query) {
    Paging.checkLimit(limit);
    byte[] rows = store.layout().rows().range().begin;
    byte[] bound = ByteArrayUtil.join(rows, query);
    Continuation start = after == null ? null : Continuation.of(rows, after.resumeKeyFor(bound));
    return collect(tr, store, test, limit, start, new ArrayList<>(), bound, BUDGET);
  }

  private static <T> CompletableFuture<Page<T>> collect(ReadTransaction tr, EntityStore<T> store, Predicate<T> test, int limit,
      Continuation after, List<T> kept, byte[] bound, int budget) {
    return rows(tr, store, BATCH, after).thenCompose(page -> {
      List<T> rows = page.items();
      for (int i = 0; i < rows.size(); i++) {
        if (test.test(rows.get(i))) {
          if (kept.size() == limit) {
            return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(resumeAt(store, rows.get(i), bound))));
          }
          kept.add(rows.get(i));
        }
      }
      if (page.next().isEmpty()) {
        return CompletableFuture.completedFuture(new Page<>(kept, Optional.<Continuation>empty()));
      }
      byte[] next = page.next().get().resumeKeyFor(store.layout().rows().range().begin);
      if (rows.size() >= budget) {
        return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(Continuation.of(bound, next))));
      }
      return collect(tr, store, test, limit, page.next().get(), kept, bound, budget - rows.size());
    });
  }

  /** A continuation of the row scan that starts at {@code entity}'s row, as {@link io.strata.row.Rows#scan} makes them. */
  private static <T> Continuation resumeAt(EntityStore<T> store, T entity, byte[] bound) {
    EntityLayout<T> layout = store.layout();
    Object id = layout.codec().toElements(entity)[layout.codec().idIndex()];
    return Continuation.of(bound, layout.rowPrefix(id));
  }
}

package io.strata.repository;

import com.apple.foundationdb.ReadTransaction;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The plan of an {@code @AllowFiltering} method no index helps: read every row in id order, in batches, and
 * keep those a predicate accepts. Reads the whole entity, so within one transaction it suits small entities;
 * pages and streams resume at the next row and so work in short transactions over any size.
 */
public final class FilteredRows {
  private static final int BATCH = 500;

  private FilteredRows() {}

  /** The accepted entities in id order, at most {@code limit}, read in {@code tr}. */
  public static <T> CompletableFuture<List<T>> all(ReadTransaction tr, EntityStore<T> store, Predicate<T> test, int limit) {
    return collect(tr, store, test, limit, null, new ArrayList<>()).thenApply(Page::items);
  }

  /**
   * At most {@code limit} accepted entities after {@code after} (null: from the first row); the continuation
   * resumes at the row after the last one returned, in any transaction.
   */
  public static <T> CompletableFuture<Page<T>> page(ReadTransaction tr, EntityStore<T> store, Predicate<T> test, int limit,
      Continuation after) {
    Paging.checkLimit(limit);
    return collect(tr, store, test, limit, after, new ArrayList<>());
  }

  private static <T> CompletableFuture<Page<T>> collect(ReadTransaction tr, EntityStore<T> store, Predicate<T> test, int limit,
      Continuation after, List<T> kept) {
    return store.scan(tr, BATCH, after).thenCompose(page -> {
      List<T> rows = page.items();
      for (int i = 0; i < rows.size(); i++) {
        if (test.test(rows.get(i))) {
          if (kept.size() == limit) {
            return CompletableFuture.completedFuture(new Page<>(kept, Optional.of(resumeAt(store, rows.get(i)))));
          }
          kept.add(rows.get(i));
        }
      }
      if (page.next().isEmpty()) {
        return CompletableFuture.completedFuture(new Page<>(kept, Optional.<Continuation>empty()));
      }
      return collect(tr, store, test, limit, page.next().get(), kept);
    });
  }

  /** A continuation of the row scan that starts at {@code entity}'s row, as {@link RowScan} makes them. */
  private static <T> Continuation resumeAt(EntityStore<T> store, T entity) {
    EntityLayout<T> layout = store.layout();
    Object id = layout.codec().toElements(entity)[layout.codec().idIndex()];
    return Continuation.of(layout.rows().range().begin, layout.rowPrefix(id));
  }
}

package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one union of the branches of a query whose conditions are joined by {@code Or}, for both dialects and run-time
 * queries. Each entity comes once: a branch keeps the candidates it is the first branch to match, skipping those that
 * match an earlier branch's condition (they were results of that branch already) and those it reads but only a later
 * branch matches ({@link #firstMatchedBy}), or, where the branches' conditions are not at hand (Strata's generated
 * unions of lists, each branch's list holding only its matches), the first of each id is kept. The branches are read
 * <ul>
 *   <li>page by page in branch order ({@link #page}): each branch's results in turn, a page no more than the branch's
 *       page read for it; the continuation names the branch and that branch's own continuation, so a page resumes where
 *       the previous one stopped, in any transaction (Jakarta Data's candidates of an {@code Or} query, the run-time
 *       queries' {@code Plan.Union} pages);</li>
 *   <li>merged by an order each branch is read in ({@link #merged}), lazily (Jakarta Data's ordered unions);</li>
 *   <li>as lists read whole, merged by an order or in branch order, and limited ({@link #ofLists}: Strata's generated
 *       unions through {@link QueryResults#union}, the run-time queries' listed unions).</li>
 * </ul>
 */
public final class UnionPages {
  private UnionPages() {}

  /** One branch's page of at most {@code limit} results after {@code after} (null: its first page). */
  @FunctionalInterface
  public interface Branch<T> {
    CompletableFuture<Page<T>> read(int limit, Continuation after);
  }

  /**
   * The page after {@code after} (null: the first) of the union of {@code branches}, {@code conditions} holding each
   * branch's condition (the last one's is never tested); its continuation is bound to {@code bound}.
   *
   * @throws IllegalArgumentException if there are not as many conditions as branches
   */
  public static <T> CompletableFuture<Page<T>> page(List<? extends Branch<T>> branches,
      List<? extends Predicate<? super T>> conditions, int limit, Continuation after, byte[] bound) {
    if (branches.size() != conditions.size()) {
      throw new IllegalArgumentException(branches.size() + " branches but " + conditions.size() + " conditions");
    }
    int branch = 0;
    Continuation inner = null;
    if (after != null) {
      Tuple position = Tuple.fromBytes(after.resumeKeyFor(bound));
      branch = (int) position.getLong(0);
      inner = position.get(1) == null ? null : Continuation.fromBytes(position.getBytes(1));
    }
    int b = branch;
    return branches.get(b).read(limit, inner).thenApply(page -> {
      List<T> kept = firstMatchedBy(page.items().stream(), conditions, b).toList();
      Optional<Continuation> next = page.next().map(n -> Continuation.of(bound, Tuple.from(b, n.toBytes()).pack()));
      if (next.isEmpty() && b + 1 < branches.size()) {
        next = Optional.of(Continuation.of(bound, Tuple.from(b + 1, null).pack()));
      }
      return new Page<>(kept, next);
    });
  }

  /**
   * {@code read}, the {@code i}-th branch's candidates, keeping those whose first matching branch it is: each matches
   * the branch's own condition and no earlier one's. A branch's read may hold candidates its condition rejects (its index
   * narrows the read, its residual conditions are checked on the rows, a floating bound is read inclusive), and one of
   * those a later branch matches is that branch's: kept here too, it would come twice. The last branch's candidates are
   * not tested against its own condition: what matches no branch, the query's whole condition rejects.
   */
  public static <T> Stream<T> firstMatchedBy(Stream<T> read, List<? extends Predicate<? super T>> conditions, int i) {
    List<? extends Predicate<? super T>> earlier = conditions.subList(0, i);
    Predicate<? super T> own = i == conditions.size() - 1 ? e -> true : conditions.get(i);
    return read.filter(e -> own.test(e) && earlier.stream().noneMatch(c -> c.test(e)));
  }

  /**
   * The union of {@code branches} read whole, without duplicates (the same {@code key}, the first kept), merged by
   * {@code order} when it is not null (each branch sorted by it first), else in branch order; at most {@code limit}.
   */
  public static <T> List<T> ofLists(List<List<T>> branches, Function<T, Tuple> key, Comparator<T> order, int limit) {
    Stream<T> all;
    if (order == null) {
      all = branches.stream().flatMap(List::stream);
    } else {
      all = merged(branches.stream().map(b -> b.stream().sorted(order)).toList(), order);
    }
    Set<Tuple> seen = new HashSet<>();
    return all.filter(e -> seen.add(key.apply(e))).limit(limit).toList();
  }

  /**
   * The elements of {@code sorted} (each sorted by {@code order}) merged into one stream sorted by {@code order}, lazily:
   * each stream's next element is read only when the merged stream needs to know what follows the last one it handed
   * out from that stream. Elements that tie come first from the earlier stream.
   */
  public static <T> Stream<T> merged(List<Stream<T>> sorted, Comparator<? super T> order) {
    record Head<T>(T value, int from) {}
    List<Iterator<T>> in = sorted.stream().map(Stream::iterator).toList();
    PriorityQueue<Head<T>> heads = new PriorityQueue<>(Comparator.<Head<T>, T>comparing(Head::value, order)
        .thenComparingInt(Head::from));
    Iterator<T> merged = new Iterator<>() {
      private int refill = -1; // the stream whose element was handed out last, to read on from; -1: all, at the start
      private boolean started;

      @Override
      public boolean hasNext() {
        if (!started) {
          started = true;
          for (int i = 0; i < in.size(); i++) {
            take(i);
          }
        } else if (refill >= 0) {
          take(refill);
          refill = -1;
        }
        return !heads.isEmpty();
      }

      private void take(int from) {
        if (in.get(from).hasNext()) {
          heads.add(new Head<>(in.get(from).next(), from));
        }
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Head<T> head = heads.poll();
        refill = head.from();
        return head.value();
      }
    };
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(merged, Spliterator.ORDERED | Spliterator.NONNULL), false)
        .onClose(() -> sorted.forEach(Stream::close));
  }

  /**
   * {@link #merged}, each element once: {@code total} orders every stream and ties no two different elements (it ends
   * with the id), so an element several streams hold comes out of the merge twice in a row, and the second is dropped.
   */
  public static <T> Stream<T> mergedOnce(List<Stream<T>> sorted, Comparator<? super T> total) {
    List<T> last = new ArrayList<>(1);
    return merged(sorted, total).filter(e -> {
      boolean again = !last.isEmpty() && total.compare(last.get(0), e) == 0;
      last.clear();
      last.add(e);
      return !again;
    });
  }

}

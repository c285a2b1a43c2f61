package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A FIFO queue (the Queue recipe): items {@code (S, index, random20) = value}.
 *
 * <p>Enqueue reads the last index at snapshot isolation and appends after it with a random suffix, so
 * producers never conflict. Dequeue pops the head directly while consumers do not collide; a consumer
 * that loses the race for the head (and, for the next {@value #STAGED_RUN} dequeues of this instance,
 * every consumer) takes the staged path, the recipe's high-contention dequeue: it registers a request
 * {@code (S, "req", millis, random10)} (its operation id) with a blind write, then runs fulfilment
 * rounds until its request is answered. A round reads, in one wave, its own answer, up to
 * {@value #BATCH} waiting requests and as many head items (both at snapshot isolation), and answers all
 * those requests oldest first in one commit: each request is cleared and its answer — the next item, or
 * empty when the queue ran out — is written to the operation log {@code (S, "op", ...)} under the
 * request's id, the item cleared. Read conflicts on exactly the requests and items taken make two
 * rounds that answer the same request conflict, so only one commits; the loser's next round finds its
 * answer already logged and returns it without committing. Nothing sleeps: every round either answers
 * requests or finds that another round did.
 *
 * <p>Enqueue and dequeue are exactly-once under {@code commit_unknown_result} (see {@link OperationLog}):
 * an answer is logged in the same commit that clears its request and item, and a request is registered
 * again after an unknown outcome only if no answer is logged. Items leave in key order, so each
 * producer's items are dequeued in the order it enqueued them.
 */
public final class FdbQueue<T> {
  /** Requests (and items) one fulfilment round answers. */
  static final int BATCH = 100;
  /** Dequeues of this instance that go straight to the staged path after a consumer lost the head. */
  static final int STAGED_RUN = 64;
  private static final int ROUND_LIMIT = 10_000;
  private static final long RECENT_VERSION_MILLIS = 1_000;
  private static final int NOT_COMMITTED = 1020;
  private static final int COMMIT_UNKNOWN_RESULT = 1021;

  private final Database db;
  private final Subspace items;
  private final Subspace requests;
  private final Codec<T> codec;
  private final OperationLog log;
  private final String name;
  private final AtomicInteger stagedRun = new AtomicInteger();
  /** The newest read version a fulfilment round of this instance used, and when ({@code nanoTime}). */
  private final AtomicReference<long[]> recentVersion = new AtomicReference<>();

  public FdbQueue(Database db, Subspace subspace, Codec<T> codec) {
    this.db = LayerSupport.require(db, "db");
    this.items = LayerSupport.require(subspace, "subspace");
    this.codec = LayerSupport.require(codec, "codec");
    this.requests = subspace.get("req");
    this.log = new OperationLog(subspace);
    this.name = LayerSupport.name("FdbQueue", subspace);
  }

  private Range itemRange() {
    return LayerSupport.integerKeys(items);
  }

  private byte[] encode(T item) {
    byte[] v = LayerSupport.encode(codec, LayerSupport.require(item, "queue item"), name);
    return LayerSupport.checkValue(name, "queue item", v);
  }

  // ------------------------------------------------------------------ enqueue

  public void enqueue(T item) {
    enqueue(db, item);
  }

  /** Appends {@code item}; inside {@code tc} it commits with the caller's transaction. */
  public void enqueue(TransactionContext tc, T item) {
    byte[] value = encode(item);
    Tuple op = OperationLog.newId();
    tc.run(tr -> {
      if (log.recorded(tr, op).isEmpty()) {
        List<KeyValue> last = tr.snapshot().getRange(itemRange(), 1, true).asList().join();
        long index = last.isEmpty() ? 0 : items.unpack(last.get(0).getKey()).getLong(0) + 1;
        tr.set(items.pack(Tuple.from(index, LayerSupport.random(20))), value);
        log.record(tr, op, new Tuple());
      }
      return null;
    });
  }

  // ------------------------------------------------------------------ dequeue

  public Optional<T> dequeue() {
    return dequeue(db);
  }

  /**
   * Removes and returns the head, or empty when the queue is empty. Alone (a {@code Database}), a
   * consumer that loses the race for the head switches to the staged path; inside a caller's
   * {@code Transaction} it simply pops the head in that transaction.
   */
  public Optional<T> dequeue(TransactionContext tc) {
    Tuple op = OperationLog.newId();
    if (!(tc instanceof Database database)) {
      return tc.run(tr -> popHead(tr, op));
    }
    boolean mayHaveCommitted = false;
    if (stagedRun.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
      try (Transaction tr = database.createTransaction()) {
        Optional<T> fast = popHead(tr, op);
        tr.commit().join();
        return fast;
      } catch (CompletionException | FDBException e) {
        FDBException fe = e instanceof FDBException f ? f : e.getCause() instanceof FDBException f ? f : null;
        if (fe == null) {
          throw e;
        }
        // lost the race for the head (or the outcome is unknown): the staged path settles it exactly once
        stagedRun.set(STAGED_RUN);
        mayHaveCommitted = fe.getCode() != NOT_COMMITTED;
      }
    }
    return staged(database, op, mayHaveCommitted);
  }

  /** Pops the head inside {@code tr} (or returns what an earlier committed attempt of {@code op} popped). */
  private Optional<T> popHead(Transaction tr, Tuple op) {
    CompletableFuture<byte[]> done = tr.get(log.key(op));
    CompletableFuture<List<KeyValue>> first = tr.getRange(itemRange(), 1).asList();
    if (done.join() != null) {
      return decodeRecorded(op, Tuple.fromBytes(done.join()));
    }
    List<KeyValue> head = first.join();
    if (head.isEmpty()) {
      return Optional.empty();
    }
    T item = LayerSupport.decode(codec, head.get(0).getKey(), head.get(0).getValue(), name);
    tr.clear(head.get(0).getKey());
    log.record(tr, op, Tuple.from(head.get(0).getValue()));
    return Optional.of(item);
  }

  private Optional<T> decodeRecorded(Tuple op, Tuple result) {
    return result.size() == 0 ? Optional.empty() : Optional.of(LayerSupport.decode(codec, log.key(op), result.getBytes(0), name));
  }

  /**
   * The staged dequeue: register request {@code op} (unless an earlier attempt that may have committed
   * already has an answer), then run fulfilment rounds until it is answered.
   */
  private Optional<T> staged(Database database, Tuple op, boolean mayHaveCommitted) {
    boolean[] check = {mayHaveCommitted};
    Optional<Tuple> early = database.run(tr -> {
      if (check[0]) {
        Optional<Tuple> done = log.recorded(tr, op);
        if (done.isPresent()) {
          return done; // answered already (or the fast attempt did commit): register nothing
        }
      }
      if (!check[0]) {
        recentReadVersion().ifPresent(tr::setReadVersion); // a blind write needs no fresh version: save its round trip
      }
      check[0] = true; // a retry may follow a commit that did register, and was then answered
      tr.set(requests.pack(op), new byte[0]);
      return Optional.<Tuple>empty();
    });
    if (early.isPresent()) {
      return answer(database, op, early.get());
    }
    Transaction tr = database.createTransaction();
    try {
      for (int round = 0; round < ROUND_LIMIT && !Thread.currentThread().isInterrupted(); round++) {
        try {
          Optional<Tuple> mine = fulfil(tr, op);
          noteReadVersion(tr.getReadVersion().join());
          if (mine.isPresent()) {
            tr.commit().join();
            return answer(database, op, mine.get());
          }
          tr.commit().join();
          tr.close();
          tr = database.createTransaction();
        } catch (CompletionException | FDBException e) {
          FDBException fe = e instanceof FDBException f ? f : e.getCause() instanceof FDBException f ? f : null;
          if (fe == null) {
            throw e;
          }
          if (fe.getCode() == NOT_COMMITTED || fe.getCode() == COMMIT_UNKNOWN_RESULT) {
            tr.close(); // another round answered the same requests, or this one may have: look again at once
            tr = database.createTransaction();
          } else {
            tr = tr.onError(fe).join();
          }
        }
      }
    } finally {
      tr.close();
    }
    Optional<Tuple> late = withdraw(database, op);
    if (late.isPresent()) {
      return answer(database, op, late.get());
    }
    throw new IllegalStateException("dequeue request " + op + " was not answered after " + ROUND_LIMIT + " rounds or was interrupted;"
        + " it is withdrawn and no item was taken");
  }

  /**
   * A read version this instance used less than {@value #RECENT_VERSION_MILLIS} ms ago. Registration
   * writes blindly (no read, so no read conflict), so any version younger than FoundationDB's 5-second
   * window serves it, and it saves the read-version round trip.
   */
  private OptionalLong recentReadVersion() {
    long[] seen = recentVersion.get();
    return seen != null && System.nanoTime() - seen[1] < RECENT_VERSION_MILLIS * 1_000_000L ? OptionalLong.of(seen[0]) : OptionalLong.empty();
  }

  private void noteReadVersion(long version) {
    recentVersion.accumulateAndGet(new long[] {version, System.nanoTime()}, (a, b) -> a == null || b[0] >= a[0] ? b : a);
  }

  /**
   * One fulfilment round in {@code tr}: {@code op}'s answer if already logged (nothing written), else
   * answers up to {@value #BATCH} waiting requests and returns {@code op}'s answer if it was among them.
   * Returns empty (a round to commit) when {@code op} is still waiting after it.
   */
  private Optional<Tuple> fulfil(Transaction tr, Tuple op) {
    CompletableFuture<byte[]> logged = tr.get(log.key(op));
    CompletableFuture<List<KeyValue>> waiting = tr.snapshot().getRange(requests.range(), BATCH).asList();
    CompletableFuture<List<KeyValue>> heads = tr.snapshot().getRange(itemRange(), BATCH).asList();
    if (logged.join() != null) {
      return Optional.of(Tuple.fromBytes(logged.join()));
    }
    List<KeyValue> open = waiting.join();
    List<KeyValue> next = heads.join();
    Optional<Tuple> mine = Optional.empty();
    for (int i = 0; i < open.size(); i++) {
      byte[] request = open.get(i).getKey();
      tr.addReadConflictKey(request);
      tr.clear(request);
      Tuple answer = new Tuple();
      if (i < next.size()) {
        tr.addReadConflictKey(next.get(i).getKey());
        tr.clear(next.get(i).getKey());
        answer = Tuple.from(next.get(i).getValue());
      }
      Tuple id = requests.unpack(request);
      log.record(tr, id, answer);
      if (id.equals(op)) {
        mine = Optional.of(answer);
      }
    }
    if (open.size() > next.size()) {
      // requests answered empty: conflict with any item enqueued meanwhile
      tr.addReadConflictRange(itemRange().begin, itemRange().end);
    }
    return mine;
  }

  /** Decodes {@code op}'s logged answer; an item the codec cannot decode goes back to the head. */
  private Optional<T> answer(Database database, Tuple op, Tuple logged) {
    try {
      return decodeRecorded(op, logged);
    } catch (io.strata.CodecException bad) {
      database.run(tr -> {
        if (log.recorded(tr, op).isPresent()) {
          tr.clear(log.key(op));
          List<KeyValue> head = tr.getRange(itemRange(), 1).asList().join();
          long index = head.isEmpty() ? 0 : items.unpack(head.get(0).getKey()).getLong(0) - 1;
          tr.set(items.pack(Tuple.from(index, LayerSupport.random(20))), logged.getBytes(0));
        }
        return null;
      });
      throw bad;
    }
  }

  /** Takes back request {@code op}, unless it was answered meanwhile: then its answer. */
  private Optional<Tuple> withdraw(Database database, Tuple op) {
    return database.run(tr -> {
      CompletableFuture<byte[]> logged = tr.get(log.key(op));
      CompletableFuture<byte[]> request = tr.get(requests.pack(op));
      if (logged.join() != null) {
        return Optional.of(Tuple.fromBytes(logged.join()));
      }
      if (request.join() != null) {
        tr.clear(requests.pack(op));
      }
      return Optional.<Tuple>empty();
    });
  }

  // ------------------------------------------------------------------ reads

  public Optional<T> peek() {
    return peek(db);
  }

  public Optional<T> peek(TransactionContext tc) {
    return tc.read(tr -> {
      List<KeyValue> head = tr.getRange(itemRange(), 1).asList().join();
      return head.isEmpty() ? Optional.<T>empty() : Optional.of(LayerSupport.decode(codec, head.get(0).getKey(), head.get(0).getValue(), name));
    });
  }

  public boolean isEmpty() {
    return isEmpty(db);
  }

  public boolean isEmpty(TransactionContext tc) {
    return tc.read(tr -> tr.getRange(itemRange(), 1).asList().join().isEmpty());
  }
}

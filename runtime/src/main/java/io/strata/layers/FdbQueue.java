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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A FIFO queue (the Queue recipe): items {@code (S, index, random20) = value}.
 *
 * <p>Enqueue reads the last index at snapshot isolation and appends after it with a random suffix, so
 * producers never conflict. Dequeue first tries to pop the head directly; a consumer that loses that
 * race registers a request {@code (S, "req", millis, random)} and then fulfils outstanding requests in
 * request order, handing each the next item through {@code (S, "res", request) = value} — so
 * throughput holds as consumers grow (the recipe's high-contention dequeue). Enqueue and dequeue are
 * exactly-once under {@code commit_unknown_result} (see {@link OperationLog}); items leave in key order,
 * so each producer's items are dequeued in the order it enqueued them.
 */
public final class FdbQueue<T> {
  private static final int POLL_LIMIT = 10_000;

  private final Database db;
  private final Subspace items;
  private final Subspace requests;
  private final Subspace results;
  private final Codec<T> codec;
  private final OperationLog log;
  private final String name;

  public FdbQueue(Database db, Subspace subspace, Codec<T> codec) {
    this.db = LayerSupport.require(db, "db");
    this.items = LayerSupport.require(subspace, "subspace");
    this.codec = LayerSupport.require(codec, "codec");
    this.requests = subspace.get("req");
    this.results = subspace.get("res");
    this.log = new OperationLog(subspace);
    this.name = LayerSupport.name("FdbQueue", subspace);
  }

  private Range itemRange() {
    return LayerSupport.integerKeys(items);
  }

  private byte[] encode(T item) {
    byte[] v = LayerSupport.encode(codec, LayerSupport.require(item, "queue item"), name);
    if (v.length > 100_000) {
      throw new IllegalArgumentException("queue item encodes to " + v.length + " bytes, over FoundationDB's 100,000-byte value limit;"
          + " store the payload with BlobStore and enqueue its id");
    }
    return v;
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
   * consumer that keeps losing the race for the head switches to the staged path; inside a caller's
   * {@code Transaction} it simply pops the head in that transaction.
   */
  public Optional<T> dequeue(TransactionContext tc) {
    Tuple op = OperationLog.newId();
    if (!(tc instanceof Database database)) {
      return tc.run(tr -> popHead(tr, op));
    }
    try (Transaction tr = database.createTransaction()) {
      Optional<T> fast = popHead(tr, op);
      tr.commit().join();
      return fast;
    } catch (CompletionException | FDBException e) {
      if (!(e instanceof FDBException) && !(e.getCause() instanceof FDBException)) {
        throw e;
      }
      // lost the race for the head (or the outcome is unknown): the staged path settles it exactly once
    }
    return staged(database, op);
  }

  /** Pops the head inside {@code tr} (or returns what an earlier committed attempt of {@code op} popped). */
  private Optional<T> popHead(Transaction tr, Tuple op) {
    Optional<Tuple> done = log.recorded(tr, op);
    if (done.isPresent()) {
      return decodeRecorded(op, done.get());
    }
    List<KeyValue> head = tr.getRange(itemRange(), 1).asList().join();
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

  /** The staged dequeue: register a request, fulfil requests, collect this one's result. */
  private Optional<T> staged(Database database, Tuple op) {
    Tuple request = Tuple.from(System.currentTimeMillis(), LayerSupport.random(10));
    Optional<Optional<T>> settled = database.run(tr -> {
      Optional<Tuple> done = log.recorded(tr, op);
      if (done.isPresent()) {
        return Optional.of(decodeRecorded(op, done.get())); // the fast attempt did commit: register nothing
      }
      // a retry after an unknown commit result must not register again a request already fulfilled
      if (tr.get(results.pack(request)).join() == null) {
        tr.set(requests.pack(request), new byte[0]);
      }
      return Optional.<Optional<T>>empty();
    });
    if (settled.isPresent()) {
      return settled.get();
    }
    for (int attempt = 0; attempt < POLL_LIMIT && !Thread.currentThread().isInterrupted(); attempt++) {
      Optional<Optional<T>> mine = collect(database, request, op);
      if (mine.isPresent()) {
        return mine.get();
      }
      fulfil(database);
      mine = collect(database, request, op);
      if (mine.isPresent()) {
        return mine.get();
      }
      sleepBriefly(attempt);
    }
    withdraw(database, request);
    throw new IllegalStateException("dequeue request " + request + " was not fulfilled after " + POLL_LIMIT + " rounds");
  }

  /** Takes back a request nobody will collect; an item already handed to it goes back to the head. */
  private void withdraw(Database database, Tuple request) {
    database.run(tr -> {
      tr.clear(requests.pack(request));
      byte[] result = tr.get(results.pack(request)).join();
      if (result != null) {
        tr.clear(results.pack(request));
        List<KeyValue> head = tr.getRange(itemRange(), 1).asList().join();
        long index = head.isEmpty() ? 0 : items.unpack(head.get(0).getKey()).getLong(0) - 1;
        tr.set(items.pack(Tuple.from(index, LayerSupport.random(20))), result);
      }
      return null;
    });
  }

  /** {@link #collect(Transaction, Tuple, Tuple)}; an item the codec cannot decode goes back to the head. */
  private Optional<Optional<T>> collect(Database database, Tuple request, Tuple op) {
    try {
      return database.run(tr -> collect(tr, request, op));
    } catch (CompletionException e) {
      if (e.getCause() instanceof io.strata.CodecException bad) {
        withdraw(database, request);
        throw bad;
      }
      throw e;
    }
  }

  /**
   * This request's outcome if decided: its result (or, when the request is still waiting but the queue is
   * empty, empty — withdrawing the request), else nothing yet.
   */
  private Optional<Optional<T>> collect(Transaction tr, Tuple request, Tuple op) {
    Optional<Tuple> done = log.recorded(tr, op);
    if (done.isPresent()) {
      return Optional.of(decodeRecorded(op, done.get()));
    }
    byte[] result = tr.get(results.pack(request)).join();
    if (result != null) {
      T item = LayerSupport.decode(codec, results.pack(request), result, name);
      tr.clear(results.pack(request));
      tr.clear(requests.pack(request));
      log.record(tr, op, Tuple.from(result));
      return Optional.of(Optional.of(item));
    }
    boolean waiting = tr.get(requests.pack(request)).join() != null;
    if (waiting && tr.getRange(itemRange(), 1).asList().join().isEmpty()) {
      tr.clear(requests.pack(request));
      log.record(tr, op, new Tuple());
      return Optional.of(Optional.empty());
    }
    return Optional.empty();
  }

  /** Pairs outstanding requests with items, oldest first, in one transaction. */
  private void fulfil(Database database) {
    try {
      database.run(tr -> {
        List<KeyValue> waiting = tr.getRange(requests.range(), 100).asList().join();
        if (waiting.isEmpty()) {
          return null;
        }
        List<KeyValue> heads = tr.getRange(itemRange(), waiting.size()).asList().join();
        for (int i = 0; i < heads.size(); i++) {
          Tuple request = requests.unpack(waiting.get(i).getKey());
          tr.clear(waiting.get(i).getKey());
          tr.clear(heads.get(i).getKey());
          tr.set(results.pack(request), heads.get(i).getValue());
        }
        return null;
      });
    } catch (CompletionException e) {
      if (!(e.getCause() instanceof FDBException)) {
        throw e;
      }
      // another consumer is fulfilling the same requests; its work serves ours
    }
  }

  private static void sleepBriefly(int attempt) {
    try {
      Thread.sleep(Math.min(20, 1 + attempt / 4) + ThreadLocalRandom.current().nextInt(3));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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

  /** The plain recipe dequeue (pop the head, retrying on conflicts), for comparison in benchmarks. */
  Optional<T> dequeueWithoutStaging() {
    Tuple op = OperationLog.newId();
    return db.run(tr -> popHead(tr, op));
  }
}

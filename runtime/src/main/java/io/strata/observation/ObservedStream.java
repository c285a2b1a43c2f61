package io.strata.observation;

import io.micrometer.observation.Observation;
import java.lang.ref.Cleaner;
import java.util.Comparator;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A stream a repository call returned, whose call observation stays open while it is read: each element is read inside
 * the call's scope (so the transactions of a lazy stream's pages are the call's), and the call stops when the stream
 * ends ({@code strata.stream.end}: {@code exhausted} when a read finds no more elements, {@code closed}, {@code failed}
 * when a read throws), or, for a stream neither consumed to its end nor closed, when it is garbage collected
 * ({@code abandoned}), so that no started observation is kept for ever. The consumer's own code runs outside the scope.
 */
final class ObservedStream<T> implements Spliterator<T> {
  static final String END = "strata.stream.end";

  /** One thread for every observed stream, started when the first stream is observed. */
  private static final Cleaner CLEANER = Cleaner.create();

  /** How the stream ended; the cleaner's action, so it must not reach the stream. */
  private static final class End implements Runnable {
    private final CallObservation call;
    private volatile String how = "abandoned";

    End(CallObservation call) {
      this.call = call;
    }

    @Override
    public void run() {
      call.highCardinality(END, how);
      call.stop();
    }
  }

  private final Spliterator<T> source;
  private final CallObservation call;
  private final End end;
  private final Cleaner.Cleanable cleanable;
  private T next;

  private ObservedStream(Spliterator<T> source, CallObservation call) {
    this.source = source;
    this.call = call;
    this.end = new End(call);
    this.cleanable = CLEANER.register(this, end);
  }

  /** {@code stream}, its reads observed as {@code call}'s until it ends. */
  static <T> Stream<T> of(Stream<T> stream, CallObservation call) {
    ObservedStream<T> observed = new ObservedStream<>(stream.spliterator(), call);
    return StreamSupport.stream(observed, false).onClose(() -> {
      try {
        stream.close();
      } finally {
        observed.end("closed");
      }
    });
  }

  private void end(String how) {
    if (end.how.equals("abandoned")) {
      end.how = how;
    }
    cleanable.clean();
  }

  @Override
  public boolean tryAdvance(Consumer<? super T> action) {
    boolean found;
    try (Observation.Scope scope = call.openScope()) {
      found = source.tryAdvance(e -> next = e);
    } catch (RuntimeException err) {
      call.error(err);
      end("failed");
      throw err;
    }
    if (!found) {
      end("exhausted");
      return false;
    }
    T element = next;
    next = null;
    action.accept(element);
    return true;
  }

  @Override
  public Spliterator<T> trySplit() {
    return null;
  }

  @Override
  public long estimateSize() {
    return source.estimateSize();
  }

  @Override
  public int characteristics() {
    return source.characteristics() & ~(Spliterator.SUBSIZED | Spliterator.CONCURRENT);
  }

  @Override
  public Comparator<? super T> getComparator() {
    return source.getComparator();
  }
}

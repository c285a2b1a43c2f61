package io.strata.embedded;

import static io.strata.embedded.ReadYourWritesContract.b;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Sequential round trips are counted by causality ({@code RoundTrips.Path}), not by the clock: the count is the
 * same whether an answer arrives before or after the caller gets to sending its next, independent request. The
 * database's executor here is a queue the test drains by hand, so each answer is delivered exactly when the test
 * says — as on a starved machine, where the timer delivers answers while the caller has not yet run.
 */
class CausalRoundTripsTest {
    /** An executor that runs nothing until the test runs the tasks handed to it. */
    private static final class HandDelivery implements Executor {
        private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        /**
         * The next answer's delivery, not run yet, waiting for the timer to hand it over (one round trip after its send):
         * the timer hands deliveries over in the order their answers are due.
         */
        Runnable next() {
            try {
                Runnable task = tasks.poll(1, TimeUnit.MINUTES);
                if (task == null) {
                    throw new AssertionError("no answer was handed over: the test waits for one that was never sent");
                }
                return task;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** Delivers answers until {@code future} is complete (a cached answer may be delivered at once, with no task). */
        void deliverUntil(CompletableFuture<?> future) {
            while (!future.isDone()) {
                next().run();
            }
        }
    }

    private static byte[] key(int i) {
        return Tuple.from("k", i).pack();
    }

    /** The sequential round trips of {@code attempt} on a fresh database whose answers {@code hands} delivers. */
    private static long sequential(HandDelivery hands, Function<Transaction, CompletableFuture<?>> attempt) {
        try (Database db = EmbeddedFdb.builder().latency(Duration.ofMillis(20)).executor(hands).open()) {
            EngineStats before = EmbeddedFdb.stats(db);
            try (Transaction tr = db.createTransaction()) {
                attempt.apply(tr).join();
                tr.set(b("x"), b("1"));
                CompletableFuture<Void> commit = tr.commit();
                hands.deliverUntil(commit);
                commit.join();
            }
            return EmbeddedFdb.stats(db).since(before).sequentialRoundTrips();
        }
    }

    @Test
    void aReadSentAfterAnEarlierAnswerArrivedButWithoutLookingAtItGoesOutWithIt() {
        HandDelivery idle = new HandDelivery();
        long together = sequential(idle, tr -> {
            CompletableFuture<byte[]> first = tr.get(key(0));
            CompletableFuture<byte[]> second = tr.get(key(1));
            CompletableFuture<Void> both = CompletableFuture.allOf(first, second);
            idle.deliverUntil(both);
            return both;
        });
        HandDelivery starved = new HandDelivery();
        long late = sequential(starved, tr -> {
            CompletableFuture<byte[]> first = tr.get(key(0));
            starved.deliverUntil(first); // the answer arrives before the caller gets to its next send
            CompletableFuture<byte[]> second = tr.get(key(1));
            starved.deliverUntil(second);
            return CompletableFuture.allOf(first, second);
        });
        assertEquals(3, together, "read version, both reads, the commit");
        assertEquals(together, late, "an answer nobody looked at yet makes no later send depend on it");
    }

    @Test
    void aReadSentByAFunctionOfAnAnswerComesAfterItWhetherTheAnswerCameFirstOrNot() {
        HandDelivery early = new HandDelivery();
        long registeredFirst = sequential(early, tr -> {
            CompletableFuture<byte[]> first = tr.get(key(0));
            CompletableFuture<byte[]> second = first.thenCompose(v -> tr.get(key(1)));
            early.deliverUntil(second); // the first answer runs the function, which sends the second read
            return second;
        });
        HandDelivery late = new HandDelivery();
        long arrivedFirst = sequential(late, tr -> {
            CompletableFuture<byte[]> first = tr.get(key(0));
            late.deliverUntil(first);
            CompletableFuture<byte[]> second = first.thenCompose(v -> tr.get(key(1))); // runs at once, here
            late.deliverUntil(second);
            return second;
        });
        assertEquals(4, registeredFirst, "read version, the first read, the read it led to, the commit");
        assertEquals(registeredFirst, arrivedFirst);
    }

    @Test
    void aReadSentAfterJoiningAFutureMadeFromAnswersComesAfterTheAnswersItJoined() {
        for (boolean arrivedFirst : new boolean[] {false, true}) {
            HandDelivery hands = new HandDelivery();
            long count = sequential(hands, tr -> {
                CompletableFuture<byte[]> first = tr.get(key(0)).thenApply(v -> v);
                CompletableFuture<byte[]> second = tr.get(key(1));
                if (arrivedFirst) {
                    hands.deliverUntil(CompletableFuture.allOf(first, second));
                }
                CompletableFuture<byte[]> third = CompletableFuture.allOf(first, second).thenCompose(v -> {
                    first.join();
                    return tr.get(key(2));
                });
                hands.deliverUntil(third);
                return third;
            });
            assertEquals(4, count, "answers " + (arrivedFirst ? "before" : "after") + " the function was given");
        }
    }

    @Test
    void aFunctionHasObservedWhatTheCodeThatGaveItHadObservedWhetherItsAnswerCameFirstOrNot() {
        for (boolean arrivedFirst : new boolean[] {false, true}) {
            HandDelivery hands = new HandDelivery();
            long count = sequential(hands, tr -> {
                CompletableFuture<Long> version = tr.getReadVersion();
                hands.deliverUntil(version);
                version.join();
                CompletableFuture<byte[]> early = tr.get(key(0));
                for (long sent = System.nanoTime(); System.nanoTime() == sent; ) {
                    Thread.onSpinWait(); // the next read is due strictly later, so its answer is handed over second
                }
                CompletableFuture<byte[]> first = tr.get(key(1));
                // the early answer's delivery, held back (none when a stalled send found it due already)
                Runnable earlyAnswer = early.isDone() ? () -> { } : hands.next();
                hands.deliverUntil(first);
                first.join();
                CompletableFuture<byte[]> second = tr.get(key(2)); // sent after looking at the first: one wave later
                hands.deliverUntil(second);
                second.join();
                if (arrivedFirst) {
                    earlyAnswer.run();
                }
                // this function is written knowing the second read's answer, so its read comes after it
                CompletableFuture<byte[]> third = early.thenCompose(v -> tr.get(key(3)));
                if (!arrivedFirst) {
                    earlyAnswer.run();
                }
                hands.deliverUntil(third);
                return third;
            });
            assertEquals(5, count, "read version, key 0 and key 1, key 2, key 3, the commit; the early answer "
                    + (arrivedFirst ? "before" : "after") + " the function was given");
        }
    }

    @Test
    void anAnswerFromTheReadCacheComesNoSoonerThanTheReadThatFilledIt() {
        HandDelivery hands = new HandDelivery();
        long count = sequential(hands, tr -> {
            CompletableFuture<byte[]> first = tr.get(key(0));
            CompletableFuture<byte[]> again = tr.get(key(0)); // from the read cache: no request of its own
            CompletableFuture<byte[]> next = again.thenCompose(v -> tr.get(key(1)));
            hands.deliverUntil(next); // both answers of key 0, then the function's read of key 1
            return next.thenCombine(first, (x, y) -> x);
        });
        assertEquals(4, count, "read version, key 0, key 1 after it, the commit");
    }
}

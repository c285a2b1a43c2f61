package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which thread finishes a durable commit. {@code Database.run} waits for its own commit, so the log writer wakes it
 * directly: no task on the executor. A future returned by {@code commit()} is completed on the executor, so its
 * callbacks never run on the log writer. Counted by the tasks the executor is given and the threads callbacks ran on.
 */
class CommitHandOffTest {
    private static final String EXECUTOR_THREAD = "callbacks";

    @TempDir
    Path temp;

    private final AtomicInteger tasks = new AtomicInteger();
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> new Thread(r, EXECUTOR_THREAD));

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    private Database open(TestDisk disk) {
        return EmbeddedFdb.builder().executor(task -> {
            tasks.incrementAndGet();
            pool.execute(task);
        }).logDisk(disk).open(temp.resolve("db"));
    }

    @Test
    void runIsWokenByTheLogWriterWithoutAnExecutorTask() {
        TestDisk disk = new TestDisk();
        try (Database db = open(disk)) {
            commitNumbers(db, 0, 20); // each by db.run
            assertEquals(0, tasks.get(), "20 durable commits by run() gave the executor no task");
            assertEquals(20, EmbeddedFdb.stats(db).loggedCommits());
        }
    }

    @Test
    void runsCommitStepsRunOnTheCommittingThreadNeverOnTheWriter() {
        try (Database db = open(new TestDisk())) {
            AtomicReference<Thread> stampedOn = new AtomicReference<>();
            db.run(tr -> {
                tr.set(Tuple.from("k").pack(), new byte[10]);
                tr.getVersionstamp().thenRun(() -> stampedOn.set(Thread.currentThread()));
                return null;
            });
            assertSame(Thread.currentThread(), stampedOn.get(),
                    "the versionstamp of run()'s commit completed on the thread that called run()");
        }
    }

    @Test
    void aCommitFuturesCallbacksRunOnTheExecutor() throws Exception {
        TestDisk disk = new TestDisk();
        try (Database db = open(disk)) {
            commitNumbers(db, 0, 1); // the log has grown: from here on, one force per group
            disk.holdForce(disk.forces() + 1);
            List<Transaction> transactions = new ArrayList<>();
            List<CompletableFuture<Void>> commits = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    Transaction tr = db.createTransaction();
                    transactions.add(tr);
                    tr.set(Tuple.from("k", i).pack(), new byte[10]);
                    commits.add(tr.commit());
                }
                // No commit can complete while the first group's force is held, so every callback below is attached
                // to an incomplete future (one attached to a completed future runs on the attaching thread, as
                // CompletableFuture's always do, whatever the engine does).
                disk.awaitHeld();
                List<CompletableFuture<String>> threads = new ArrayList<>();
                for (CompletableFuture<Void> committed : commits) {
                    threads.add(committed.thenApply(ok -> Thread.currentThread().getName()));
                }
                disk.release();
                List<String> names = new ArrayList<>();
                for (CompletableFuture<String> thread : threads) {
                    names.add(thread.get(30, TimeUnit.SECONDS));
                }
                assertTrue(names.stream().allMatch(EXECUTOR_THREAD::equals),
                        "callbacks attached to commit() ran on the executor: " + names);
                assertTrue(tasks.get() >= 20, "each commit() completed by an executor task: " + tasks.get());
            } finally {
                transactions.forEach(Transaction::close);
            }
        }
    }

    @Test
    void committersArrivingDuringAForceShareTheNextOne() throws Exception {
        int committers = 6;
        TestDisk disk = new TestDisk();
        try (Database db = open(disk)) {
            commitNumbers(db, 0, 1); // the log has grown: from here on, one force per group
            EngineStats before = EmbeddedFdb.stats(db);
            disk.holdForce(disk.forces() + 1);
            ExecutorService threads = Executors.newFixedThreadPool(committers);
            try {
                List<Future<?>> running = new ArrayList<>();
                running.add(threads.submit(() -> commitNumbers(db, 1, 2)));
                disk.awaitHeld(); // the first commit's force is in progress
                EmbeddedDatabase engine = (EmbeddedDatabase) db;
                for (int t = 2; t <= committers; t++) {
                    int key = t;
                    running.add(threads.submit(() -> commitNumbers(db, key, key + 1)));
                }
                while (engine.queuedForLog() < committers - 1) {
                    Thread.yield(); // until every other committer waits for the log
                }
                disk.release();
                for (var f : running) {
                    f.get(30, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
            EngineStats cost = EmbeddedFdb.stats(db).since(before);
            assertEquals(committers, cost.loggedCommits());
            assertEquals(2, cost.logForces(), "the first commit's force, then one force for the " + (committers - 1)
                    + " commits that arrived during it");
            assertEquals(0, tasks.get(), "run() committers were woken by the writer, not through the executor");
        }
    }
}

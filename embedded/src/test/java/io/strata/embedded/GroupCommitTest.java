package io.strata.embedded;

import static io.strata.embedded.DurableFiles.commitNumbers;
import static io.strata.embedded.DurableFiles.onlyLog;
import static io.strata.embedded.DurableFiles.recordsEnd;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit: concurrent commits share one force of the log, a lone committer pays one force per commit, and
 * a commit's future completes only after its force. Counted by {@code EngineStats.logForces/loggedCommits}.
 */
class GroupCommitTest {
    private static final int THREADS = 8;
    private static final int COMMITS_EACH = 200;

    @TempDir
    Path temp;

    @Test
    void concurrentCommitsShareForcesAndAreAllDurable() throws Exception {
        Path dir = temp.resolve("db");
        // a disk whose flush takes 3 ms, as a consumer SSD's fsync: what group commit saves
        TestDisk disk = new TestDisk().slowForce(3_000);
        EngineStats cost;
        try (Database db = EmbeddedFdb.builder().logDisk(disk).open(dir)) {
            EngineStats before = EmbeddedFdb.stats(db);
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<CompletableFuture<Void>> committers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t * COMMITS_EACH;
                committers.add(CompletableFuture.runAsync(() -> {
                    try {
                        start.await(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    commitNumbers(db, first, first + COMMITS_EACH); // each waits for its commit before the next
                }, runnable -> new Thread(runnable).start()));
            }
            CompletableFuture.allOf(committers.toArray(new CompletableFuture[0])).get(120, TimeUnit.SECONDS);
            cost = EmbeddedFdb.stats(db).since(before);
        }
        int commits = THREADS * COMMITS_EACH;
        assertEquals(commits, cost.loggedCommits(), "every commit is logged once");
        assertEquals(disk.forces(), cost.logForces(), "logForces counts the forces the disk was asked for");
        assertTrue(cost.logForces() * 2 <= commits, "8 committers share forces: " + cost.logForces() + " forces for "
                + commits + " commits");
        try (Database db = EmbeddedFdb.open(dir)) {
            List<Integer> missing = new ArrayList<>();
            db.read(tr -> {
                var rows = tr.getRange(Range.startsWith(Tuple.from("k").pack())).asList().join();
                for (int i = 0, row = 0; i < commits; i++) {
                    if (row < rows.size() && Tuple.fromBytes(rows.get(row).getKey()).getLong(1) == i) {
                        assertArrayEquals(Tuple.from(i).pack(), rows.get(row).getValue());
                        row++;
                    } else {
                        missing.add(i);
                    }
                }
                return null;
            });
            assertTrue(missing.isEmpty(), "every acknowledged commit is there after reopening; missing " + missing);
        }
    }

    @Test
    void aLoneCommitterPaysOneForcePerCommitBeforeItsFutureCompletes() throws Exception {
        Path dir = temp.resolve("db");
        TestDisk disk = new TestDisk();
        try (Database db = EmbeddedFdb.builder().logDisk(disk).open(dir)) {
            Path log = onlyLog(dir);
            EngineStats before = EmbeddedFdb.stats(db);
            for (int i = 0; i < 50; i++) {
                long forcedWhenDone;
                try (Transaction tr = db.createTransaction()) {
                    tr.set(Tuple.from("k", i).pack(), new byte[100]);
                    forcedWhenDone = tr.commit().thenApply(ok -> disk.forces()).get(10, TimeUnit.SECONDS);
                }
                assertEquals(i + 1, forcedWhenDone, "commit " + i + " was forced before its future completed");
                EngineStats cost = EmbeddedFdb.stats(db).since(before);
                assertEquals(i + 1, cost.logForces(), "one force per commit");
                assertEquals(i + 1, cost.loggedCommits());
                assertEquals(recordsEnd(log), disk.forcedEnd(), "everything in the log was forced");
            }
        }
    }

    @Test
    void anInMemoryDatabaseForcesNothing() {
        try (Database db = EmbeddedFdb.open()) {
            commitNumbers(db, 0, 10);
            EngineStats stats = EmbeddedFdb.stats(db);
            assertEquals(10, stats.commitRoundTrips());
            assertEquals(0, stats.logForces());
            assertEquals(0, stats.loggedCommits());
        }
    }
}

package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a committing child JVM with SIGKILL at random moments, round after round, and checks after each
 * restart that every acknowledged commit is there and no transaction is there in part.
 * {@code -Dstrata.crashRounds=N} runs more rounds (default 12); {@code -Dstrata.crashSeed} replays a run.
 */
class CrashRecoveryTest {
    private static final int ROUNDS = Integer.getInteger("strata.crashRounds", 12);
    private static final long SEED = Long.getLong("strata.crashSeed", System.nanoTime());

    @TempDir
    Path directory;

    @Test
    void everyAcknowledgedCommitSurvivesSigkillAndNoTransactionIsHalfRecovered() throws Exception {
        Path db = directory.resolve("db");
        Random random = new Random(SEED);
        long next = 0;
        long lastVersion = 0;
        int acknowledgedInAll = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String context = "round " + round + " (seed " + SEED + ")";
            Set<Long> acknowledged = new HashSet<>();
            try (ChildJvm child = ChildJvm.start("commit", db.toString(), Long.toString(next), "4")) {
                child.await("READY", 60);
                Thread.sleep(50 + random.nextInt(400));
                for (String line : child.kill()) {
                    if (line.startsWith("ACK ")) {
                        acknowledged.add(Long.parseLong(line.substring(4)));
                    }
                }
            }
            acknowledgedInAll += acknowledged.size();
            try (Database reopened = EmbeddedFdb.open(db)) {
                Set<Long> present = verify(reopened, context);
                assertTrue(present.containsAll(acknowledged), context + ": acknowledged commits missing: "
                        + acknowledged.stream().filter(n -> !present.contains(n)).sorted().toList());
                long version;
                try (Transaction tr = reopened.createTransaction()) {
                    tr.set(Tuple.from("round").pack(), Tuple.from(round).pack());
                    tr.commit().join();
                    version = tr.getCommittedVersion();
                }
                assertTrue(version > lastVersion, context + ": version " + version + " after " + lastVersion);
                lastVersion = version;
                next = present.stream().mapToLong(Long::longValue).max().orElse(next - 1) + 1;
                next = Math.max(next, acknowledged.stream().mapToLong(Long::longValue).max().orElse(-1) + 1) + 1000;
                reopened.run(tr -> { // start the next round small: keep memory and disk bounded
                    tr.clear(new Range(new byte[0], new byte[] {(byte) 0xff}));
                    return null;
                });
            }
        }
        assertTrue(acknowledgedInAll > ROUNDS, "the children acknowledged only " + acknowledgedInAll + " commits in "
                + ROUNDS + " rounds; the test proved little");
    }

    /** Checks that each transaction present is whole; returns their numbers. */
    private static Set<Long> verify(Database db, String context) {
        return db.read(tr -> {
            Set<Long> present = new HashSet<>();
            for (KeyValue kv : tr.getRange(Range.startsWith(Tuple.from("t").pack())).asList().join()) {
                present.add(Tuple.fromBytes(kv.getKey()).getLong(1));
            }
            byte[] count = tr.get(Tuple.from("count").pack()).join();
            long counted = count == null ? 0 : ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).getLong();
            assertEquals(present.size(), counted, context + ": the atomic ADD counts every transaction present, once");
            Map<Long, byte[]> stampByNumber = new HashMap<>();
            for (KeyValue kv : tr.getRange(Range.startsWith(DurableWorker.VK)).asList().join()) {
                stampByNumber.put(Tuple.fromBytes(kv.getValue()).getLong(0), Arrays.copyOfRange(kv.getKey(), 2, 12));
            }
            assertEquals(present, stampByNumber.keySet(), context + ": versionstamped keys of exactly the transactions present");
            for (long n : present) {
                byte[] stamp = tr.get(Tuple.from("vv", n).pack()).join();
                assertArrayEquals(stampByNumber.get(n), stamp, context + ": transaction " + n
                        + "'s versionstamped value and key carry its one commit version");
                List<KeyValue> parts = tr.getRange(Range.startsWith(Tuple.from("big", n).pack())).asList().join();
                assertEquals(n % DurableWorker.BIG_EVERY == 0 ? DurableWorker.BIG_PARTS : 0, parts.size(),
                        context + ": parts of transaction " + n);
                for (KeyValue p : parts) {
                    assertEquals(DurableWorker.PART_BYTES, p.getValue().length);
                }
            }
            return present;
        });
    }
}

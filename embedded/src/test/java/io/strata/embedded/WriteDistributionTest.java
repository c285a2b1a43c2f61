package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteDistributionTest {
    private final Database db = EmbeddedFdb.open();

    private static byte[] key(int i) {
        return String.format("k%03d", i).getBytes(StandardCharsets.US_ASCII);
    }

    /** 100 keys k000..k099 of 10 bytes each (4-byte key, 6-byte value), written before any recording. */
    private void load() {
        db.run(tr -> {
            for (int i = 0; i < 100; i++) {
                tr.set(key(i), new byte[6]);
            }
            return null;
        });
    }

    @Test
    void aKeyEveryCommitWritesTakesEveryCommit() {
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            for (int i = 0; i < 10; i++) {
                int n = i;
                db.run(tr -> {
                    tr.mutate(MutationType.ADD, Tuple.from("E", "#").pack(), new byte[] {1, 0, 0, 0, 0, 0, 0, 0});
                    tr.mutate(MutationType.ADD, Tuple.from("E", "#").pack(), new byte[] {1, 0, 0, 0, 0, 0, 0, 0});
                    tr.set(Tuple.from("E", "R", n).pack(), new byte[0]);
                    return null;
                });
            }
            WriteDistribution d = recorder.report(1);
            assertEquals(10, d.commits());
            assertEquals("(\"E\", \"#\")", d.keys().get(0).printable());
            assertEquals(10, d.keys().get(0).commits(), "written twice by each commit, counted once per commit");
            assertEquals(1.0, d.hottestKeyShare());
            assertEquals(11, d.keys().size());
            assertTrue(d.keys().subList(1, 11).stream().allMatch(w -> w.commits() == 1));
            assertEquals(0.0, d.hottestTailShare());
        }
    }

    @Test
    void theKeySpaceIsCutIntoRangesOfEqualBytes() {
        load();
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            for (int i = 0; i < 8; i++) {
                int n = i;
                db.run(tr -> {
                    tr.set(key(n * 10), new byte[6]); // k000, k010, ..., k070
                    return null;
                });
            }
            WriteDistribution d = recorder.report(4);
            assertEquals(4, d.ranges().size());
            List<byte[]> begins = d.ranges().stream().map(WriteDistribution.Range::begin).toList();
            assertArrayEquals(new byte[0], begins.get(0));
            assertArrayEquals(key(25), begins.get(1));
            assertArrayEquals(key(50), begins.get(2));
            assertArrayEquals(key(75), begins.get(3));
            assertArrayEquals(new byte[] {(byte) 0xff}, d.ranges().get(3).end());
            assertEquals(List.of(250L, 250L, 250L, 250L), d.ranges().stream().map(WriteDistribution.Range::bytes).toList());
            assertEquals(List.of(3, 2, 3, 0), d.ranges().stream().map(WriteDistribution.Range::commits).toList());
            assertEquals(3.0 / 8, d.hottestRangeShare());
            assertArrayEquals(new byte[0], d.hottestRanges(1).get(0).begin(), "ties in key order");
        }
    }

    @Test
    void aRangeClearCountsOnceInEveryRangeItCrosses() {
        load();
        WriteRecorder recorder = EmbeddedFdb.recordWrites(db);
        db.run(tr -> {
            tr.clear(key(20), key(50)); // ends where the third range begins: crosses the first two only
            return null;
        });
        recorder.close();
        load(); // the ranges are cut by the keys stored when the report is made
        assertEquals(List.of(1, 1, 0, 0), recorder.report(4).ranges().stream().map(WriteDistribution.Range::commits).toList());
    }

    @Test
    void versionstampedKeysAppendToTheTailBeforeTheirStamp() {
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            for (int i = 0; i < 8; i++) {
                int shard = i % 2;
                db.run(tr -> {
                    tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stamped(Tuple.from("E", "V", shard).pack(), Tuple.from(7).pack()), new byte[0]);
                    return null;
                });
            }
            WriteDistribution d = recorder.report(1);
            assertEquals(2, d.tails().size());
            assertEquals("(\"E\", \"V\", 0, …)", d.tails().get(0).printable());
            assertEquals(4, d.tails().get(0).commits());
            assertEquals(0.5, d.hottestTailShare());
            assertEquals(8, d.keys().size(), "each stamped key is its own key");
            assertTrue(d.report(2).contains("50.0%  (\"E\", \"V\", 0, …)"), d.report(2));
        }
    }

    @Test
    void rangesSplitByWritesSeparateKeysButNeverOneKeyOrOneTail() {
        load(); // cold keys k000..k099; the hot ones below sort before them, in the first range
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            for (int i = 0; i < 64; i++) {
                int n = i;
                db.run(tr -> {
                    tr.set(("h" + n % 8).getBytes(StandardCharsets.US_ASCII), new byte[1]); // 8 keys, 8 commits each
                    return null;
                });
            }
            WriteDistribution d = recorder.report(4);
            assertEquals(1.0, d.hottestRangeShare(), "cut by size, the 8 small keys share one range");
            assertEquals(0.25, d.hottestSplitShare(), "split by writes: pieces of two keys, 16 of 64 commits each");
        }
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            for (int i = 0; i < 64; i++) {
                int n = i;
                db.run(tr -> {
                    tr.set("h".getBytes(StandardCharsets.US_ASCII), new byte[1]);
                    tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stamped(Tuple.from("E", "V").pack(), Tuple.from(n).pack()), new byte[0]);
                    return null;
                });
            }
            WriteDistribution d = recorder.report(4);
            assertEquals(1.0, d.hottestSplitShare(), "one key, and one tail's end, cannot be split: " + d.report(3));
            assertTrue(d.split().stream().filter(r -> r.commits() == 64).count() >= 2, "the key and the tail each keep every commit");
        }
    }

    /** {@code prefix}, an incomplete tuple versionstamp, {@code suffix}: a SET_VERSIONSTAMPED_KEY parameter. */
    private static byte[] stamped(byte[] prefix, byte[] suffix) {
        ByteBuffer out = ByteBuffer.allocate(prefix.length + 13 + suffix.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        out.put(prefix).put((byte) 0x33).put(new byte[12]).put(suffix).putInt(prefix.length + 1);
        return out.array();
    }

    @Test
    void aClosedRecorderRecordsNothingMore() {
        WriteRecorder recorder = EmbeddedFdb.recordWrites(db);
        db.run(tr -> {
            tr.set(key(1), new byte[0]);
            return null;
        });
        recorder.close();
        db.run(tr -> {
            tr.set(key(2), new byte[0]);
            return null;
        });
        assertEquals(1, recorder.commits());
    }

    @Test
    void onlyEmbeddedDatabasesAreRecordedAndRangesArePositive() {
        assertThrows(IllegalArgumentException.class, () -> EmbeddedFdb.recordWrites(null));
        try (WriteRecorder recorder = EmbeddedFdb.recordWrites(db)) {
            assertThrows(IllegalArgumentException.class, () -> recorder.report(0));
        }
    }
}

package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Read-your-writes: a transaction sees its own uncommitted sets, clears and atomic ops in every kind of read. */
public abstract class ReadYourWritesContract extends BackendContract {

    @BeforeEach
    void storeKeys() {
        db.run(tr -> {
            for (String k : List.of("a", "c", "e", "g")) {
                tr.set(b(k), b("stored-" + k));
            }
            return null;
        });
    }

    /**
     * Stores keys "a" to "e", each with its own name as its value: the starting state of
     * {@link ConflictContract} and {@link TransactionLifecycleContract}.
     */
    static void storeKeysAToE(Database db) {
        db.run(tr -> {
            for (String k : List.of("a", "b", "c", "d", "e")) {
                tr.set(b(k), b(k));
            }
            return null;
        });
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String s(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static List<String> keys(List<KeyValue> kvs) {
        return kvs.stream().map(kv -> s(kv.getKey())).toList();
    }

    @Test
    void pointReadSeesOwnSetAndClearBeforeCommit() {
        db.run(tr -> {
            tr.set(b("b"), b("mine"));
            tr.clear(b("c"));
            assertEquals("mine", s(tr.get(b("b")).join()));
            assertNull(tr.get(b("c")).join());
            assertEquals("stored-a", s(tr.get(b("a")).join()));
            return null;
        });
    }

    @Test
    void forwardRangeMergesStoredAndBufferedKeysInOrder() {
        List<KeyValue> kvs = db.run(tr -> {
            tr.set(b("b"), b("new-b"));
            tr.set(b("e"), b("new-e"));
            tr.clear(b("c"));
            tr.set(b("f"), b("new-f"));
            return tr.getRange(b("a"), b("z")).asList().join();
        });
        assertEquals(List.of("a", "b", "e", "f", "g"), keys(kvs));
        assertEquals("new-e", s(kvs.get(2).getValue()));
    }

    @Test
    void reverseRangeWithLimitMergesBothSources() {
        List<KeyValue> kvs = db.run(tr -> {
            tr.set(b("f"), b("new-f"));
            tr.clear(b("g"));
            return tr.getRange(b("a"), b("z"), 3, true).asList().join();
        });
        assertEquals(List.of("f", "e", "c"), keys(kvs));
    }

    @Test
    void clearRangeHidesStoredKeysButLaterSetsShowThrough() {
        List<KeyValue> kvs = db.run(tr -> {
            tr.clear(b("b"), b("f"));
            tr.set(b("d"), b("after-clear"));
            return tr.getRange(b("a"), b("z")).asList().join();
        });
        assertEquals(List.of("a", "d", "g"), keys(kvs));
    }

    @Test
    void pointReadsAfterAClearRangeSeeTheClearThenTheWritesAfterIt() {
        List<String> seen = db.run(tr -> {
            tr.set(b("b"), b("before-clear"));
            tr.mutate(MutationType.ADD, b("d"), le(7));
            tr.clear(b("b"), b("f")); // hides stored "c" and "e" and the buffered "b" and "d"
            List<String> out = new java.util.ArrayList<>();
            for (String k : List.of("b", "c", "d", "e")) {
                out.add(k + "=" + s(tr.get(b(k)).join()));
            }
            tr.mutate(MutationType.ADD, b("d"), le(5)); // on an absent value: the operand
            tr.set(b("c"), b("after-clear"));
            out.add("c=" + s(tr.get(b("c")).join()));
            out.add("d=" + ByteBuffer.wrap(tr.get(b("d")).join()).order(ByteOrder.LITTLE_ENDIAN).getLong());
            out.add("a=" + s(tr.get(b("a")).join()));
            return out;
        });
        assertEquals(List.of("b=null", "c=null", "d=null", "e=null", "c=after-clear", "d=5", "a=stored-a"), seen);
    }

    @Test
    void pendingAtomicAddIsAppliedToTheStoredValueOnRead() {
        db.run(tr -> {
            tr.set(b("n"), le(40));
            return null;
        });
        long seen = db.run(tr -> {
            tr.mutate(MutationType.ADD, b("n"), le(2));
            return ByteBuffer.wrap(tr.get(b("n")).join()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        });
        assertEquals(42, seen);
    }

    @Test
    void everyReadOfAKeyBumpedManyTimesSeesEachAtomicOpAppliedInTurn() {
        db.run(tr -> {
            tr.set(b("n"), le(250));
            return null;
        });
        db.run(tr -> {
            for (int i = 0; i < 5; i++) {
                tr.mutate(MutationType.ADD, b("n"), le(1));
                tr.mutate(MutationType.ADD, b("m"), le(7));                       // "m" is absent: the first ADD stores 7
                assertEquals(251 + i, leValue(tr.get(b("n")).join()));
                assertEquals(7L * (i + 1), leValue(tr.getRange(b("m"), b("m\0")).asList().join().get(0).getValue()));
            }
            tr.mutate(MutationType.ADD, b("n"), new byte[] {0x10});              // one byte wide: 255 + 16 wraps to 15
            assertArrayEquals(new byte[] {0x0f}, tr.get(b("n")).join());
            tr.mutate(MutationType.ADD, b("n"), le(-1));                          // eight bytes again: 15 - 1
            tr.mutate(MutationType.ADD, b("n"), le(100));
            tr.mutate(MutationType.ADD, b("n"), le(100));
            assertEquals(214, leValue(tr.get(b("n")).join()));
            tr.mutate(MutationType.MAX, b("n"), le(300));
            tr.mutate(MutationType.ADD, b("n"), le(5));
            assertEquals(305, leValue(tr.get(b("n")).join()));
            tr.mutate(MutationType.ADD, b("m"), new byte[] {(byte) 0xff, (byte) 0xff}); // two bytes: 35 + 65535 wraps to 34
            tr.mutate(MutationType.ADD, b("m"), le(1));
            tr.mutate(MutationType.ADD, b("m"), le(1));
            assertEquals(36, leValue(tr.get(b("m")).join()));
            return null;
        });
        assertEquals(305, leValue(db.read(tr -> tr.get(b("n")).join())));
        assertEquals(36, leValue(db.read(tr -> tr.get(b("m")).join())));
    }

    /** A little-endian unsigned integer of any width up to eight bytes. */
    private static long leValue(byte[] bytes) {
        long v = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            v = (v << 8) | (bytes[i] & 0xff);
        }
        return v;
    }

    @Test
    void keySelectorsResolveOverBufferedKeys() {
        db.run(tr -> {
            tr.set(b("d"), b("x"));
            tr.clear(b("e"));
            assertEquals("d", s(tr.getKey(KeySelector.firstGreaterThan(b("c"))).join()));
            assertEquals("g", s(tr.getKey(KeySelector.firstGreaterThan(b("d"))).join()));
            assertEquals("d", s(tr.getKey(KeySelector.lastLessThan(b("g"))).join()));
            assertEquals("c", s(tr.getKey(KeySelector.lastLessOrEqual(b("c"))).join()));
            assertEquals("g", s(tr.getKey(KeySelector.firstGreaterOrEqual(b("a")).add(3)).join()));
            return null;
        });
    }

    @Test
    void keySelectorPastTheEndResolvesToTheEndOfTheKeyspace() {
        byte[] key = db.run(tr -> tr.getKey(KeySelector.firstGreaterThan(b("g"))).join());
        assertArrayEquals(new byte[] {(byte) 0xff}, key);
        byte[] first = db.run(tr -> tr.getKey(KeySelector.lastLessThan(b("a"))).join());
        assertArrayEquals(new byte[0], first);
    }

    @Test
    void rangeReadWithSelectorBoundsUsesResolvedKeys() {
        List<KeyValue> kvs = db.run(tr -> tr.getRange(KeySelector.firstGreaterThan(b("a")), KeySelector.lastLessOrEqual(b("g"))).asList().join());
        assertEquals(List.of("c", "e"), keys(kvs));
    }

    @Test
    void readYourWritesDisabledReadsOnlyCommittedData() {
        db.run(tr -> {
            tr.options().setReadYourWritesDisable();
            tr.set(b("b"), b("mine"));
            assertNull(tr.get(b("b")).join());
            return null;
        });
        assertEquals("mine", s(db.run(tr -> tr.get(b("b")).join())));
    }

    @Test
    void snapshotReadsAlsoSeeOwnWrites() {
        db.run(tr -> {
            tr.set(b("b"), b("mine"));
            assertEquals("mine", s(tr.snapshot().get(b("b")).join()));
            return null;
        });
    }

    @Test
    void clearRangeStartsWithRemovesOnlyThePrefix() {
        db.run(tr -> {
            tr.set(b("pa"), b("1"));
            tr.set(b("pb"), b("2"));
            tr.set(b("q"), b("3"));
            return null;
        });
        db.run(tr -> {
            tr.clearRangeStartsWith(b("p"));
            return null;
        });
        List<KeyValue> kvs = db.read(tr -> tr.getRange(b("p"), ByteArrayUtil.strinc(b("q"))).asList().join());
        assertEquals(List.of("q"), keys(kvs));
    }

    static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    static void commit(Transaction tr) {
        tr.commit().join();
    }
}

package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code getMappedRange} as FoundationDB 7.3 serves it: index entries ({@code ("m", "index", city, id)})
 * mapped to the rows they point at ({@code ("m", "record", id, part)}) in one read.
 */
public abstract class MappedRangeContract extends BackendContract {
    private static final byte[] RANGE_MAPPER = Tuple.from("m", "record", "{K[3]}", "{...}").pack();
    private static final byte[] POINT_MAPPER = Tuple.from("m", "record", "{K[3]}", 0L).pack();

    private static byte[] indexKey(String city, String id) {
        return Tuple.from("m", "index", city, id).pack();
    }

    private static byte[] recordKey(String id, long part) {
        return Tuple.from("m", "record", id, part).pack();
    }

    private static byte[] recordValue(String id, long part) {
        return Tuple.from(id + "-" + part).pack();
    }

    @BeforeEach
    void storeRecordsAndIndex() {
        db.run(tr -> {
            for (String id : List.of("a", "b", "c", "d")) {
                String city = id.equals("d") ? "Rome" : "Oslo";
                tr.set(indexKey(city, id), Tuple.from(id, 7L).pack());
                tr.set(recordKey(id, 0), recordValue(id, 0));
                tr.set(recordKey(id, 1), recordValue(id, 1));
            }
            return null;
        });
    }

    private static List<MappedKeyValue> mapped(ReadTransaction tr, byte[] mapper, int limit, boolean reverse) {
        Tuple city = Tuple.from("m", "index", "Oslo");
        return tr.getMappedRange(KeySelector.firstGreaterOrEqual(city.range().begin), KeySelector.firstGreaterOrEqual(city.range().end),
                mapper, limit, reverse, StreamingMode.WANT_ALL).asList().join();
    }

    private static List<MappedKeyValue> mapped(Transaction tr, byte[] mapper) {
        return mapped(tr, mapper, ReadTransaction.ROW_LIMIT_UNLIMITED, false);
    }

    private static void assertBytes(byte[] expected, byte[] actual) {
        assertEquals(ByteArrayUtil.printable(expected), ByteArrayUtil.printable(actual));
    }

    @Test
    void rangeMapperReturnsEachIndexEntryWithTheRowsItPointsAt() {
        List<MappedKeyValue> kvs = db.run(tr -> mapped(tr, RANGE_MAPPER));
        assertEquals(3, kvs.size());
        for (int i = 0; i < 3; i++) {
            String id = List.of("a", "b", "c").get(i);
            MappedKeyValue kv = kvs.get(i);
            assertBytes(indexKey("Oslo", id), kv.getKey());
            assertBytes(Tuple.from(id, 7L).pack(), kv.getValue());
            byte[] prefix = Tuple.from("m", "record", id).pack();
            assertBytes(prefix, kv.getRangeBegin());
            assertBytes(ByteArrayUtil.strinc(prefix), kv.getRangeEnd());
            List<KeyValue> rows = kv.getRangeResult();
            assertEquals(2, rows.size());
            assertBytes(recordKey(id, 0), rows.get(0).getKey());
            assertBytes(recordValue(id, 0), rows.get(0).getValue());
            assertBytes(recordKey(id, 1), rows.get(1).getKey());
            assertBytes(recordValue(id, 1), rows.get(1).getValue());
        }
    }

    @Test
    void limitAndReverseApplyToTheIndexEntries() {
        List<MappedKeyValue> kvs = db.run(tr -> mapped(tr, RANGE_MAPPER, 2, true));
        assertEquals(2, kvs.size());
        assertBytes(indexKey("Oslo", "c"), kvs.get(0).getKey());
        assertBytes(indexKey("Oslo", "b"), kvs.get(1).getKey());
        assertBytes(recordKey("b", 0), kvs.get(1).getRangeResult().get(0).getKey());
    }

    @Test
    void pointMapperReadsOneKeyPerEntry() {
        db.run(tr -> {
            tr.clear(recordKey("b", 0));
            return null;
        });
        List<MappedKeyValue> kvs = db.run(tr -> mapped(tr, POINT_MAPPER));
        assertEquals(3, kvs.size());
        assertBytes(recordKey("a", 0), kvs.get(0).getRangeBegin());
        assertEquals(1, kvs.get(0).getRangeResult().size());
        assertBytes(recordValue("a", 0), kvs.get(0).getRangeResult().get(0).getValue());
        assertEquals(0, kvs.get(1).getRangeResult().size()); // the mapped key is absent
        assertBytes(recordValue("c", 0), kvs.get(2).getRangeResult().get(0).getValue());
    }

    @Test
    void valueElementsAndEscapedBracesBuildTheMappedKey() {
        byte[] mapper = Tuple.from("{{K[1]}}", "{V[0]}", "{V[1]}").pack();
        List<MappedKeyValue> kvs = db.run(tr -> mapped(tr, mapper));
        assertBytes(Tuple.from("{K[1]}".getBytes(java.nio.charset.StandardCharsets.UTF_8), "a", 7L).pack(), kvs.get(0).getRangeBegin());
    }

    private static byte[] b(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void snapshotReadsAndReadYourWritesDisabledAreRefused() {
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2108, () -> mapped(tr.snapshot(), RANGE_MAPPER, 0, false));
        }
        try (Transaction tr = db.createTransaction()) {
            tr.options().setReadYourWritesDisable();
            assertFdbError(2108, () -> mapped(tr, RANGE_MAPPER));
        }
    }

    @Test
    void badMappersFailWithTheirCodes() {
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2043, () -> mapped(tr, new byte[] {(byte) 0x99}));
            assertFdbError(2032, () -> mapped(tr, Tuple.from("m", "{...}", "record").pack()));
            assertFdbError(2030, () -> mapped(tr, Tuple.from("m", "{K[9]}").pack()));
            assertFdbError(2030, () -> mapped(tr, Tuple.from("m", "{K[x]}").pack()));
            assertFdbError(2030, () -> mapped(tr, Tuple.from("m", "{V[-1]}").pack()));
        }
    }

    @Test
    void entriesThatAreNotTuplesFail() {
        db.run(tr -> {
            tr.set(ByteArrayUtil.join(Tuple.from("m", "index", "Oslo").pack(), new byte[] {(byte) 0x99}), Tuple.from(1L).pack());
            return null;
        });
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2041, () -> mapped(tr, Tuple.from("{K[0]}").pack()));
        }
        db.run(tr -> {
            tr.clear(ByteArrayUtil.join(Tuple.from("m", "index", "Oslo").pack(), new byte[] {(byte) 0x99}));
            tr.set(indexKey("Oslo", "a"), new byte[] {(byte) 0x99});
            return null;
        });
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2042, () -> mapped(tr, Tuple.from("{V[0]}").pack()));
        }
    }

    @Test
    void readingItsOwnWritesFailsInsteadOfReturningStaleRows() {
        try (Transaction tr = db.createTransaction()) {
            tr.set(indexKey("Oslo", "z"), Tuple.from("z", 7L).pack());
            assertFdbError(2039, () -> mapped(tr, RANGE_MAPPER));
        }
        try (Transaction tr = db.createTransaction()) {
            tr.set(recordKey("b", 5), b("new part"));
            assertFdbError(2039, () -> mapped(tr, RANGE_MAPPER));
        }
        try (Transaction tr = db.createTransaction()) {
            tr.set(indexKey("Rome", "q"), b("elsewhere"));
            assertEquals(3, mapped(tr, RANGE_MAPPER).size()); // writes outside what it reads are fine
        }
    }

    @Test
    void theRowsItReadConflictWithALaterWrite() {
        try (Transaction tr = db.createTransaction()) {
            mapped(tr, RANGE_MAPPER);
            tr.set(b("x"), b("1"));
            db.run(other -> {
                other.set(recordKey("b", 1), b("changed"));
                return null;
            });
            assertFdbError(1020, () -> tr.commit().join());
        }
        try (Transaction tr = db.createTransaction()) {
            mapped(tr, RANGE_MAPPER);
            tr.set(b("x"), b("1"));
            db.run(other -> {
                other.set(recordKey("d", 1), b("changed")); // not read: Rome's record
                return null;
            });
            tr.commit().join();
        }
    }

    @Test
    void aSecondaryRangeOfMoreThan2000RowsIsTooLarge() {
        db.run(tr -> {
            for (long part = 2; part <= 2_000; part++) {
                tr.set(recordKey("a", part), new byte[0]);
            }
            return null;
        });
        try (Transaction tr = db.createTransaction()) {
            assertFdbError(2033, () -> mapped(tr, RANGE_MAPPER));
        }
    }

    @Test
    void resultsAreCopies() {
        List<MappedKeyValue> kvs = db.run(tr -> mapped(tr, RANGE_MAPPER));
        kvs.get(0).getRangeResult().get(0).getValue()[0] = 0;
        kvs.get(0).getKey()[0] = 0;
        assertArrayEquals(recordValue("a", 0), db.read(tr -> tr.get(recordKey("a", 0)).join()));
    }
}

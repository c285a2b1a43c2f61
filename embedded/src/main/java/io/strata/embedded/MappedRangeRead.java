package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code getMappedRange} as FoundationDB 7.3 serves it: a range read of the primary keys (typically index
 * entries) where, for each key-value, the storage server builds a mapped key from the {@link MapperPlan}
 * and reads it too — the range it prefixes with {@code {...}}, else the single key — all in one request.
 *
 * <p>Rules, from FoundationDB's {@code ReadYourWritesTransaction} and storage server:
 * <ul>
 *   <li>Only in a serializable read with read-your-writes on: a snapshot read, or a transaction with
 *       {@code READ_YOUR_WRITES_DISABLE}, fails with unsupported_operation (2108) in the client, before
 *       any round trip (as does a database opened with {@code builder().mappedRanges(false)}).
 *   <li>Reads go to storage, not through the transaction's writes; if the primary range actually read, or
 *       any secondary key or range, holds a write of this transaction, it fails with
 *       get_mapped_range_reads_your_writes (2039) instead of returning stale data. Otherwise each of them
 *       adds its read-conflict range.
 *   <li>A secondary range of more than 2,000 rows fails with quick_get_key_values_has_more (2033).
 *   <li>With {@code {...}} every result carries its primary key and value; with a point mapper only the
 *       first and last do (the others are empty, as the storage server sends them) and the range is
 *       {@code [mappedKey, mappedKey\x00)} holding the value if present.
 * </ul>
 */
final class MappedRangeRead {
    /** FoundationDB's QUICK_GET_KEY_VALUES_LIMIT: rows one secondary range read may return. */
    static final int SECONDARY_ROW_LIMIT = 2_000;

    private final EmbeddedDatabase db;
    private final EmbeddedTransaction tr;
    private final TransactionReads reads;

    MappedRangeRead(EmbeddedDatabase db, EmbeddedTransaction tr, TransactionReads reads) {
        this.db = db;
        this.tr = tr;
        this.reads = reads;
    }

    AsyncIterable<MappedKeyValue> read(KeySelector begin, KeySelector end, byte[] mapper, int limit, boolean reverse,
                                       StreamingMode mode, boolean snapshotRead) {
        byte[] mapperCopy = mapper.clone();
        return new RangeIterable<>(() -> {
            FDBException refused = tr.lifecycle().readError() == null ? refusal(snapshotRead) : null;
            return refused != null ? CompletableFuture.failedFuture(refused)
                    : reads.perform(false, () -> readNow(begin, end, mapperCopy, limit, reverse, mode, snapshotRead));
        });
    }

    /** Why the client refuses the read before sending it (2108, no round trip), or null. */
    private FDBException refusal(boolean snapshotRead) {
        if (snapshotRead) {
            return FdbErrors.of(2108, "getMappedRange needs a serializable read; FoundationDB refuses it in snapshot reads");
        }
        if (tr.rywDisabled) {
            return FdbErrors.of(2108, "getMappedRange needs read-your-writes; FoundationDB refuses it with READ_YOUR_WRITES_DISABLE");
        }
        if (!db.servesMappedRanges()) {
            return FdbErrors.unsupported("getMappedRange on this database (opened with builder().mappedRanges(false))");
        }
        return null;
    }

    private List<MappedKeyValue> readNow(KeySelector begin, KeySelector end, byte[] mapper, int limit, boolean reverse,
                                         StreamingMode mode, boolean snapshotRead) {
        byte[][] bounds = reads.ranges().rangeBounds(RangeReads.Selector.of(begin), RangeReads.Selector.of(end), limit, mode, snapshotRead);
        MapperPlan plan = MapperPlan.of(mapper);
        if (bounds == null) {
            return List.of();
        }
        byte[] b = bounds[0];
        byte[] e = bounds[1];
        List<byte[][]> primary = RangeReads.scan(reads.storage(false), null, b, e, limit, reverse);
        boolean cut = limit != 0 && primary.size() == limit;
        byte[] last = cut ? primary.get(primary.size() - 1)[0] : null;
        readUnmodified(cut && reverse ? last : b.clone(), cut && !reverse ? Keys.after(last) : e.clone());
        tr.conflicts().count(b.length + e.length);
        List<MappedKeyValue> out = new ArrayList<>(primary.size());
        long keys = 0;
        long bytes = 0;
        for (int i = 0; i < primary.size(); i++) {
            byte[][] kv = primary.get(i);
            keys++;
            bytes += kv[0].length + kv[1].length;
            byte[] mappedKey = plan.mappedKey(kv[0], kv[1]);
            boolean boundary = i == 0 || i == primary.size() - 1;
            byte[] key = plan.rangeQuery() || boundary ? kv[0].clone() : Keys.EMPTY.clone();
            byte[] value = plan.rangeQuery() || boundary ? kv[1].clone() : Keys.EMPTY.clone();
            byte[] rangeEnd = plan.rangeQuery() ? prefixEnd(mappedKey) : Keys.after(mappedKey);
            List<KeyValue> rows = secondary(plan, mappedKey, rangeEnd);
            keys += plan.rangeQuery() ? rows.size() : 1;
            for (KeyValue row : rows) {
                bytes += row.getKey().length + row.getValue().length;
            }
            out.add(new MappedKeyValue(key, value, mappedKey.clone(), rangeEnd.clone(), rows));
        }
        tr.countRead(keys, bytes);
        return out;
    }

    /** The secondary read of one mapped key, from storage at the read version; adds its conflict range. */
    private List<KeyValue> secondary(MapperPlan plan, byte[] mappedKey, byte[] rangeEnd) {
        List<KeyValue> rows = new ArrayList<>();
        readUnmodified(mappedKey, rangeEnd);
        tr.conflicts().count(mappedKey.length + (plan.rangeQuery() ? rangeEnd.length : 0));
        if (!plan.rangeQuery()) {
            byte[] value = db.store().get(mappedKey, reads.readVersionIfTaken());
            if (value != null) {
                rows.add(new KeyValue(mappedKey.clone(), value.clone()));
            }
            return rows;
        }
        List<byte[][]> found = RangeReads.scan(reads.storage(false), null, mappedKey, rangeEnd, SECONDARY_ROW_LIMIT + 1, false);
        if (found.size() > SECONDARY_ROW_LIMIT) {
            throw FdbErrors.of(2033);
        }
        for (byte[][] kv : found) {
            rows.add(new KeyValue(kv[0].clone(), kv[1].clone()));
        }
        return rows;
    }

    /** FoundationDB checks that a mapped read touches none of the transaction's writes (2039), then adds the conflict. */
    private void readUnmodified(byte[] begin, byte[] end) {
        if (tr.buffer().touches(begin, end)) {
            throw FdbErrors.of(2039);
        }
        tr.conflicts().addRead(begin, end);
    }

    /** The end of the range a mapped key prefixes ({@code strinc}); the whole normal keyspace for an empty key. */
    private static byte[] prefixEnd(byte[] prefix) {
        for (byte x : prefix) {
            if (x != (byte) 0xff) {
                return ByteArrayUtil.strinc(prefix);
            }
        }
        return Keys.SYSTEM_PREFIX.clone();
    }
}

package io.strata.embedded;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Key selectors and range reads of one transaction attempt: resolving selectors over the transaction's
 * view, a range read's bounds and argument checks, the merged scan of storage (or the read cache) and the
 * attempt's writes, and the read-conflict range and cache knowledge a range read leaves. Reads run
 * through {@link TransactionReads#perform}, which owns the read version, the MVCC window and the network.
 */
final class RangeReads {
    private final EmbeddedDatabase db;
    private final EmbeddedTransaction tr;
    private final TransactionReads reads;

    RangeReads(EmbeddedDatabase db, EmbeddedTransaction tr, TransactionReads reads) {
        this.db = db;
        this.tr = tr;
        this.reads = reads;
    }

    /**
     * A key selector's parts, its key copied once per read: fdb-java's {@code KeySelector.getKey()} copies the key on
     * every call, and a range read looks at each bound's key several times.
     */
    record Selector(byte[] key, boolean orEqual, int offset) {
        static Selector of(KeySelector s) {
            return new Selector(s.getKey(), s.orEqual(), s.getOffset());
        }
    }

    CompletableFuture<byte[]> getKey(KeySelector keySelector, boolean snapshotRead) {
        return reads.perform(false, () -> {
            Selector selector = Selector.of(keySelector);
            if (Keys.compare(selector.key(), Keys.SYSTEM_END) > 0) {
                throw FdbErrors.specialKey(selector.key());
            }
            if (Keys.compare(selector.key(), reads.keyLimit()) > 0) {
                throw FdbErrors.of(2004);
            }
            byte[] resolved = resolve(selector, snapshotRead);
            tr.countRead(1, resolved.length);
            return resolved.clone();
        });
    }

    /**
     * Resolves a key selector over this transaction's view; adds the range it resolved over as a conflict. The walk
     * fails with accessed_unreadable (1036) where it crosses the possible range of a versionstamped key written in
     * this transaction, as a read of that range does.
     */
    private byte[] resolve(Selector selector, boolean snapshotRead) {
        byte[] key = selector.key();
        int offset = selector.offset();
        boolean forward = offset >= 1;
        int steps = forward ? offset : 1 - offset;
        boolean inclusive = forward != selector.orEqual();
        byte[] limit = reads.keyLimit();
        byte[] from = forward ? key : Keys.min(key, limit);
        if (forward && Keys.compare(key, limit) >= 0) {
            return limit;
        }
        boolean fromInclusive = inclusive || (!forward && Keys.compare(key, limit) > 0);
        WriteBuffer writes = reads.visibleWrites(snapshotRead);
        byte[] found = null;
        for (boolean exhaustive = false; ; exhaustive = true) {
            MergedCursor cursor = new MergedCursor(reads.storage(false), writes, from, fromInclusive, forward, exhaustive);
            found = step(cursor, steps, forward ? limit : null);
            if (cursor.consistent()) {
                break;
            }
        }
        byte[] resolved = found != null ? found : forward ? limit : Keys.EMPTY;
        byte[] walkedBegin = Keys.min(key, resolved);
        byte[] walkedEnd = Keys.min(Keys.after(Keys.max(key, resolved)), limit.length > 1 ? Keys.after(limit) : limit);
        if (tr.buffer().isUnreadable(walkedBegin, walkedEnd)) {
            throw FdbErrors.of(1036); // the walk stepped where a versionstamped key may land, as a cluster's does
        }
        if (!snapshotRead) {
            reads.conflicts().addRead(walkedBegin.clone(), walkedEnd);
        }
        reads.conflicts().count(key.length);
        return resolved;
    }

    /** The key {@code steps} keys along the cursor, or null when it runs out (or reaches {@code limit}, if given). */
    private static byte[] step(MergedCursor cursor, int steps, byte[] limit) {
        while (steps > 0 && cursor.hasNext()) {
            byte[] k = cursor.next()[0];
            if (limit != null && Keys.compare(k, limit) >= 0) {
                return null;
            }
            if (--steps == 0) {
                return k;
            }
        }
        return null;
    }

    private byte[] rangeBound(Selector s, boolean snapshotRead) {
        byte[] simple = simpleBound(s);
        return simple != null ? simple : resolve(s, snapshotRead);
    }

    /** The key a firstGreaterOrEqual/firstGreaterThan selector bounds a range at, without reading; else null. */
    private byte[] simpleBound(Selector s) {
        if (s.offset() != 1) {
            return null;
        }
        return Keys.min(normalisedKey(s), reads.keyLimit());
    }

    /** Where a range read's answer comes from, decided once, before the read is sent. */
    private enum Source { STORAGE, CACHE, LOCAL }

    /**
     * Where a range read is answered: from the read cache when its bounds need no read and the cache holds the whole range
     * (the cache only ever learns more, so that holds when the read runs); else without storage ({@code LOCAL}) when such
     * bounds select nothing or a clear covers them; else from storage.
     */
    private Source source(Selector begin, Selector end, boolean snapshotRead) {
        WriteBuffer writes = reads.visibleWrites(snapshotRead);
        byte[] b = simpleBound(begin);
        byte[] e = simpleBound(end);
        if (writes == null || b == null || e == null) {
            return Source.STORAGE;
        }
        ReadCache cache = reads.cacheIfAny();
        if (cache != null && cache.covers(b, e)) {
            return Source.CACHE;
        }
        return Keys.compare(b, e) >= 0 || writes.coversCleared(b, e) ? Source.LOCAL : Source.STORAGE;
    }

    /** A selector with orEqual removed, as FoundationDB normalises it: (key, offset) of firstGreaterOrEqual form. */
    private static byte[] normalisedKey(Selector s) {
        return s.orEqual() ? Keys.after(s.key()) : s.key();
    }

    AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse,
                                  StreamingMode mode, boolean snapshotRead) {
        return new RangeIterable<>(() -> {
            Selector b = Selector.of(begin);
            Selector e = Selector.of(end);
            Source source = source(b, e, snapshotRead);
            return reads.perform(source != Source.STORAGE,
                    () -> readRange(b, e, limit, reverse, mode, snapshotRead, source == Source.CACHE));
        });
    }

    /**
     * Checks a range read's arguments and resolves its bounds: {@code {begin, end}}, or null when the
     * selectors select nothing (FoundationDB answers without reading).
     */
    byte[][] rangeBounds(Selector begin, Selector end, int limit, StreamingMode mode, boolean snapshotRead) {
        for (Selector s : new Selector[] {begin, end}) {
            if (Keys.compare(s.key(), Keys.SYSTEM_END) > 0) {
                throw FdbErrors.specialKey(s.key());
            }
        }
        if (Keys.compare(begin.key(), reads.keyLimit()) > 0 || Keys.compare(end.key(), reads.keyLimit()) > 0) {
            throw FdbErrors.of(2004);
        }
        if (limit < 0) {
            throw FdbErrors.of(2012);
        }
        if (mode == StreamingMode.EXACT && limit == 0) {
            throw FdbErrors.of(2210);
        }
        // selectors inverted in both key and offset select nothing: FoundationDB answers without reading
        if (begin.offset() >= end.offset() && Keys.compare(normalisedKey(begin), normalisedKey(end)) >= 0) {
            return null;
        }
        byte[] b = rangeBound(begin, snapshotRead);
        byte[] e = rangeBound(end, snapshotRead);
        return Keys.compare(b, e) >= 0 ? null : new byte[][] {b, e};
    }

    /**
     * A range read; {@code cached} when {@link #source} found the cache holds it (else a range whose selectors needed
     * resolving may still be held).
     */
    private List<KeyValue> readRange(Selector begin, Selector end, int limit, boolean reverse,
                                     StreamingMode mode, boolean snapshotRead, boolean cached) {
        byte[][] bounds = rangeBounds(begin, end, limit, mode, snapshotRead);
        if (bounds == null) {
            return List.of();
        }
        byte[] b = bounds[0];
        byte[] e = bounds[1];
        if (tr.buffer().isUnreadable(b, e)) {
            throw FdbErrors.of(1036);
        }
        WriteBuffer writes = reads.visibleWrites(snapshotRead);
        ReadCache cache = reads.cacheIfAny();
        boolean resolved = begin.offset() != 1 || end.offset() != 1; // the bounds were not the selectors' keys
        MergedCursor.Source source = writes != null && cache != null && (cached || resolved && cache.covers(b, e))
                ? cache : reads.storage(writes != null);
        List<byte[][]> out = scan(source, writes, b, e, limit, reverse);
        reads.conflicts().count(b.length + e.length);
        boolean cut = limit != 0 && out.size() == limit;
        byte[] last = cut ? out.get(out.size() - 1)[0] : null;
        byte[] readBegin = cut && reverse ? last : b.clone();
        byte[] readEnd = cut && !reverse ? Keys.after(last) : e.clone();
        if (writes != null) {
            reads.cache().markKnown(readBegin, readEnd);
        }
        if (!snapshotRead && (writes == null || !writes.coversCleared(b, e))) {
            reads.conflicts().addRead(readBegin, readEnd);
        }
        List<KeyValue> copies = new ArrayList<>(out.size());
        long bytes = 0;
        for (byte[][] kv : out) {
            copies.add(new KeyValue(kv[0].clone(), kv[1].clone()));
            bytes += kv[0].length + kv[1].length;
        }
        if (source != cache && (writes == null || !writes.coversCleared(b, e))) {
            tr.countRead(out.size(), bytes);
        }
        return copies;
    }

    /** Up to {@code limit} (0: all) live key-values of {@code [b, e)} from {@code source} under {@code writes}, in either direction. */
    static List<byte[][]> scan(MergedCursor.Source source, WriteBuffer writes, byte[] b, byte[] e, int limit, boolean reverse) {
        List<byte[][]> out = new ArrayList<>();
        for (boolean exhaustive = false; ; exhaustive = true) {
            MergedCursor cursor = new MergedCursor(source, writes, reverse ? e : b, !reverse, !reverse, exhaustive);
            while ((limit == 0 || out.size() < limit) && cursor.hasNext()) {
                byte[][] kv = cursor.next();
                if (reverse ? Keys.compare(kv[0], b) < 0 : Keys.compare(kv[0], e) >= 0) {
                    break;
                }
                out.add(kv);
            }
            if (cursor.consistent()) {
                return out;
            }
            out.clear(); // a key died while the live keys were walked: it may have been missed
        }
    }
}

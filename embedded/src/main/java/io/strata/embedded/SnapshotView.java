package io.strata.embedded;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import java.util.concurrent.CompletableFuture;

/** A transaction's snapshot view ({@code tr.snapshot()}): the same reads, adding no read-conflict ranges. */
final class SnapshotView extends ReadSurface {
    private final EmbeddedTransaction tr;

    SnapshotView(EmbeddedTransaction tr) {
        this.tr = tr;
    }

    @Override
    AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode) {
        return tr.reads().range(begin, end, limit, reverse, mode, true);
    }

    @Override
    EmbeddedTransaction transaction() {
        return tr;
    }

    @Override
    public boolean isSnapshot() {
        return true;
    }

    @Override
    public ReadTransaction snapshot() {
        return this;
    }

    @Override
    public CompletableFuture<byte[]> get(byte[] key) {
        return tr.reads().get(key, true);
    }

    @Override
    public CompletableFuture<byte[]> getKey(KeySelector selector) {
        return tr.reads().getKey(selector, true);
    }

    @Override
    public boolean addReadConflictRangeIfNotSnapshot(byte[] begin, byte[] end) {
        return false;
    }

    @Override
    public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
        return false;
    }
}

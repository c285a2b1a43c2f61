package io.strata.embedded;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeyRangeArrayResult;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * fdb-java's many {@link ReadTransaction} overloads, funnelled into the few operations a read view
 * implements. Shared by a transaction and its snapshot view so both behave identically.
 */
abstract class ReadSurface implements ReadTransaction {

    abstract AsyncIterable<KeyValue> range(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode);

    abstract EmbeddedTransaction transaction();

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end) {
        return range(begin, end, ROW_LIMIT_UNLIMITED, false, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit) {
        return range(begin, end, limit, false, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit, boolean reverse) {
        return range(begin, end, limit, reverse, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit, boolean reverse, StreamingMode mode) {
        return range(begin, end, limit, reverse, mode);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end) {
        return getRange(begin, end, ROW_LIMIT_UNLIMITED, false, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit) {
        return getRange(begin, end, limit, false, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        return getRange(begin, end, limit, reverse, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse, StreamingMode mode) {
        return range(KeySelector.firstGreaterOrEqual(begin), KeySelector.firstGreaterOrEqual(end), limit, reverse, mode);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range) {
        return getRange(range.begin, range.end);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit) {
        return getRange(range.begin, range.end, limit);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit, boolean reverse) {
        return getRange(range.begin, range.end, limit, reverse);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit, boolean reverse, StreamingMode mode) {
        return getRange(range.begin, range.end, limit, reverse, mode);
    }

    @Override
    public AsyncIterable<MappedKeyValue> getMappedRange(
            KeySelector begin, KeySelector end, byte[] mapper, int limit, boolean reverse, StreamingMode mode) {
        return transaction().reads().mapped().read(begin, end, mapper, limit, reverse, mode, isSnapshot());
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(Range range) {
        return getEstimatedRangeSizeBytes(range.begin, range.end);
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(byte[] begin, byte[] end) {
        return transaction().estimatedSize(begin, end);
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(Range range, long chunkSize) {
        return getRangeSplitPoints(range.begin, range.end, chunkSize);
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(byte[] begin, byte[] end, long chunkSize) {
        return transaction().splitPoints(begin, end, chunkSize);
    }

    @Override
    public CompletableFuture<KeyRangeArrayResult> getBlobGranuleRanges(byte[] begin, byte[] end, int rowLimit) {
        return CompletableFuture.failedFuture(FdbErrors.unsupported("blob granules (getBlobGranuleRanges)"));
    }

    @Override
    public CompletableFuture<Long> getReadVersion() {
        return transaction().getReadVersion();
    }

    @Override
    public void setReadVersion(long version) {
        transaction().setReadVersion(version);
    }

    @Override
    public com.apple.foundationdb.TransactionOptions options() {
        return transaction().options();
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable) {
        return retryable.apply(this);
    }

    @Override
    public java.util.concurrent.Executor getExecutor() {
        return transaction().getExecutor();
    }
}

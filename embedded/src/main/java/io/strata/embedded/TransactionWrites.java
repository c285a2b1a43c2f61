package io.strata.embedded;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.MutationType;

/**
 * The write side of one transaction attempt: validates each write as FoundationDB's
 * ReadYourWritesTransaction does, then buffers it ({@link WriteBuffer}) and adds its write-conflict
 * range ({@link ConflictRanges}).
 *
 * <p>Invariants: nothing here throws, as fdb-java's {@code set}, {@code clear} and {@code mutate} cannot;
 * the first error (2017 after commit, 2004 outside the writable keyspace, 2005 inverted clear range,
 * 2102 key too long, 2103 value too long, 2000 bad versionstamp offset) is deferred to the next read or
 * commit and the write is dropped. Writes FoundationDB drops silently are dropped silently: clearing a
 * key longer than the limit (no such key exists) and an empty clear range. Keys, values and ranges are
 * copied as they come in: the engine never keeps an array the caller may reuse (fdb-java copies them
 * into the client at the call).
 */
final class TransactionWrites {
    private static final int VALUE_LIMIT = 100_000;

    private final EmbeddedTransaction tr;

    TransactionWrites(EmbeddedTransaction tr) {
        this.tr = tr;
    }

    /** Whether a write may go ahead; when not, its error is deferred. */
    private boolean writable() {
        return passes(tr.lifecycle().writeError());
    }

    private boolean passes(FDBException error) {
        if (error != null) {
            tr.lifecycle().defer(error);
            return false;
        }
        return true;
    }

    /** 2004 outside the writable keyspace, 2102 too long; deferred. */
    private boolean checkWriteKey(byte[] key) {
        return passes(Keys.isSpecial(key) ? FdbErrors.specialKey(key)
                : Keys.compare(key, tr.reads().keyLimit()) >= 0 ? FdbErrors.of(2004)
                : key.length > tr.reads().keySizeLimit() ? FdbErrors.of(2102) : null);
    }

    private boolean checkValue(byte[] value) {
        return passes(value.length > VALUE_LIMIT ? FdbErrors.of(2103) : null);
    }

    void set(byte[] callerKey, byte[] callerValue) {
        if (writable() && checkWriteKey(callerKey) && checkValue(callerValue)) {
            byte[] key = callerKey.clone();
            tr.buffer().set(key, callerValue.clone());
            tr.conflicts().count(key.length + callerValue.length);
            tr.conflicts().addForWrite(key);
        }
    }

    void clear(byte[] callerKey) {
        byte[] key = callerKey.clone();
        if (!writable() || !passes(Keys.isSpecial(key) ? FdbErrors.specialKey(key)
                : Keys.compare(key, tr.reads().keyLimit()) >= 0 ? FdbErrors.of(2004) : null)) {
            return;
        }
        if (key.length > tr.reads().keySizeLimit()) {
            return; // no stored key can be this long: FoundationDB ignores the clear
        }
        tr.buffer().clear(key);
        tr.conflicts().count(key.length);
        tr.conflicts().addForWrite(key);
    }

    void clear(byte[] callerBegin, byte[] callerEnd) {
        byte[] begin = callerBegin.clone();
        byte[] end = callerEnd.clone();
        if (!writable() || !passes(Keys.compare(begin, end) > 0 ? FdbErrors.of(2005) : null)
                || !passes(Keys.isSpecial(begin) ? FdbErrors.specialKey(begin)
                        : Keys.compare(end, tr.reads().keyLimit()) > 0 ? FdbErrors.of(2004) : null)) {
            return;
        }
        if (Keys.compare(begin, end) == 0) {
            return; // an empty range: FoundationDB drops it, adding neither a mutation nor a conflict range
        }
        tr.buffer().clear(begin, end);
        tr.conflicts().count(begin.length + end.length);
        tr.conflicts().addForWrite(begin, end);
    }

    void mutate(MutationType type, byte[] callerKey, byte[] callerParam) {
        if (!writable() || !checkValue(callerParam)) {
            return;
        }
        byte[] key = callerKey.clone();
        byte[] param = callerParam.clone();
        if (type == MutationType.SET_VERSIONSTAMPED_KEY) {
            if (!passes(Versionstamps.offset(key) < 0 ? FdbErrors.of(2000) : null)) {
                return;
            }
            byte[] low = Versionstamps.fillWith(key, (byte) 0);
            byte[] high = Versionstamps.fillWith(key, (byte) 0xff);
            if (checkWriteKey(low) && checkWriteKey(high)) {
                tr.buffer().versionstamped(type, key, param, low, Keys.after(high));
                tr.conflicts().count(key.length + param.length);
            }
            return;
        }
        if (!checkWriteKey(key)) {
            return;
        }
        if (type == MutationType.SET_VERSIONSTAMPED_VALUE) {
            if (!passes(Versionstamps.offset(param) < 0 ? FdbErrors.of(2000) : null)) {
                return;
            }
            tr.buffer().versionstamped(type, key, param, key, Keys.after(key));
        } else {
            tr.buffer().atomic(type, key, param);
        }
        tr.conflicts().count(key.length + param.length);
        tr.conflicts().addForWrite(key);
    }

    void addReadConflictRange(byte[] begin, byte[] end) {
        if (writable()) {
            tr.conflicts().addRead(begin.clone(), end.clone());
        }
    }

    void addWriteConflictRange(byte[] begin, byte[] end) {
        if (writable()) {
            tr.conflicts().addWrite(begin.clone(), end.clone());
        }
    }
}

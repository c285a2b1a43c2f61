package io.strata.embedded;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;

/**
 * Live key-values as one transaction sees them: the store at the read version overlaid with the
 * transaction's own writes (read-your-writes), from a starting key in one direction.
 *
 * <p>A buffered entry hides the stored value of its key; a stored key inside a range the transaction
 * cleared is hidden; pending atomic operations are applied to the stored value as it is read. It walks the
 * buffer's live entries, so it is used only inside a read's answer, which holds the buffer's monitor
 * (see {@link WriteBuffer} on threads).
 */
final class MergedCursor extends Lookahead<byte[][]> {
    /** What lies beneath a transaction's writes: the store at its read version, or what it already read of it. */
    interface Source {
        /** Key-values from a key in one direction; see {@link VersionedStore#scan} for {@code exhaustive}. */
        SourceScan scan(byte[] from, boolean inclusive, boolean forward, boolean exhaustive);

        /** One key's value, or null. */
        byte[] get(byte[] key);
    }

    /** Key-values of a {@link Source}, in order. */
    interface SourceScan extends Iterator<byte[][]> {
        /** Whether every key was seen; if not, scan again exhaustively. */
        boolean consistent();
    }

    private final Source source;
    private final boolean forward;
    private final SourceScan stored;
    /** The stored key-values the transaction did not clear. */
    private final Lookahead<byte[][]> storedLeft;
    private final Lookahead<Map.Entry<byte[], WriteBuffer.Entry>> buffered;

    /**
     * Lazy: it reads the store and the buffer only as far as {@link #hasNext()} asks, so a read of one key
     * looks no further than that key.
     *
     * @param buffer     the transaction's writes, or null when read-your-writes is off
     * @param source     the stored key-values beneath the writes
     * @param exhaustive walk every stored key (see {@link VersionedStore#scan}); needed only when a first
     *                   pass was not {@link #consistent()}
     */
    MergedCursor(Source source, WriteBuffer buffer, byte[] from, boolean inclusive, boolean forward, boolean exhaustive) {
        this.source = source;
        this.forward = forward;
        this.stored = source.scan(from, inclusive, forward, exhaustive);
        this.storedLeft = new Lookahead<>() {
            @Override
            protected byte[][] find() {
                while (stored.hasNext()) {
                    byte[][] kv = stored.next();
                    if (buffer == null || !buffer.isCleared(kv[0])) {
                        return kv;
                    }
                }
                return null;
            }
        };
        this.buffered = Lookahead.of(buffer == null ? Collections.emptyIterator() : buffer.entries(from, inclusive, forward).entrySet().iterator());
    }

    @Override
    protected byte[][] find() {
        while (true) {
            byte[][] s = storedLeft.peek();
            Map.Entry<byte[], WriteBuffer.Entry> b = buffered.peek();
            if (s == null && b == null) {
                return null;
            }
            int c = s == null ? 1 : b == null ? -1 : forward ? Keys.compare(s[0], b.getKey()) : -Keys.compare(s[0], b.getKey());
            if (c < 0) {
                return storedLeft.next();
            }
            buffered.next();
            byte[] storedValue = null;
            if (c == 0) {
                storedValue = storedLeft.next()[1];
            } else if (!b.getValue().known()) {
                storedValue = source.get(b.getKey());
            }
            byte[] value = b.getValue().resolve(storedValue);
            if (value != null) {
                return new byte[][] {b.getKey(), value};
            }
        }
    }

    /** Whether the stored keys were seen completely; if not, read again with an exhaustive cursor. */
    boolean consistent() {
        return stored.consistent();
    }
}

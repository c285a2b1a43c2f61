package io.strata.embedded;

import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Live key-values as one transaction sees them: the store at the read version overlaid with the
 * transaction's own writes (read-your-writes), from a starting key in one direction.
 *
 * <p>A buffered entry hides the stored value of its key; a stored key inside a range the transaction
 * cleared is hidden; pending atomic operations are applied to the stored value as it is read. It walks the
 * buffer's live entries, so it is used only inside a read's answer, which holds the buffer's monitor
 * (see {@link WriteBuffer} on threads).
 */
final class MergedCursor implements Iterator<byte[][]> {
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
    private final WriteBuffer buffer;
    private final boolean forward;
    private final SourceScan stored;
    private final Iterator<Map.Entry<byte[], WriteBuffer.Entry>> buffered;
    private byte[][] nextStored;
    private Map.Entry<byte[], WriteBuffer.Entry> nextBuffered;
    private byte[][] next;

    /**
     * @param buffer     the transaction's writes, or null when read-your-writes is off
     * @param source     the stored key-values beneath the writes
     * @param exhaustive walk every stored key (see {@link VersionedStore#scan}); needed only when a first
     *                   pass was not {@link #consistent()}
     */
    MergedCursor(Source source, WriteBuffer buffer, byte[] from, boolean inclusive, boolean forward, boolean exhaustive) {
        this.source = source;
        this.buffer = buffer;
        this.forward = forward;
        this.stored = source.scan(from, inclusive, forward, exhaustive);
        this.buffered = buffer == null ? null : buffer.entries(from, inclusive, forward).entrySet().iterator();
        nextStored = pullStored();
        nextBuffered = buffered != null && buffered.hasNext() ? buffered.next() : null;
        next = advance();
    }

    private byte[][] pullStored() {
        while (stored.hasNext()) {
            byte[][] kv = stored.next();
            if (buffer == null || !buffer.isCleared(kv[0])) {
                return kv;
            }
        }
        return null;
    }

    private byte[][] advance() {
        while (nextStored != null || nextBuffered != null) {
            int c;
            if (nextStored == null) {
                c = 1;
            } else if (nextBuffered == null) {
                c = -1;
            } else {
                c = Keys.compare(nextStored[0], nextBuffered.getKey());
                c = forward ? c : -c;
            }
            if (c < 0) {
                byte[][] kv = nextStored;
                nextStored = pullStored();
                return kv;
            }
            Map.Entry<byte[], WriteBuffer.Entry> b = nextBuffered;
            nextBuffered = buffered.hasNext() ? buffered.next() : null;
            byte[] storedValue = null;
            if (c == 0) {
                storedValue = nextStored[1];
                nextStored = pullStored();
            } else if (!b.getValue().known()) {
                storedValue = source.get(b.getKey());
            }
            byte[] value = b.getValue().resolve(storedValue);
            if (value != null) {
                return new byte[][] {b.getKey(), value};
            }
        }
        return null;
    }

    /** Whether the stored keys were seen completely; if not, read again with an exhaustive cursor. */
    boolean consistent() {
        return stored.consistent();
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public byte[][] next() {
        if (next == null) {
            throw new NoSuchElementException();
        }
        byte[][] r = next;
        next = advance();
        return r;
    }
}

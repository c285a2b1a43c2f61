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
    /** Whether {@code nextStored} / {@code nextBuffered} hold the next entries of their side (null: exhausted). */
    private boolean storedPeeked;
    private boolean bufferedPeeked;
    private byte[][] next;
    private boolean nextFound;

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
        this.buffer = buffer;
        this.forward = forward;
        this.stored = source.scan(from, inclusive, forward, exhaustive);
        this.buffered = buffer == null ? null : buffer.entries(from, inclusive, forward).entrySet().iterator();
    }

    private byte[][] peekStored() {
        if (!storedPeeked) {
            nextStored = null;
            while (stored.hasNext()) {
                byte[][] kv = stored.next();
                if (buffer == null || !buffer.isCleared(kv[0])) {
                    nextStored = kv;
                    break;
                }
            }
            storedPeeked = true;
        }
        return nextStored;
    }

    private Map.Entry<byte[], WriteBuffer.Entry> peekBuffered() {
        if (!bufferedPeeked) {
            nextBuffered = buffered != null && buffered.hasNext() ? buffered.next() : null;
            bufferedPeeked = true;
        }
        return nextBuffered;
    }

    private byte[][] advance() {
        while (true) {
            byte[][] s = peekStored();
            Map.Entry<byte[], WriteBuffer.Entry> b = peekBuffered();
            if (s == null && b == null) {
                return null;
            }
            int c = s == null ? 1 : b == null ? -1 : forward ? Keys.compare(s[0], b.getKey()) : -Keys.compare(s[0], b.getKey());
            if (c < 0) {
                storedPeeked = false;
                return s;
            }
            bufferedPeeked = false;
            byte[] storedValue = null;
            if (c == 0) {
                storedValue = s[1];
                storedPeeked = false;
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

    @Override
    public boolean hasNext() {
        if (!nextFound) {
            next = advance();
            nextFound = true;
        }
        return next != null;
    }

    @Override
    public byte[][] next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        nextFound = false;
        return next;
    }
}

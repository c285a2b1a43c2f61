package io.strata.embedded;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/** Byte-string helpers shared by the engine: FoundationDB's unsigned lexicographic key order. */
final class Keys {
    static final byte[] EMPTY = new byte[0];
    /** The first key past the normal keyspace. */
    static final byte[] SYSTEM_PREFIX = {(byte) 0xff};
    /** One past every system key. */
    static final byte[] SYSTEM_END = {(byte) 0xff, (byte) 0xff};
    /**
     * Where a cluster records that a shard begins at the empty key ({@code \xff/keyServers/} followed by the
     * shard's first key): the one shard boundary of a one-shard cluster, read by {@code LocalityUtil.getBoundaryKeys}.
     */
    static final byte[] FIRST_SHARD = "\377/keyServers/".getBytes(StandardCharsets.ISO_8859_1);

    /**
     * Unsigned lexicographic order, FoundationDB's key order. {@link Arrays#compareUnsigned(byte[], byte[])} is a
     * JDK intrinsic that compares many bytes at a time: every map of the engine orders by it, and it was the
     * bulk of a point read's cost with the tuple layer's byte-by-byte comparer.
     */
    static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

    /** Ranges {@code {begin, end}} in the order of their begin keys. */
    static final Comparator<byte[][]> BY_BEGIN = (x, y) -> compare(x[0], y[0]);

    private Keys() {}

    static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /** The smallest key strictly greater than {@code key}: {@code key + \x00}. */
    static byte[] after(byte[] key) {
        byte[] next = Arrays.copyOf(key, key.length + 1);
        return next;
    }

    static byte[] max(byte[] a, byte[] b) {
        return compare(a, b) >= 0 ? a : b;
    }

    static byte[] min(byte[] a, byte[] b) {
        return compare(a, b) <= 0 ? a : b;
    }

    /** Whether {@code key} lies in FoundationDB's special key space ({@code \xff\xff} and after). */
    static boolean isSpecial(byte[] key) {
        return key.length >= 2 && key[0] == (byte) 0xff && key[1] == (byte) 0xff;
    }

    static boolean isSystem(byte[] key) {
        return key.length > 0 && key[0] == (byte) 0xff;
    }
}

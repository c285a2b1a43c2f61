package io.strata.embedded;

/**
 * Where each element of a packed tuple starts, read from the bytes without decoding them, for the elements
 * whose bytes are exactly what decoding and packing them again would give: null, byte strings, ASCII strings,
 * booleans, UUIDs and integers of at most 8 bytes in their shortest form. For anything else (other types,
 * non-ASCII strings, a non-shortest integer, a malformed tuple) it answers null and the caller decodes the
 * tuple, so the two ways never differ: a mapped range read copies a referenced element's bytes instead of
 * decoding every element of every entry and packing one again.
 */
final class TupleSlices {
    private TupleSlices() {}

    /** The offset of each element and, last, {@code packed.length}; null where only a decode can answer. */
    static int[] of(byte[] packed) {
        int[] starts = new int[8];
        int count = 0;
        int at = 0;
        while (at < packed.length) {
            if (count + 1 >= starts.length) {
                starts = java.util.Arrays.copyOf(starts, starts.length * 2);
            }
            starts[count++] = at;
            at = end(packed, at);
            if (at < 0) {
                return null;
            }
        }
        starts[count] = packed.length;
        return java.util.Arrays.copyOf(starts, count + 1);
    }

    /** The offset after the element at {@code at}, or -1 when it is not one this class copies. */
    private static int end(byte[] b, int at) {
        int code = b[at] & 0xff;
        if (code == 0x00 || code == 0x26 || code == 0x27) {
            return at + 1;
        }
        if (code == 0x01 || code == 0x02) {
            return stringEnd(b, at + 1, code == 0x02);
        }
        if (code == 0x30) {
            return at + 17 <= b.length ? at + 17 : -1;
        }
        if (code >= 0x0c && code <= 0x1c) {
            int n = Math.abs(code - 0x14);
            if (at + 1 + n > b.length) {
                return -1;
            }
            // the shortest form: no leading 0x00 byte (positive) or 0xff byte (negative, ones' complement)
            if (n > 0 && (b[at + 1] & 0xff) == (code > 0x14 ? 0x00 : 0xff)) {
                return -1;
            }
            return at + 1 + n;
        }
        return -1;
    }

    /** After the terminating 0x00 of a byte or text string (0x00 0xff is an escaped zero byte). */
    private static int stringEnd(byte[] b, int from, boolean ascii) {
        int i = from;
        while (i < b.length) {
            int x = b[i] & 0xff;
            if (x == 0x00) {
                if (i + 1 < b.length && (b[i + 1] & 0xff) == 0xff) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            if (ascii && x >= 0x80) {
                return -1;
            }
            i++;
        }
        return -1;
    }
}

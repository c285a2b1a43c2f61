package io.strata.embedded;

import com.apple.foundationdb.MutationType;
import java.util.Arrays;
import java.util.Objects;

/**
 * FoundationDB's atomic mutations, evaluated against one key's current value.
 *
 * <p>Reproduces the server's rules exactly, including the quirks code relies on:
 * integers are little-endian and unsigned; the operand's length sets the result's
 * length (the existing value is truncated or zero-extended to it); an empty operand
 * yields an empty value for the arithmetic and bitwise types; {@code BIT_AND} and
 * {@code MIN} on an absent key store the operand (the "v2" behaviour every API
 * version since 510 uses, which is why the deprecated {@code AND} alias behaves the
 * same); {@code APPEND_IF_FITS} keeps the old value when the result would exceed
 * {@value #VALUE_SIZE_LIMIT} bytes; {@code COMPARE_AND_CLEAR} clears the key when the
 * values are equal and leaves an absent key absent.
 *
 * <p>Invariant: never modifies its arguments; the result may be one of them, so a
 * caller that later mutates an argument must copy first.
 */
final class AtomicOps {

    /** FoundationDB's value size limit, which {@code APPEND_IF_FITS} never exceeds. */
    static final int VALUE_SIZE_LIMIT = 100_000;

    private AtomicOps() {
    }

    /**
     * Applies an atomic mutation.
     *
     * @param type     any atomic type except the two versionstamp types, which are
     *                 rewrites at commit rather than read-modify-write operations
     * @param existing the key's current value, or {@code null} when the key is absent
     * @param operand  the mutation's parameter
     * @return the key's new value, or {@code null} when the key ends up cleared
     * @throws IllegalArgumentException for {@code SET_VERSIONSTAMPED_KEY/VALUE}
     */
    @SuppressWarnings("deprecation") // AND, OR and XOR are fdb-java's deprecated aliases of the BIT_* types
    static byte[] apply(MutationType type, byte[] existing, byte[] operand) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(operand, "operand");
        return switch (type) {
            case ADD -> isEmpty(existing) || operand.length == 0 ? operand : add(existing, operand);
            case BIT_AND, AND -> existing == null || operand.length == 0 ? operand : and(existing, operand);
            case BIT_OR, OR -> isEmpty(existing) || operand.length == 0 ? operand : or(existing, operand);
            case BIT_XOR, XOR -> isEmpty(existing) || operand.length == 0 ? operand : xor(existing, operand);
            case APPEND_IF_FITS -> appendIfFits(existing, operand);
            case MAX -> isEmpty(existing) || operand.length == 0 ? operand : max(existing, operand);
            case MIN -> existing == null || operand.length == 0 ? operand : min(existing, operand);
            case BYTE_MAX -> existing != null && Arrays.compareUnsigned(existing, operand) > 0 ? existing : operand;
            case BYTE_MIN -> existing != null && Arrays.compareUnsigned(existing, operand) < 0 ? existing : operand;
            case COMPARE_AND_CLEAR -> existing == null || Arrays.equals(existing, operand) ? null : existing;
            case SET_VERSIONSTAMPED_KEY, SET_VERSIONSTAMPED_VALUE -> throw new IllegalArgumentException(
                    type + " is not a read-modify-write operation: the engine fills in the versionstamp at commit");
        };
    }

    private static boolean isEmpty(byte[] value) {
        return value == null || value.length == 0;
    }

    private static byte[] add(byte[] existing, byte[] operand) {
        byte[] result = new byte[operand.length];
        int carry = 0;
        for (int i = 0; i < operand.length; i++) {
            int sum = (operand[i] & 0xff) + (i < existing.length ? existing[i] & 0xff : 0) + carry;
            result[i] = (byte) sum;
            carry = sum >>> 8;
        }
        return result; // a carry out of the last byte is dropped: the sum wraps at the operand's width
    }

    private static byte[] and(byte[] existing, byte[] operand) {
        byte[] result = new byte[operand.length]; // bytes past the existing value AND with zero
        for (int i = 0; i < Math.min(existing.length, operand.length); i++) {
            result[i] = (byte) (existing[i] & operand[i]);
        }
        return result;
    }

    private static byte[] or(byte[] existing, byte[] operand) {
        byte[] result = operand.clone(); // bytes past the existing value are the operand's
        for (int i = 0; i < Math.min(existing.length, operand.length); i++) {
            result[i] |= existing[i];
        }
        return result;
    }

    private static byte[] xor(byte[] existing, byte[] operand) {
        byte[] result = operand.clone(); // bytes past the existing value are the operand's
        for (int i = 0; i < Math.min(existing.length, operand.length); i++) {
            result[i] ^= existing[i];
        }
        return result;
    }

    private static byte[] appendIfFits(byte[] existing, byte[] operand) {
        if (isEmpty(existing)) {
            return operand;
        }
        if (operand.length == 0 || existing.length + operand.length > VALUE_SIZE_LIMIT) {
            return existing;
        }
        byte[] result = Arrays.copyOf(existing, existing.length + operand.length);
        System.arraycopy(operand, 0, result, existing.length, operand.length);
        return result;
    }

    private static byte[] max(byte[] existing, byte[] operand) {
        byte[] resized = Arrays.copyOf(existing, operand.length);
        return compareLittleEndian(resized, operand) > 0 ? resized : operand;
    }

    private static byte[] min(byte[] existing, byte[] operand) {
        byte[] resized = Arrays.copyOf(existing, operand.length); // a present empty value counts as 0
        return compareLittleEndian(resized, operand) < 0 ? resized : operand;
    }

    /** Compares two equally long little-endian unsigned integers. */
    private static int compareLittleEndian(byte[] a, byte[] b) {
        for (int i = a.length - 1; i >= 0; i--) {
            int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}

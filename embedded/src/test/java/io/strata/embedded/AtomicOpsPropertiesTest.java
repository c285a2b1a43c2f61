package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.MutationType;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** The integer mutations agree with arbitrary-precision arithmetic on little-endian unsigned values. */
class AtomicOpsPropertiesTest {

    private static BigInteger littleEndian(byte[] bytes, int width) {
        byte[] bigEndian = new byte[width + 1]; // leading zero byte keeps the value unsigned
        for (int i = 0; i < Math.min(bytes.length, width); i++) {
            bigEndian[width - i] = bytes[i];
        }
        return new BigInteger(bigEndian);
    }

    @Property
    void addIsModularAdditionAtTheOperandsWidth(@ForAll @Size(min = 1, max = 12) byte[] existing,
                                                @ForAll @Size(min = 1, max = 12) byte[] operand) {
        byte[] result = AtomicOps.apply(MutationType.ADD, existing, operand);
        BigInteger modulus = BigInteger.ONE.shiftLeft(8 * operand.length);
        BigInteger expected = littleEndian(existing, operand.length).add(littleEndian(operand, operand.length)).mod(modulus);
        assertEquals(operand.length, result.length);
        assertEquals(expected, littleEndian(result, operand.length));
    }

    @Property
    void maxAndMinPickTheLargerAndSmallerValueAtTheOperandsWidth(@ForAll @Size(min = 1, max = 12) byte[] existing,
                                                                 @ForAll @Size(min = 1, max = 12) byte[] operand) {
        BigInteger a = littleEndian(existing, operand.length);
        BigInteger b = littleEndian(operand, operand.length);
        byte[] max = AtomicOps.apply(MutationType.MAX, existing, operand);
        byte[] min = AtomicOps.apply(MutationType.MIN, existing, operand);
        assertEquals(operand.length, max.length);
        assertEquals(operand.length, min.length);
        assertEquals(a.max(b), littleEndian(max, operand.length));
        assertEquals(a.min(b), littleEndian(min, operand.length));
    }

    @Property
    void xorWithItselfGivesZeroes(@ForAll @Size(min = 1, max = 12) byte[] value) {
        assertArrayEquals(new byte[value.length], AtomicOps.apply(MutationType.BIT_XOR, value, value));
    }
}

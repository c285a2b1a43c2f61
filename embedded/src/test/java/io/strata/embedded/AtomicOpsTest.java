package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.MutationType;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AtomicOpsTest {

    private static byte[] b(int... bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }

    private static byte[] apply(MutationType type, byte[] existing, byte[] operand) {
        return AtomicOps.apply(type, existing, operand);
    }

    @Nested
    class Add {
        @Test
        void addsLittleEndianWithCarry() {
            assertArrayEquals(b(0x00, 0x01, 0x00, 0x00), apply(MutationType.ADD, b(0xff, 0, 0, 0), b(1, 0, 0, 0)));
        }

        @Test
        void carryOutOfTheLastByteWraps() {
            assertArrayEquals(b(0, 0), apply(MutationType.ADD, b(0xff, 0xff), b(1, 0)));
        }

        @Test
        void longerExistingValueIsTruncatedToTheOperandLength() {
            assertArrayEquals(b(3), apply(MutationType.ADD, b(1, 9, 9), b(2)));
        }

        @Test
        void shorterExistingValueIsZeroExtended() {
            assertArrayEquals(b(0x00, 0x01, 0x05), apply(MutationType.ADD, b(0xff), b(1, 0, 5)));
        }

        @Test
        void absentOrEmptyExistingValueStoresTheOperand() {
            assertArrayEquals(b(7, 0), apply(MutationType.ADD, null, b(7, 0)));
            assertArrayEquals(b(7, 0), apply(MutationType.ADD, new byte[0], b(7, 0)));
        }

        @Test
        void emptyOperandStoresAnEmptyValue() {
            assertArrayEquals(new byte[0], apply(MutationType.ADD, b(1, 2), new byte[0]));
        }

        @Test
        void minusOneDecrements() {
            assertArrayEquals(b(4, 0, 0, 0, 0, 0, 0, 0),
                    apply(MutationType.ADD, b(5, 0, 0, 0, 0, 0, 0, 0), b(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)));
        }
    }

    @Nested
    class Bitwise {
        @Test
        void andCombinesBytesAndZeroesBytesPastTheExistingValue() {
            assertArrayEquals(b(0x0c, 0x00), apply(MutationType.BIT_AND, b(0x3c), b(0x0f, 0xff)));
        }

        @Test
        void andOnAnAbsentKeyStoresTheOperand() {
            assertArrayEquals(b(0x0f, 0xf0), apply(MutationType.BIT_AND, null, b(0x0f, 0xf0)));
        }

        @Test
        void andOnAPresentEmptyValueGivesZeroes() {
            assertArrayEquals(b(0, 0), apply(MutationType.BIT_AND, new byte[0], b(0x0f, 0xf0)));
        }

        @Test
        void andTruncatesALongerExistingValue() {
            assertArrayEquals(b(0x01), apply(MutationType.BIT_AND, b(0x03, 0xff), b(0x05)));
        }

        @Test
        void orCopiesOperandBytesPastTheExistingValue() {
            assertArrayEquals(b(0x3f, 0x80), apply(MutationType.BIT_OR, b(0x30), b(0x0f, 0x80)));
        }

        @Test
        void orOnAnAbsentKeyStoresTheOperand() {
            assertArrayEquals(b(0x01), apply(MutationType.BIT_OR, null, b(0x01)));
        }

        @Test
        void xorCopiesOperandBytesPastTheExistingValue() {
            assertArrayEquals(b(0x0f, 0x80), apply(MutationType.BIT_XOR, b(0xff, 0x00, 0x77), b(0xf0, 0x80)));
            assertArrayEquals(b(0x00, 0x80), apply(MutationType.BIT_XOR, b(0xf0), b(0xf0, 0x80)));
        }

        @Test
        void emptyOperandStoresAnEmptyValue() {
            for (MutationType type : new MutationType[] {MutationType.BIT_AND, MutationType.BIT_OR, MutationType.BIT_XOR}) {
                assertArrayEquals(new byte[0], apply(type, b(1, 2), new byte[0]), type.name());
            }
        }

        @Test
        @SuppressWarnings("deprecation")
        void deprecatedAliasesBehaveLikeTheBitTypes() {
            assertArrayEquals(b(0x0f), apply(MutationType.AND, null, b(0x0f)));
            assertArrayEquals(b(0x3f), apply(MutationType.OR, b(0x30), b(0x0f)));
            assertArrayEquals(b(0x3f), apply(MutationType.XOR, b(0x30), b(0x0f)));
        }
    }

    @Nested
    class AppendIfFits {
        @Test
        void appendsTheOperand() {
            assertArrayEquals(b(1, 2, 3), apply(MutationType.APPEND_IF_FITS, b(1), b(2, 3)));
        }

        @Test
        void absentKeyStoresTheOperand() {
            assertArrayEquals(b(2, 3), apply(MutationType.APPEND_IF_FITS, null, b(2, 3)));
        }

        @Test
        void resultOfExactlyTheLimitIsKept() {
            byte[] result = apply(MutationType.APPEND_IF_FITS, new byte[99_999], b(1));
            assertTrue(result.length == 100_000 && result[99_999] == 1);
        }

        @Test
        void resultOverTheLimitKeepsTheOldValue() {
            byte[] existing = new byte[99_999];
            assertSame(existing, apply(MutationType.APPEND_IF_FITS, existing, b(1, 2)));
        }

        @Test
        void emptyOperandKeepsTheOldValue() {
            assertArrayEquals(b(1), apply(MutationType.APPEND_IF_FITS, b(1), new byte[0]));
        }
    }

    @Nested
    class MaxAndMin {
        @Test
        void maxComparesAsLittleEndianUnsigned() {
            // 0x0100 = 256 beats 0x00ff = 255 although its first byte is smaller
            assertArrayEquals(b(0x00, 0x01), apply(MutationType.MAX, b(0xff, 0x00), b(0x00, 0x01)));
            assertArrayEquals(b(0x00, 0x01), apply(MutationType.MAX, b(0x00, 0x01), b(0xff, 0x00)));
            assertArrayEquals(b(0x80), apply(MutationType.MAX, b(0x7f), b(0x80)));
        }

        @Test
        void maxKeepsTheExistingValueResizedToTheOperand() {
            assertArrayEquals(b(0x05, 0x00, 0x00), apply(MutationType.MAX, b(0x05), b(0x04, 0x00, 0x00)));
            assertArrayEquals(b(0x05), apply(MutationType.MAX, b(0x05, 0x07), b(0x04)));
        }

        @Test
        void maxOnAbsentOrEmptyStoresTheOperand() {
            assertArrayEquals(b(0, 0), apply(MutationType.MAX, null, b(0, 0)));
            assertArrayEquals(b(3), apply(MutationType.MAX, new byte[0], b(3)));
        }

        @Test
        void minComparesAsLittleEndianUnsigned() {
            assertArrayEquals(b(0xff, 0x00), apply(MutationType.MIN, b(0xff, 0x00), b(0x00, 0x01)));
            assertArrayEquals(b(0x7f), apply(MutationType.MIN, b(0x80), b(0x7f)));
        }

        @Test
        void minKeepsTheExistingValueResizedToTheOperand() {
            assertArrayEquals(b(0x03, 0x00), apply(MutationType.MIN, b(0x03), b(0x04, 0x00)));
            assertArrayEquals(b(0x03), apply(MutationType.MIN, b(0x03, 0x09), b(0x04)));
        }

        @Test
        void minOnAnAbsentKeyStoresTheOperand() {
            assertArrayEquals(b(9, 9), apply(MutationType.MIN, null, b(9, 9)));
        }

        @Test
        void minOnAPresentEmptyValueCountsItAsZero() {
            assertArrayEquals(b(0, 0), apply(MutationType.MIN, new byte[0], b(9, 9)));
        }

        @Test
        void emptyOperandStoresAnEmptyValue() {
            assertArrayEquals(new byte[0], apply(MutationType.MAX, b(1), new byte[0]));
            assertArrayEquals(new byte[0], apply(MutationType.MIN, b(1), new byte[0]));
        }
    }

    @Nested
    class ByteMaxAndMin {
        @Test
        void byteMaxComparesLexicographicallyUnsigned() {
            assertArrayEquals(b(0x80), apply(MutationType.BYTE_MAX, b(0x7f, 0xff), b(0x80)));
            assertArrayEquals(b(1, 2, 0), apply(MutationType.BYTE_MAX, b(1, 2, 0), b(1, 2)));
        }

        @Test
        void byteMinComparesLexicographicallyUnsigned() {
            assertArrayEquals(b(0x7f, 0xff), apply(MutationType.BYTE_MIN, b(0x7f, 0xff), b(0x80)));
            assertArrayEquals(b(1, 2), apply(MutationType.BYTE_MIN, b(1, 2, 0), b(1, 2)));
        }

        @Test
        void absentKeyStoresTheOperandButAPresentEmptyValueIsTheSmallest() {
            assertArrayEquals(b(5), apply(MutationType.BYTE_MIN, null, b(5)));
            assertArrayEquals(b(5), apply(MutationType.BYTE_MAX, null, b(5)));
            assertArrayEquals(new byte[0], apply(MutationType.BYTE_MIN, new byte[0], b(5)));
            assertArrayEquals(b(5), apply(MutationType.BYTE_MAX, new byte[0], b(5)));
        }
    }

    @Nested
    class CompareAndClear {
        @Test
        void clearsWhenEqual() {
            assertNull(apply(MutationType.COMPARE_AND_CLEAR, b(1, 2), b(1, 2)));
        }

        @Test
        void keepsTheValueWhenDifferent() {
            assertArrayEquals(b(1, 2), apply(MutationType.COMPARE_AND_CLEAR, b(1, 2), b(1, 2, 0)));
        }

        @Test
        void absentKeyStaysAbsent() {
            assertNull(apply(MutationType.COMPARE_AND_CLEAR, null, b(1)));
        }

        @Test
        void emptyOperandClearsAPresentEmptyValue() {
            assertNull(apply(MutationType.COMPARE_AND_CLEAR, new byte[0], new byte[0]));
        }
    }

    @ParameterizedTest
    @EnumSource(value = MutationType.class, names = {"SET_VERSIONSTAMPED_KEY", "SET_VERSIONSTAMPED_VALUE"})
    void versionstampTypesAreRejected(MutationType type) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> apply(type, null, b(1)));
        assertTrue(e.getMessage().contains(type.name()), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = MutationType.class, mode = EnumSource.Mode.EXCLUDE,
            names = {"SET_VERSIONSTAMPED_KEY", "SET_VERSIONSTAMPED_VALUE"})
    void argumentsAreNeverModified(MutationType type) {
        byte[] existing = b(0xff, 0x10, 0x01);
        byte[] operand = b(0x01, 0x20);
        apply(type, existing, operand);
        assertArrayEquals(b(0xff, 0x10, 0x01), existing);
        assertArrayEquals(b(0x01, 0x20), operand);
    }
}

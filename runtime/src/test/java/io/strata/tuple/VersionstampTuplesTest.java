package io.strata.tuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Expected bytes are written out by hand from the tuple layer's encoding rules. */
class VersionstampTuplesTest {

    /** Concatenates byte values given as ints, and arrays given as byte[]. */
    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object part : parts) {
            if (part instanceof byte[] array) {
                out.writeBytes(array);
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }

    private static byte[] placeholder() {
        byte[] ff = new byte[10];
        Arrays.fill(ff, (byte) 0xff);
        return ff;
    }

    @Test
    void offsetPointsJustAfterTheVersionstampTypeCode() {
        byte[] packed = VersionstampTuples.packWithVersionstamp(Tuple.from("a", Versionstamp.incomplete(5)));
        // "a" = 02 61 00; versionstamp = 33, 10 placeholder bytes, user version 00 05 (big-endian)
        assertArrayEquals(bytes(0x02, 0x61, 0x00, 0x33, placeholder(), 0x00, 0x05, 0x04, 0x00, 0x00, 0x00), packed);
    }

    @Test
    void rawPrefixComesFirstAndShiftsTheOffset() {
        byte[] packed = VersionstampTuples.packWithVersionstamp(new byte[] {0x15, 0x01}, Tuple.from(Versionstamp.incomplete(0x0102)));
        assertArrayEquals(bytes(0x15, 0x01, 0x33, placeholder(), 0x01, 0x02, 0x03, 0x00, 0x00, 0x00), packed);
    }

    @Test
    void subspacePrefixComesFirst() {
        byte[] packed = VersionstampTuples.packWithVersionstamp(new Subspace(Tuple.from(1)),
                Tuple.from(Versionstamp.incomplete(0), "b"));
        // subspace (1) = 15 01; then the versionstamp; then "b" = 02 62 00
        assertArrayEquals(bytes(0x15, 0x01, 0x33, placeholder(), 0x00, 0x00, 0x02, 0x62, 0x00, 0x03, 0x00, 0x00, 0x00),
                packed);
    }

    @Test
    void versionstampInsideANestedTupleCountsTheNestedEncoding() {
        byte[] packed = VersionstampTuples.packWithVersionstamp(
                Tuple.from(Tuple.fromList(Arrays.asList(null, Versionstamp.incomplete(7))), "c"));
        // nested tuple = 05, nested null = 00 ff, versionstamp, end of nested = 00; then "c" = 02 63 00
        assertArrayEquals(bytes(0x05, 0x00, 0xff, 0x33, placeholder(), 0x00, 0x07, 0x00, 0x02, 0x63, 0x00,
                0x04, 0x00, 0x00, 0x00), packed);
    }

    @Test
    void versionstampInsideANestedListIsFound() {
        byte[] packed = VersionstampTuples.packWithVersionstamp(Tuple.from(List.of(Versionstamp.incomplete(1))));
        assertArrayEquals(bytes(0x05, 0x33, placeholder(), 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00), packed);
    }

    @Test
    void offsetIsAFullLittleEndianInteger() {
        byte[] prefix = new byte[300];
        byte[] packed = VersionstampTuples.packWithVersionstamp(prefix, Tuple.from(Versionstamp.incomplete(0)));
        // 300 prefix bytes, then 33 at index 300, placeholder at 301 = 0x012d
        assertArrayEquals(bytes(0x2d, 0x01, 0x00, 0x00), Arrays.copyOfRange(packed, packed.length - 4, packed.length));
        assertArrayEquals(bytes(0x33, placeholder(), 0x00, 0x00), Arrays.copyOfRange(packed, 300, 313));
    }

    @Test
    void completeVersionstampsAreOrdinaryElements() {
        byte[] version = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        byte[] packed = VersionstampTuples.packWithVersionstamp(
                Tuple.from(Versionstamp.complete(version, 3), Versionstamp.incomplete(4)));
        assertArrayEquals(bytes(0x33, version, 0x00, 0x03, 0x33, placeholder(), 0x00, 0x04, 0x0e, 0x00, 0x00, 0x00),
                packed);
    }

    @Test
    void tupleWithoutAnIncompleteVersionstampIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VersionstampTuples.packWithVersionstamp(Tuple.from("a", 1)));
        assertTrue(e.getMessage().contains("no incomplete versionstamp"), e.getMessage());
    }

    @Test
    void tupleWithSeveralIncompleteVersionstampsIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VersionstampTuples.packWithVersionstamp(
                        Tuple.from(Versionstamp.incomplete(1), Tuple.from(Versionstamp.incomplete(2)))));
        assertTrue(e.getMessage().contains("2 incomplete versionstamps"), e.getMessage());
    }
}

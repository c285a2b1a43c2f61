package io.strata.tuple;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Packs a tuple holding an incomplete {@link Versionstamp} into the parameter of a
 * {@code SET_VERSIONSTAMPED_KEY} or {@code SET_VERSIONSTAMPED_VALUE} mutation, without the
 * native library.
 *
 * <p>fdb-java's {@code Tuple.packWithVersionstamp} asks {@code FDB.instance()} for the API
 * version and so loads libfdb_c; this produces the same bytes as it does for API version
 * 520 and later: {@code prefix ++ tuple bytes ++ offset}, where {@code offset} is a 4-byte
 * little-endian integer giving the position of the 10-byte placeholder, which starts just
 * after the versionstamp's {@code 0x33} type code (the 2-byte user version follows it). At
 * commit FoundationDB overwrites the placeholder with the commit versionstamp and drops the
 * offset.
 *
 * <p>Invariant: the tuple holds exactly one incomplete versionstamp, at any nesting depth;
 * complete versionstamps are ordinary elements. The bytes are {@link TuplePacker}'s, which writes the
 * incomplete versionstamp's own bytes (ten 0xff and the user version) and notes where they start.
 */
public final class VersionstampTuples {

    private static final byte[] PLACEHOLDER = filled(10, (byte) 0xff);

    private VersionstampTuples() {
    }

    /**
     * The parameter of a {@code SET_VERSIONSTAMPED_VALUE} whose stored value is exactly the 10-byte
     * transaction versionstamp of the commit: a 10-byte placeholder and the offset 0.
     */
    public static byte[] transactionVersionValue() {
        return java.nio.ByteBuffer.allocate(14).order(java.nio.ByteOrder.LITTLE_ENDIAN).put(PLACEHOLDER).putInt(0).array();
    }

    /** The mutation parameter for {@code tuple} with no prefix. */
    public static byte[] packWithVersionstamp(Tuple tuple) {
        return packWithVersionstamp(new byte[0], tuple);
    }

    /** The mutation parameter for {@code tuple} inside {@code subspace} (its prefix comes first). */
    public static byte[] packWithVersionstamp(Subspace subspace, Tuple tuple) {
        return packWithVersionstamp(Objects.requireNonNull(subspace, "subspace").getKey(), tuple);
    }

    /**
     * The mutation parameter for {@code tuple} after the raw key {@code prefix}.
     *
     * @throws IllegalArgumentException when the tuple holds no incomplete versionstamp or
     *                                  more than one
     */
    public static byte[] packWithVersionstamp(byte[] prefix, Tuple tuple) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(tuple, "tuple");
        int count = countIncomplete(tuple);
        if (count == 0) {
            throw new IllegalArgumentException("the tuple " + tuple + " holds no incomplete versionstamp; add one "
                    + "with Versionstamp.incomplete(userVersion), or use Tuple.pack() for an ordinary key");
        }
        if (count > 1) {
            throw new IllegalArgumentException("the tuple " + tuple + " holds " + count + " incomplete versionstamps, "
                    + "but a commit fills in only one; keep one and store the others as complete versionstamps");
        }
        TuplePacker packer = new TuplePacker(prefix, true).addAll(tuple);
        byte[] body = packer.toBytes();
        int offset = packer.incompleteAt();
        byte[] result = Arrays.copyOf(body, body.length + Integer.BYTES);
        for (int i = 0; i < Integer.BYTES; i++) {
            result[body.length + i] = (byte) (offset >>> (8 * i));
        }
        return result;
    }

    private static int countIncomplete(Iterable<?> items) {
        int count = 0;
        for (Object item : items) {
            if (item instanceof Versionstamp stamp && !stamp.isComplete()) {
                count++;
            } else if (nested(item) != null) {
                count += countIncomplete(nested(item));
            }
        }
        return count;
    }

    private static Iterable<?> nested(Object item) {
        return item instanceof Tuple || item instanceof List<?> ? (Iterable<?>) item : null;
    }

    private static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }
}

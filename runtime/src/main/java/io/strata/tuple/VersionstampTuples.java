package io.strata.tuple;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.util.ArrayList;
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
 * complete versionstamps are ordinary elements.
 */
public final class VersionstampTuples {

    private static final int VERSIONSTAMP_BYTES = 12;
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
        int count = countIncomplete(tuple.getItems());
        if (count == 0) {
            throw new IllegalArgumentException("the tuple " + tuple + " holds no incomplete versionstamp; add one "
                    + "with Versionstamp.incomplete(userVersion), or use Tuple.pack() for an ordinary key");
        }
        if (count > 1) {
            throw new IllegalArgumentException("the tuple " + tuple + " holds " + count + " incomplete versionstamps, "
                    + "but a commit fills in only one; keep one and store the others as complete versionstamps");
        }
        // Packing is concatenation, so the bytes up to the versionstamp are those of the tuple
        // truncated just after it; each enclosing nested tuple then adds one 0x00 terminator.
        Truncated truncated = truncateAfterVersionstamp(tuple.getItems(), 0);
        byte[] head = Tuple.fromList(truncated.items()).pack();
        int offset = prefix.length + head.length - truncated.depth() - VERSIONSTAMP_BYTES;
        byte[] body = Tuple.fromList(completed(tuple.getItems())).pack(prefix);
        byte[] result = Arrays.copyOf(body, body.length + Integer.BYTES);
        for (int i = 0; i < Integer.BYTES; i++) {
            result[body.length + i] = (byte) (offset >>> (8 * i));
        }
        return result;
    }

    private record Truncated(List<Object> items, int depth) {
    }

    private static int countIncomplete(List<?> items) {
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

    /** The items up to and including the one holding the incomplete versionstamp, completed, truncated likewise. */
    private static Truncated truncateAfterVersionstamp(List<?> items, int depth) {
        List<Object> out = new ArrayList<>();
        for (Object item : items) {
            if (item instanceof Versionstamp stamp && !stamp.isComplete()) {
                out.add(complete(stamp));
                return new Truncated(out, depth);
            }
            List<?> inner = nested(item);
            if (inner != null && countIncomplete(inner) > 0) {
                Truncated innerTruncated = truncateAfterVersionstamp(inner, depth + 1);
                out.add(innerTruncated.items());
                return new Truncated(out, innerTruncated.depth());
            }
            out.add(item);
        }
        throw new IllegalStateException("no incomplete versionstamp in " + items); // callers count first
    }

    /** The items with the incomplete versionstamp replaced by a complete one of identical bytes. */
    private static List<Object> completed(List<?> items) {
        List<Object> out = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof Versionstamp stamp && !stamp.isComplete()) {
                out.add(complete(stamp));
            } else if (nested(item) != null) {
                out.add(completed(nested(item)));
            } else {
                out.add(item);
            }
        }
        return out;
    }

    private static Versionstamp complete(Versionstamp incomplete) {
        return Versionstamp.complete(PLACEHOLDER, incomplete.getUserVersion());
    }

    private static List<?> nested(Object item) {
        if (item instanceof Tuple t) {
            return t.getItems();
        }
        return item instanceof List<?> list ? list : null;
    }

    private static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }
}

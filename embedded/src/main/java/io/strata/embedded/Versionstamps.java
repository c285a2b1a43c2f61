package io.strata.embedded;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The versionstamp placeholder protocol of SET_VERSIONSTAMPED_KEY/VALUE: the parameter ends with a
 * 4-byte little-endian offset of a 10-byte placeholder, which is replaced by the commit's stamp and the
 * offset removed.
 */
final class Versionstamps {
    static final int STAMP_LENGTH = 10;

    private Versionstamps() {}

    /** The placeholder offset, or -1 when the parameter is malformed (client_invalid_operation). */
    static int offset(byte[] param) {
        if (param.length < 4) {
            return -1;
        }
        int offset = ByteBuffer.wrap(param, param.length - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return offset < 0 || offset + STAMP_LENGTH > param.length - 4 ? -1 : offset;
    }

    /** The parameter without its offset, with {@code fill} (10 bytes) at the placeholder. */
    static byte[] fill(byte[] param, byte[] stamp) {
        int offset = offset(param);
        byte[] out = Arrays.copyOf(param, param.length - 4);
        System.arraycopy(stamp, 0, out, offset, STAMP_LENGTH);
        return out;
    }

    /** The placeholder filled with one repeated byte: bounds of the keys a versionstamped key may become. */
    static byte[] fillWith(byte[] param, byte b) {
        byte[] stamp = new byte[STAMP_LENGTH];
        Arrays.fill(stamp, b);
        return fill(param, stamp);
    }
}

package io.strata.embedded;

import com.apple.foundationdb.MutationType;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The payload of one log record: one commit. Its commit version (long), the number of mutations (int),
 * then each mutation in commit order: its kind (byte: 0 set, 1 clear, 2 clear range, 3 atomic), the
 * {@link MutationType} code (int, -1 when not atomic), the key, and the second operand (the value, the
 * range end or the atomic operand; absent for a clear) — each byte string as its length (int, -1 for
 * absent) and bytes. Versionstamped operands are logged as the transaction wrote them: replay fills in
 * the stamp from the record's version, exactly as the commit did.
 */
final class LogRecords {
    private static final WriteBuffer.Mutation.Kind[] KINDS = WriteBuffer.Mutation.Kind.values();
    private static final Map<Integer, MutationType> TYPES = new HashMap<>();

    static {
        for (MutationType t : MutationType.values()) {
            TYPES.put(t.code(), t);
        }
    }

    private LogRecords() {}

    /** A commit's mutations, encoded, with room for the version the committer assigns later. */
    static ByteBuffer encode(List<WriteBuffer.Mutation> mutations) {
        int size = 12;
        for (WriteBuffer.Mutation m : mutations) {
            size += 1 + 4 + 4 + m.key().length + 4 + operandLength(m);
        }
        ByteBuffer b = ByteBuffer.allocate(size).putLong(0).putInt(mutations.size());
        for (WriteBuffer.Mutation m : mutations) {
            b.put((byte) m.kind().ordinal()).putInt(m.type() == null ? -1 : m.type().code());
            putBytes(b, m.key());
            putBytes(b, operand(m));
        }
        return b.flip();
    }

    /** Sets the commit version of an encoded record. */
    static ByteBuffer withVersion(ByteBuffer encoded, long version) {
        encoded.putLong(0, version);
        return encoded;
    }

    private static byte[] operand(WriteBuffer.Mutation m) {
        return m.kind() == WriteBuffer.Mutation.Kind.CLEAR_RANGE ? m.end() : m.param();
    }

    private static int operandLength(WriteBuffer.Mutation m) {
        byte[] operand = operand(m);
        return operand == null ? 0 : operand.length;
    }

    private static void putBytes(ByteBuffer b, byte[] bytes) {
        if (bytes == null) {
            b.putInt(-1);
        } else {
            b.putInt(bytes.length).put(bytes);
        }
    }

    /** A decoded record. */
    record Commit(long version, List<WriteBuffer.Mutation> mutations) {}

    /**
     * Decodes one record's payload (whose checksum already matched).
     *
     * @throws IllegalArgumentException when the payload is not a well-formed commit
     */
    static Commit decode(ByteBuffer b) {
        try {
            long version = b.getLong();
            int count = b.getInt();
            List<WriteBuffer.Mutation> mutations = new ArrayList<>(Math.min(Math.max(count, 0), 1 << 16));
            for (int i = 0; i < count; i++) {
                int kind = b.get();
                int code = b.getInt();
                if (kind < 0 || kind >= KINDS.length || (code != -1 && !TYPES.containsKey(code))) {
                    throw new IllegalArgumentException("unknown mutation kind " + kind + " or type " + code);
                }
                byte[] key = getBytes(b);
                byte[] operand = getBytes(b);
                WriteBuffer.Mutation.Kind k = KINDS[kind];
                mutations.add(k == WriteBuffer.Mutation.Kind.CLEAR_RANGE
                        ? new WriteBuffer.Mutation(k, key, operand, null, null)
                        : new WriteBuffer.Mutation(k, key, null, code == -1 ? null : TYPES.get(code), operand));
            }
            if (b.hasRemaining()) {
                throw new IllegalArgumentException(b.remaining() + " bytes after the last mutation");
            }
            return new Commit(version, mutations);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("the record ends inside a mutation");
        }
    }

    private static byte[] getBytes(ByteBuffer b) {
        int length = b.getInt();
        if (length < -1 || length > b.remaining()) {
            throw new IllegalArgumentException("a byte string of length " + length + " with " + b.remaining() + " bytes left");
        }
        if (length == -1) {
            return null;
        }
        byte[] bytes = new byte[length];
        b.get(bytes);
        return bytes;
    }
}

package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Atomic mutations through a {@link Database}: stored results, read-your-writes of pending
 * operations, and unreadable versionstamped keys. Runs on every backend; conflicts and
 * versionstamp values are covered by {@link ConflictContract} and {@link TransactionContract}.
 */
public abstract class AtomicMutationContract extends BackendContract {

    private static final byte[] KEY = {0x10, 0x01};

    static byte[] b(int... bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }

    /** type, stored value (null = absent), operand, value after commit (null = absent). */
    @SuppressWarnings("unused") // used by @MethodSource
    static Stream<Arguments> mutations() {
        return Stream.of(
                Arguments.of(MutationType.ADD, b(0xff, 0x00), b(0x01, 0x00), b(0x00, 0x01)),
                Arguments.of(MutationType.ADD, b(0xff, 0xff), b(0x01, 0x00), b(0x00, 0x00)),
                Arguments.of(MutationType.ADD, b(0x01, 0x02, 0x03), b(0x01), b(0x02)),
                Arguments.of(MutationType.ADD, null, b(0x05, 0x00), b(0x05, 0x00)),
                Arguments.of(MutationType.BIT_AND, b(0x3c), b(0x0f, 0xff), b(0x0c, 0x00)),
                Arguments.of(MutationType.BIT_AND, null, b(0x0f), b(0x0f)),
                Arguments.of(MutationType.BIT_OR, b(0x30), b(0x0f, 0x80), b(0x3f, 0x80)),
                Arguments.of(MutationType.BIT_XOR, b(0xff, 0x00, 0x77), b(0xf0, 0x80), b(0x0f, 0x80)),
                Arguments.of(MutationType.APPEND_IF_FITS, b(0x01), b(0x02, 0x03), b(0x01, 0x02, 0x03)),
                Arguments.of(MutationType.APPEND_IF_FITS, null, b(0x02), b(0x02)),
                Arguments.of(MutationType.MAX, b(0xff, 0x00), b(0x00, 0x01), b(0x00, 0x01)),
                Arguments.of(MutationType.MAX, b(0x05), b(0x04, 0x00, 0x00), b(0x05, 0x00, 0x00)),
                Arguments.of(MutationType.MIN, b(0xff, 0x00), b(0x00, 0x01), b(0xff, 0x00)),
                Arguments.of(MutationType.MIN, new byte[0], b(0x09, 0x09), b(0x00, 0x00)),
                Arguments.of(MutationType.MIN, null, b(0x09), b(0x09)),
                Arguments.of(MutationType.BYTE_MAX, b(0x7f, 0xff), b(0x80), b(0x80)),
                Arguments.of(MutationType.BYTE_MIN, b(0x7f, 0xff), b(0x80), b(0x7f, 0xff)),
                Arguments.of(MutationType.BYTE_MIN, null, b(0x80), b(0x80)),
                Arguments.of(MutationType.COMPARE_AND_CLEAR, b(0x01, 0x02), b(0x01, 0x02), null),
                Arguments.of(MutationType.COMPARE_AND_CLEAR, b(0x01, 0x02), b(0x01), b(0x01, 0x02)),
                Arguments.of(MutationType.COMPARE_AND_CLEAR, null, b(0x01), null));
    }

    @ParameterizedTest(name = "{0} on {1} with {2}")
    @MethodSource("mutations")
    void committedMutationStoresFoundationDbsResult(MutationType type, byte[] stored, byte[] operand, byte[] expected) {
        if (stored != null) {
            db.run(tr -> {
                tr.set(KEY, stored);
                return null;
            });
        }
        db.run(tr -> {
            tr.mutate(type, KEY, operand);
            return null;
        });
        assertArrayEquals(expected, db.read(tr -> tr.get(KEY).join()));
    }

    @ParameterizedTest(name = "{0} on {1} with {2}")
    @MethodSource("mutations")
    void pendingMutationIsReadAppliedToTheStoredValue(MutationType type, byte[] stored, byte[] operand, byte[] expected) {
        if (stored != null) {
            db.run(tr -> {
                tr.set(KEY, stored);
                return null;
            });
        }
        byte[] seen = db.run(tr -> {
            tr.mutate(type, KEY, operand);
            return tr.get(KEY).join();
        });
        assertArrayEquals(expected, seen);
    }

    @Test
    void pendingMutationsStackOnAnUncommittedSet() {
        byte[] seen = db.run(tr -> {
            tr.set(KEY, b(0x01, 0x00));
            tr.mutate(MutationType.ADD, KEY, b(0x02, 0x00));
            tr.mutate(MutationType.ADD, KEY, b(0xff, 0x00));
            return tr.get(KEY).join();
        });
        assertArrayEquals(b(0x02, 0x01), seen);
        assertArrayEquals(b(0x02, 0x01), db.read(tr -> tr.get(KEY).join()));
    }

    @Test
    void rangeReadSeesPendingMutationsMergedWithStoredKeys() {
        db.run(tr -> {
            tr.set(b(0x20, 0x01), b(0x01));
            tr.set(b(0x20, 0x02), b(0x02));
            return null;
        });
        List<KeyValue> seen = db.run(tr -> {
            tr.mutate(MutationType.ADD, b(0x20, 0x02), b(0x05));
            tr.mutate(MutationType.BIT_OR, b(0x20, 0x03), b(0x09));
            tr.mutate(MutationType.COMPARE_AND_CLEAR, b(0x20, 0x01), b(0x01));
            return tr.getRange(Range.startsWith(b(0x20))).asList().join();
        });
        assertEquals(2, seen.size());
        assertArrayEquals(b(0x20, 0x02), seen.get(0).getKey());
        assertArrayEquals(b(0x07), seen.get(0).getValue());
        assertArrayEquals(b(0x20, 0x03), seen.get(1).getKey());
        assertArrayEquals(b(0x09), seen.get(1).getValue());
    }

    @Test
    void mutationAfterAClearInTheSameTransactionSeesAnAbsentKey() {
        db.run(tr -> {
            tr.set(KEY, b(0x3c));
            return null;
        });
        byte[] seen = db.run(tr -> {
            tr.clear(KEY);
            tr.mutate(MutationType.BIT_AND, KEY, b(0x0f)); // on an absent key BIT_AND stores the operand
            return tr.get(KEY).join();
        });
        assertArrayEquals(b(0x0f), seen);
        assertArrayEquals(b(0x0f), db.read(tr -> tr.get(KEY).join()));
    }

    @Test
    void readingTheRangeOfAPendingVersionstampedKeyFailsAsUnreadable() {
        byte[] keyParam = ByteArrayUtil.join(b(0x30), placeholder(), b(0x01, 0x00, 0x00, 0x00));
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, keyParam, b(0x42));
            assertFdbError(1036, () -> tr.getRange(Range.startsWith(b(0x30))).asList().join());
        }
    }

    @Test
    void resolvingAKeySelectorAcrossAPendingVersionstampedKeyFailsAsUnreadable() {
        byte[] keyParam = ByteArrayUtil.join(b(0x30), placeholder(), b(0x01, 0x00, 0x00, 0x00));
        db.run(tr -> {
            tr.set(b(0x2f, 0x01), b(0x01));
            tr.set(b(0x31, 0x01), b(0x01));
            return null;
        });
        try (Transaction tr = db.createTransaction()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, keyParam, b(0x42));
            // walks that stop short of the key's possible range read as usual
            assertArrayEquals(b(0x2f, 0x01), tr.getKey(KeySelector.firstGreaterOrEqual(b(0x2f))).join());
            assertArrayEquals(b(0x31, 0x01), tr.getKey(KeySelector.lastLessOrEqual(b(0x31, 0x02))).join());
            // walks through it, either way, fail: the stamped key may land anywhere in it
            assertFdbError(1036, () -> tr.getKey(KeySelector.firstGreaterThan(b(0x2f, 0x01))).join());
            assertFdbError(1036, () -> tr.getKey(KeySelector.lastLessThan(b(0x31, 0x01))).join());
            assertFdbError(1036, () -> tr.getRange(KeySelector.firstGreaterThan(b(0x2f, 0x01)), KeySelector.firstGreaterOrEqual(b(0x40)))
                    .asList().join());
        }
    }

    private static byte[] placeholder() {
        byte[] bytes = new byte[10];
        Arrays.fill(bytes, (byte) 0xff);
        return bytes;
    }
}

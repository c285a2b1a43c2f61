package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FdbErrorsTest {

    /** A generator whose every double is just below 1, so the jitter reaches the backoff bound. */
    private static final RandomGenerator ALMOST_ONE = () -> -1L;

    @Test
    void exceptionsCarryFoundationDbsCodeAndMessage() {
        FDBException tooOld = FdbErrors.of(1007);
        assertEquals(1007, tooOld.getCode());
        assertEquals("Transaction is too old to perform reads or be committed", tooOld.getMessage());
        assertEquals("Transaction not committed due to conflict with another transaction", FdbErrors.of(1020).getMessage());
        assertEquals("Transaction may or may not have committed", FdbErrors.of(1021).getMessage());
        assertEquals("Key outside legal range", FdbErrors.of(2004).getMessage());
        assertEquals("Operation is not supported", FdbErrors.of(2108).getMessage());
        assertEquals("Value length exceeds limit", FdbErrors.of(2103).getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1007, 1009, 1020, 1021, 1025, 1031, 1032, 1036, 1037, 1038, 1039, 1042, 1051, 1078, 1079,
            1213, 1223, 2000, 2004, 2005, 2017, 2020, 2021, 2101, 2102, 2103, 2108})
    void everyCodeTheEngineRaisesHasAMessage(int code) {
        FDBException e = FdbErrors.of(code);
        assertEquals(code, e.getCode());
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void unknownCodeIsAnEngineBugNamedInTheMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FdbErrors.of(1234));
        assertTrue(e.getMessage().contains("1234"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1020, 1021, 1037, 1038, 1042, 1051, 1078, 1079, 1213, 1223})
    void conflictsAndOverloadBackOffExponentiallyUpToTheCap(int code) {
        assertEquals(OptionalLong.of(9), FdbErrors.backoffMillis(code, 0, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(19), FdbErrors.backoffMillis(code, 1, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(639), FdbErrors.backoffMillis(code, 6, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(999), FdbErrors.backoffMillis(code, 7, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(999), FdbErrors.backoffMillis(code, 1_000_000, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(49), FdbErrors.backoffMillis(code, 10, 50, ALMOST_ONE));
        assertTrue(FdbErrors.isRetryable(code));
    }

    @Test
    void backoffIsRandomWithinTheBound() {
        RandomGenerator random = new SplittableRandom(7);
        for (int i = 0; i < 1_000; i++) {
            long delay = FdbErrors.backoffMillis(1020, 3, 1_000, random).orElseThrow();
            assertTrue(delay >= 0 && delay < 80, "delay " + delay);
        }
        assertEquals(OptionalLong.of(0), FdbErrors.backoffMillis(1020, 0, 1_000, () -> 0L));
    }

    @ParameterizedTest
    @ValueSource(ints = {1007, 1009})
    void versionErrorsRetryAfterTenMilliseconds(int code) {
        assertEquals(OptionalLong.of(10), FdbErrors.backoffMillis(code, 0, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(10), FdbErrors.backoffMillis(code, 9, 1_000, ALMOST_ONE));
        assertEquals(OptionalLong.of(3), FdbErrors.backoffMillis(code, 0, 3, ALMOST_ONE));
        assertTrue(FdbErrors.isRetryable(code));
    }

    @ParameterizedTest
    @ValueSource(ints = {1025, 1031, 1036, 1039, 2000, 2004, 2017, 2101, 2102, 2103, 2108, 4100})
    void otherCodesAreNotRetriedByOnError(int code) {
        assertEquals(OptionalLong.empty(), FdbErrors.backoffMillis(code, 0, 1_000, ALMOST_ONE));
    }

    @Test
    void maybeCommittedCodesAreUnknownResultAndClusterVersionChanged() {
        assertTrue(FdbErrors.isMaybeCommitted(1021));
        assertTrue(FdbErrors.isMaybeCommitted(1039));
        assertFalse(FdbErrors.isMaybeCommitted(1020));
        assertFalse(FdbErrors.isMaybeCommitted(1007));
    }

    @Test
    void usageErrorsAreNotRetryable() {
        assertFalse(FdbErrors.isRetryable(2004));
        assertFalse(FdbErrors.isRetryable(1025));
        assertFalse(FdbErrors.isRetryable(2101));
    }

    @Test
    void negativeArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> FdbErrors.backoffMillis(1020, -1, 1_000, ALMOST_ONE));
        assertThrows(IllegalArgumentException.class, () -> FdbErrors.backoffMillis(1020, 0, -1, ALMOST_ONE));
    }
}

package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.Faults.CommitFault;
import io.strata.embedded.Faults.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class FaultsTest {

    private static Faults mixed(long seed) {
        return Faults.seeded(seed).notCommitted(0.2).unknownResultApplied(0.1).unknownResultNotApplied(0.1)
                .tooOld(0.3).readDelay(Duration.ofMillis(2), 0.25);
    }

    private static List<Object> decisions(Faults faults, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(faults.nextCommitFault());
            out.add(faults.nextTransactionTooOld());
            out.add(faults.nextReadDelayNanos());
        }
        return out;
    }

    @Test
    void sameSeedGivesTheSameDecisions() {
        assertEquals(decisions(mixed(42), 500), decisions(mixed(42), 500));
    }

    @Test
    void differentSeedsGiveDifferentDecisions() {
        assertNotEquals(decisions(mixed(1), 500), decisions(mixed(2), 500));
    }

    @Test
    void commitDecisionsDoNotDependOnHowManyReadsHappened() {
        Faults quiet = mixed(9);
        Faults busy = mixed(9);
        List<CommitFault> quietCommits = new ArrayList<>();
        List<CommitFault> busyCommits = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            quietCommits.add(quiet.nextCommitFault());
            for (int r = 0; r < i % 5; r++) {
                busy.nextTransactionTooOld();
                busy.nextReadDelayNanos();
            }
            busyCommits.add(busy.nextCommitFault());
        }
        assertEquals(quietCommits, busyCommits);
    }

    @Test
    void noneNeverInjects() {
        Faults none = Faults.none();
        for (int i = 0; i < 1_000; i++) {
            assertEquals(CommitFault.NONE, none.nextCommitFault());
            assertFalse(none.nextTransactionTooOld());
            assertEquals(0, none.nextReadDelayNanos());
        }
        for (Kind kind : Kind.values()) {
            assertEquals(0, none.injectedCount(kind));
        }
    }

    @Test
    void certainFaultsAlwaysHappenAndAreCounted() {
        Faults faults = Faults.seeded(3).unknownResultApplied(1).tooOld(1).readDelay(Duration.ofMillis(2), 1);
        for (int i = 0; i < 10; i++) {
            assertEquals(CommitFault.UNKNOWN_APPLIED, faults.nextCommitFault());
            assertTrue(faults.nextTransactionTooOld());
            assertEquals(2_000_000, faults.nextReadDelayNanos());
        }
        assertEquals(10, faults.injectedCount(Kind.UNKNOWN_RESULT_APPLIED));
        assertEquals(10, faults.injectedCount(Kind.TOO_OLD));
        assertEquals(10, faults.injectedCount(Kind.READ_DELAY));
        assertEquals(0, faults.injectedCount(Kind.NOT_COMMITTED));
    }

    @Test
    void frequenciesFollowTheProbabilities() {
        Faults faults = mixed(5);
        Map<CommitFault, Integer> seen = new EnumMap<>(CommitFault.class);
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            seen.merge(faults.nextCommitFault(), 1, Integer::sum);
        }
        assertEquals(0.2, seen.get(CommitFault.NOT_COMMITTED) / (double) n, 0.02);
        assertEquals(0.1, seen.get(CommitFault.UNKNOWN_APPLIED) / (double) n, 0.02);
        assertEquals(0.1, seen.get(CommitFault.UNKNOWN_NOT_APPLIED) / (double) n, 0.02);
        assertEquals((long) seen.get(CommitFault.NOT_COMMITTED), faults.injectedCount(Kind.NOT_COMMITTED));
    }

    @Test
    void fluentCallsReturnNewPlansAndLeaveTheOriginalUnchanged() {
        Faults base = Faults.seeded(1);
        Faults withFaults = base.notCommitted(1);
        assertEquals(CommitFault.NONE, base.nextCommitFault());
        assertEquals(CommitFault.NOT_COMMITTED, withFaults.nextCommitFault());
    }

    @Test
    void concurrentCallersSeeTheSameMultisetOfDecisions() throws Exception {
        Faults single = mixed(11);
        Map<CommitFault, Integer> expected = new EnumMap<>(CommitFault.class);
        for (int i = 0; i < 4_000; i++) {
            expected.merge(single.nextCommitFault(), 1, Integer::sum);
        }
        Faults shared = mixed(11);
        Map<CommitFault, Integer> actual = new EnumMap<>(CommitFault.class);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<CommitFault>>> parts = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                parts.add(pool.submit(() -> {
                    List<CommitFault> part = new ArrayList<>();
                    for (int i = 0; i < 1_000; i++) {
                        part.add(shared.nextCommitFault());
                    }
                    return part;
                }));
            }
            for (Future<List<CommitFault>> part : parts) {
                part.get().forEach(f -> actual.merge(f, 1, Integer::sum));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(expected, actual);
    }

    @Test
    void probabilitiesOutsideZeroToOneAreRejectedWithTheirName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Faults.seeded(1).tooOld(1.5));
        assertTrue(e.getMessage().contains("tooOld") && e.getMessage().contains("1.5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Faults.seeded(1).notCommitted(-0.1));
        assertThrows(IllegalArgumentException.class, () -> Faults.seeded(1).unknownResultApplied(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Faults.seeded(1).readDelay(Duration.ofMillis(1), 2));
    }

    @Test
    void commitProbabilitiesMustSumToAtMostOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Faults.seeded(1).notCommitted(0.6).unknownResultNotApplied(0.5));
        assertTrue(e.getMessage().contains("sum to at most 1"), e.getMessage());
        Faults full = Faults.seeded(1).notCommitted(0.1).unknownResultApplied(0.2).unknownResultNotApplied(0.7);
        assertTrue(full.toString().contains("unknownResultNotApplied=0.7"));
    }

    @Test
    void negativeOrMissingDelayIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Faults.seeded(1).readDelay(Duration.ofMillis(-1), 0.5));
        assertThrows(NullPointerException.class, () -> Faults.seeded(1).readDelay(null, 0.5));
    }
}

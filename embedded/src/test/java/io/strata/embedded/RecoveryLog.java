package io.strata.embedded;

/**
 * What recovery logs while this is open, recorded instead of printed: a test that makes a torn tail on
 * purpose asserts the warning rather than leaving it in the build's output. Closing restores the logger.
 */
final class RecoveryLog extends CapturedLog {
    RecoveryLog() {
        super(Recovery.class.getName());
    }

    /** Whether recovery dropped the unfinished last record of {@code log} and said so. */
    boolean droppedTheTornTailOf(java.nio.file.Path log) {
        return messages().stream().anyMatch(m -> m.startsWith("dropping the unfinished last record of " + log));
    }
}

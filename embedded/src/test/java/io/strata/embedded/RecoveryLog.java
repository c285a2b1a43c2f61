package io.strata.embedded;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What recovery logs while this is open, recorded instead of printed: a test that makes a torn tail on
 * purpose asserts the warning rather than leaving it in the build's output. Closing restores the logger.
 */
final class RecoveryLog implements AutoCloseable {
    private final Logger logger = Logger.getLogger(Recovery.class.getName());
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final boolean parents = logger.getUseParentHandlers();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            messages.add(r.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    RecoveryLog() {
        logger.setUseParentHandlers(false);
        logger.addHandler(handler);
    }

    /** Whether recovery dropped the unfinished last record of {@code log} and said so. */
    boolean droppedTheTornTailOf(java.nio.file.Path log) {
        return messages.stream().anyMatch(m -> m.startsWith("dropping the unfinished last record of " + log));
    }

    List<String> messages() {
        return messages;
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
    }
}

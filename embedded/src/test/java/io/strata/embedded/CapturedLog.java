package io.strata.embedded;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What one logger ({@code java.util.logging}, which also backs {@code System.getLogger} when no other finder is
 * installed) logs while this is open, recorded instead of printed: a test that provokes a warning on purpose asserts it
 * rather than leaving it in the build's output. Closing restores the logger.
 */
public class CapturedLog implements AutoCloseable {
    private final Logger logger;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final boolean parents;
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    public CapturedLog(String name) {
        logger = Logger.getLogger(name);
        parents = logger.getUseParentHandlers();
        logger.setUseParentHandlers(false);
        logger.addHandler(handler);
    }

    /** Every record logged since this opened, in order. */
    public List<LogRecord> records() {
        return records;
    }

    /** The message of every record logged since this opened, in order. */
    public List<String> messages() {
        return records.stream().map(LogRecord::getMessage).toList();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
    }
}

package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** {@link ConcurrentTransactionContract} on a durable database: the commit waits for the log's force. */
class ConcurrentTransactionFileTest extends ConcurrentTransactionContract {
    @TempDir
    Path directory;

    @Override
    protected Database database() {
        return EmbeddedFdb.open(directory.resolve("db"));
    }
}

package io.strata.embedded;

import com.apple.foundationdb.Database;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** {@link AtomicMutationContract} on a durable database: commits go through the log before they complete. */
class AtomicMutationFileTest extends AtomicMutationContract {
    @TempDir
    Path directory;

    @Override
    protected Database database() {
        return EmbeddedFdb.open(directory.resolve("db"));
    }
}

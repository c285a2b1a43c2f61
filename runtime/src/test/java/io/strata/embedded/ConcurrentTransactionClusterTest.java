package io.strata.embedded;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link ConcurrentTransactionContract} against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class ConcurrentTransactionClusterTest extends ConcurrentTransactionContract {

    @Container
    static final FdbClusterContainer FDB = new FdbClusterContainer();

    @Override
    protected Database database() {
        return FDB.freshDatabase();
    }
}

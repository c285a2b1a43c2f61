package io.strata.embedded;

import com.apple.foundationdb.Database;
import io.strata.testkit.FdbClusterContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/** {@link ArrayOwnershipContract} against a real FoundationDB cluster; skipped without Docker. */
@Testcontainers(disabledWithoutDocker = true)
class ArrayOwnershipClusterTest extends ArrayOwnershipContract {

    @Container
    static final FdbClusterContainer FDB = new FdbClusterContainer();

    @Override
    protected Database database() {
        return FDB.freshDatabase();
    }
}

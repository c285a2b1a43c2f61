package io.strata.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import org.junit.jupiter.api.Test;

class TransactionEmbeddedTest extends TransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }

    /** Embedded only: a cluster supports tenants (when configured for them); this engine refuses loudly. */
    @Test
    void tenantsAreNotSupported() {
        FdbAssertions.assertFdbError(2108, () -> db.openTenant(Tuple.from("t")));
    }
}

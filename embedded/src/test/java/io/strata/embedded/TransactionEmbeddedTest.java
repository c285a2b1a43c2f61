package io.strata.embedded;

import com.apple.foundationdb.Database;

/** {@link TransactionContract} on the embedded engine; what it refuses (tenants...): {@link UnsupportedFeaturesTest}. */
class TransactionEmbeddedTest extends TransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

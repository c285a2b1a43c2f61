package io.strata.embedded;

import com.apple.foundationdb.Database;

class TransactionLifecycleEmbeddedTest extends TransactionLifecycleContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

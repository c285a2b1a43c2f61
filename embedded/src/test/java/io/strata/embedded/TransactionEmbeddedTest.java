package io.strata.embedded;

import com.apple.foundationdb.Database;

class TransactionEmbeddedTest extends TransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

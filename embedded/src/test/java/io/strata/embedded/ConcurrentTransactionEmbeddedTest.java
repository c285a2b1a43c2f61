package io.strata.embedded;

import com.apple.foundationdb.Database;

/** {@link ConcurrentTransactionContract} in memory, answers at once. */
class ConcurrentTransactionEmbeddedTest extends ConcurrentTransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

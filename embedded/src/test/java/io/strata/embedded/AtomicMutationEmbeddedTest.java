package io.strata.embedded;

import com.apple.foundationdb.Database;

class AtomicMutationEmbeddedTest extends AtomicMutationContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

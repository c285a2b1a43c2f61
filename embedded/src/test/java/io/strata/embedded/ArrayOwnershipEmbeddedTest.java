package io.strata.embedded;

import com.apple.foundationdb.Database;

class ArrayOwnershipEmbeddedTest extends ArrayOwnershipContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

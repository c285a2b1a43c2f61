package io.strata.embedded;

import com.apple.foundationdb.Database;

class ConflictEmbeddedTest extends ConflictContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

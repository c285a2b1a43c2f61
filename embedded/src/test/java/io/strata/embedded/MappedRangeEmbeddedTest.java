package io.strata.embedded;

import com.apple.foundationdb.Database;

class MappedRangeEmbeddedTest extends MappedRangeContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

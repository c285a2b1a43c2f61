package io.strata.embedded;

import com.apple.foundationdb.Database;

class DirectoryLayerEmbeddedTest extends DirectoryLayerContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

package io.strata.embedded;

import com.apple.foundationdb.Database;

class ReadYourWritesEmbeddedTest extends ReadYourWritesContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }
}

package io.strata.spatial;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;

class SpatialIndexEmbeddedTest extends SpatialIndexContract {
  @Override
  protected Database database() {
    return EmbeddedFdb.open();
  }
}

package io.strata.samples;

import dagger.Module;
import dagger.Provides;
import io.strata.Codec;
import io.strata.StrataDb;
import io.strata.layers.FdbQueue;
import jakarta.inject.Singleton;

/** How the sample's objects are built: everything comes from one {@link StrataDb} (and its root). */
@Module
final class PlacesModule {
  private final StrataDb db;

  PlacesModule(StrataDb db) {
    this.db = db;
  }

  @Provides
  StrataDb strataDb() {
    return db;
  }

  @Provides
  @Singleton
  PlaceRepository places() {
    return new PlaceRepository(db);
  }

  /** The declared queries; {@code PlacesImpl(StrataDb)} uses the URL's root and tenant. */
  @Provides
  @Singleton
  Places queries() {
    return new PlacesImpl(db);
  }

  /** The Jakarta Data repository over the same rows; {@code AtlasImpl(StrataDb)} too uses the URL's root and tenant. */
  @Provides
  @Singleton
  Atlas atlas() {
    return new AtlasImpl(db);
  }

  /** Vector search over the places' sketches; {@code LookalikesImpl(StrataDb)} too uses the URL's root and tenant. */
  @Provides
  @Singleton
  Lookalikes lookalikes() {
    return new LookalikesImpl(db);
  }

  /** Import jobs: one per batch of input lines, {@code "<first line>-<last line>"}. */
  @Provides
  @Singleton
  FdbQueue<String> importJobs() {
    return new FdbQueue<>(db.database(), db.root().get("jobs"), Codec.string());
  }

}

package io.strata.cdi.app;

import io.strata.Strata;
import io.strata.StrataDb;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/** The archive's database, named as {@link ArchivedProducts}' {@code @Repository(dataStore)} asks. */
@ApplicationScoped
public class ArchiveDbProducer {
  @Produces
  @Singleton
  @Named("archive")
  StrataDb archive() {
    return Strata.connect("strata:mem:");
  }

  void close(@Disposes @Named("archive") StrataDb db) {
    db.close();
  }
}

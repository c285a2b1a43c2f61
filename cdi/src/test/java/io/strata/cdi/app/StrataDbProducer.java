package io.strata.cdi.app;

import io.strata.Strata;
import io.strata.StrataDb;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The application's database, as docs/jakarta-data.md tells applications to produce it: a fresh embedded one per container. */
@ApplicationScoped
public class StrataDbProducer {
  @Produces
  @Singleton
  StrataDb strata() {
    return Strata.connect("strata:mem:");
  }

  void close(@Disposes StrataDb db) {
    db.close();
  }
}

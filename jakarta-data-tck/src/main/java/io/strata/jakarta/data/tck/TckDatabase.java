package io.strata.jakarta.data.tck;

import io.strata.Strata;
import io.strata.StrataDb;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The database of the TCK run, as an application produces its {@code StrataDb} bean: the embedded engine, in memory. */
public class TckDatabase {
  @Produces
  @Singleton
  StrataDb database() {
    return Strata.connect("strata:mem:");
  }

  void close(@Disposes StrataDb db) {
    db.close();
  }
}

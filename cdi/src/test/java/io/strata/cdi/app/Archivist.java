package io.strata.cdi.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Moves products from the shop's database into the archive's. */
@ApplicationScoped
public class Archivist {
  @Inject Products products;
  @Inject ArchivedProducts archived;

  public void archive(long id) {
    products.findById(id).ifPresent(p -> {
      archived.save(p);
      products.delete(p);
    });
  }
}

package io.strata.cdi.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A second bean injecting {@link Products}, by constructor. */
@ApplicationScoped
public class Catalog {
  private final Products products;

  @Inject
  public Catalog(Products products) {
    this.products = products;
  }

  /** For the container's client proxy. */
  protected Catalog() {
    this.products = null;
  }

  public Products products() {
    return products;
  }
}

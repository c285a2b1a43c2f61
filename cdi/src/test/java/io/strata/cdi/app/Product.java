package io.strata.cdi.app;

import jakarta.nosql.Column;
import jakarta.nosql.Entity;
import jakarta.nosql.Id;

/** A Jakarta NoSQL entity (public fields), stored through the Jakarta Data repository {@link Products}. */
@Entity
public class Product {
  @Id public long id;
  @Column public String name;
  @Column public double price;

  public Product() {}

  public Product(long id, String name, double price) {
    this.id = id;
    this.name = name;
    this.price = price;
  }
}

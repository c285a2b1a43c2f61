package com.example;

import jakarta.data.metamodel.SortableAttribute;
import jakarta.data.metamodel.StaticMetamodel;
import jakarta.data.metamodel.TextAttribute;
import jakarta.data.metamodel.impl.SortableAttributeRecord;
import jakarta.data.metamodel.impl.TextAttributeRecord;
import javax.annotation.processing.Generated;

/**
 * The static metamodel of {@link Product} for Jakarta Data: its persistent properties' names and attributes.
 */
@Generated("io.strata.processor.StrataProcessor")
@StaticMetamodel(Product.class)
public final class _Product {
  public static final String ID = "id";

  public static final String NAME = "name";

  public static final String KIND = "kind";

  public static final String GRADE = "grade";

  public static final String ISFRAGILE = "isFragile";

  public static final String PRICE = "price";

  public static final SortableAttribute<Product> id = new SortableAttributeRecord<>(ID);

  public static final TextAttribute<Product> name = new TextAttributeRecord<>(NAME);

  public static final SortableAttribute<Product> kind = new SortableAttributeRecord<>(KIND);

  public static final TextAttribute<Product> grade = new TextAttributeRecord<>(GRADE);

  public static final SortableAttribute<Product> isFragile = new SortableAttributeRecord<>(ISFRAGILE);

  public static final SortableAttribute<Product> price = new SortableAttributeRecord<>(PRICE);

  private _Product() {
  }
}

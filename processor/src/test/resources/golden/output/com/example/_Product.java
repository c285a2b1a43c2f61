package com.example;

import io.strata.jakarta.data.CharDataAttribute;
import io.strata.jakarta.data.SortableDataAttribute;
import io.strata.jakarta.data.TextDataAttribute;
import io.strata.row.Elements;
import jakarta.data.metamodel.StaticMetamodel;
import javax.annotation.processing.Generated;

/**
 * The static metamodel of {@link Product}: its stored properties' names, and attributes that build run-time
 * restrictions ({@code where(...)}) and orders.
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

  public static final SortableDataAttribute<Product, Long> id = new SortableDataAttribute<>(ID, e -> e.getId(), v -> Elements.ofNumber(v));

  public static final TextDataAttribute<Product> name = new TextDataAttribute<>(NAME, e -> e.getName());

  public static final SortableDataAttribute<Product, Product.Kind> kind = new SortableDataAttribute<>(KIND, e -> e.getKind(), v -> Elements.ofEnum(v));

  public static final CharDataAttribute<Product> grade = new CharDataAttribute<>(GRADE, e -> e.getGrade(), v -> Elements.ofChar(v));

  public static final SortableDataAttribute<Product, Boolean> isFragile = new SortableDataAttribute<>(ISFRAGILE, e -> e.isFragile(), v -> v);

  public static final SortableDataAttribute<Product, Double> price = new SortableDataAttribute<>(PRICE, e -> e.getPrice(), v -> Elements.ofFloating(v));

  private _Product() {
  }
}

package com.example;

import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Converts {@link Product} to and from the tuple elements of its stored fields [id, name, kind, grade, isFragile, price].
 * Use {@link #INSTANCE} as an {@code io.strata.Codec} with the recipe layers.
 */
@Generated("io.strata.processor.StrataProcessor")
public final class ProductCodec extends EntityCodec<Product> {
  public static final ProductCodec INSTANCE = new ProductCodec();

  private ProductCodec() {
    super("Product", List.of("id", "name", "kind", "grade", "isFragile", "price"), 0);
  }

  @Override
  public Object[] toElements(Product e) {
    return new Object[] {
          e.getId(),
          e.getName(),
          Elements.ofEnum(e.getKind()),
          (long) e.getGrade(),
          e.isFragile(),
          Elements.ofFloating(e.getPrice())};
  }

  @Override
  public Product fromElements(Object[] el) {
    long f_id = el[0] == null ? 0 : Elements.toLong(el[0]);
    String f_name = el[1] == null ? null : Elements.toStr(el[1]);
    Product.Kind f_kind = el[2] == null ? null : Elements.toEnum(Product.Kind.class, el[2]);
    char f_grade = el[3] == null ? (char) 0 : Elements.toChar(el[3]);
    boolean f_isFragile = el[4] == null ? false : Elements.toBoolean(el[4]);
    Double f_price = el[5] == null ? null : Elements.toDouble(el[5]);
    Product e = new Product();
    e.setId(f_id);
    e.setName(f_name);
    e.setKind(f_kind);
    e.setGrade(f_grade);
    e.setFragile(f_isFragile);
    e.setPrice(f_price);
    return e;
  }
}

package com.example;

import io.strata.index.vector.Vectors;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Converts {@link Doc} to and from the tuple elements of its stored fields [id, category, title, year, vector].
 * Use {@link #INSTANCE} as an {@code io.strata.Codec} with the recipe layers.
 */
@Generated("io.strata.processor.StrataProcessor")
public final class DocCodec extends EntityCodec<Doc> {
  public static final DocCodec INSTANCE = new DocCodec();

  private DocCodec() {
    super("Doc", List.of("id", "category", "title", "year", "vector"), 0);
  }

  @Override
  public Object[] toElements(Doc e) {
    return new Object[] {
          e.id(),
          e.category(),
          e.title(),
          (long) e.year(),
          Vectors.element(e.vector())};
  }

  @Override
  public Doc fromElements(Object[] el) {
    long f_id = el[0] == null ? 0 : Elements.toLong(el[0]);
    String f_category = el[1] == null ? null : Elements.toStr(el[1]);
    String f_title = el[2] == null ? null : Elements.toStr(el[2]);
    int f_year = el[3] == null ? 0 : Elements.toInt(el[3]);
    float[] f_vector = el[4] == null ? null : Vectors.floats(el[4]);
    return new Doc(f_id, f_category, f_title, f_year, f_vector);
  }
}

package io.strata.cli;

import io.strata.row.EntityCodec;
import java.util.List;

/**
 * An entity's rows as arrays of tuple elements, in {@link #fieldNames()} order: the codec the tool gives the
 * run-time store in place of a generated one, since it has no entity class. Elements go in and out unchanged.
 */
final class RowCodec extends EntityCodec<Object[]> {
  RowCodec(String entityName, List<String> fieldNames, int idIndex) {
    super(entityName, fieldNames, idIndex);
  }

  @Override
  public Object[] toElements(Object[] row) {
    return row.clone();
  }

  @Override
  public Object[] fromElements(Object[] elements) {
    return elements.clone();
  }
}

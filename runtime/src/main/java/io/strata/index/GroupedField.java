package io.strata.index;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.row.EntityLayout;
import java.util.List;

/**
 * Where a derived index finds its inputs in a row's elements: the group fields and the one field it
 * orders or sums (absent for a plain COUNT). An entity with a null group value belongs to no group.
 */
public final class GroupedField {
  private final int[] groups;
  private final int field;

  public GroupedField(EntityLayout<?> layout, List<String> groupBy, String field) {
    this.groups = new int[groupBy.size()];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = position(layout, groupBy.get(i));
    }
    this.field = field == null ? -1 : position(layout, field);
  }

  private static int position(EntityLayout<?> layout, String field) {
    int p = layout.fieldPosition(field);
    if (p < 0) {
      throw new IllegalArgumentException(layout.entityName() + " has no stored field '" + field + "'");
    }
    return p;
  }

  /** Whether the row is present and has every group value (so {@link #group} is not null). */
  public boolean grouped(Object[] row) {
    if (row == null) {
      return false;
    }
    for (int position : groups) {
      if (row[position] == null) {
        return false;
      }
    }
    return true;
  }

  /** The group of a row as a tuple, or null when the row is absent or a group value is null. */
  public Tuple group(Object[] row) {
    if (row == null) {
      return null;
    }
    Object[] g = new Object[groups.length];
    for (int i = 0; i < groups.length; i++) {
      g[i] = row[groups[i]];
      if (g[i] == null) {
        return null;
      }
    }
    return Tuple.from(g);
  }

  /** The field's element (null when absent, or when there is no field). */
  public Object value(Object[] row) {
    return row == null || field < 0 ? null : row[field];
  }

  public boolean hasField() {
    return field >= 0;
  }
}

package io.strata.row;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import java.util.List;

/**
 * Reading a packed row (LAYOUTS.md): its parts {@code (E,"R",id,0)}, {@code (E,"R",id,1)}, ... concatenated
 * into one tuple of (name, value) pairs. Part numbers are non-negative integers, field names strings, so
 * the two never collide under a row.
 */
final class PackedRow {
  private PackedRow() {}

  /** Whether a row key continues its {@code prefix} with a non-negative integer: a part of a packed row. */
  static boolean isPart(byte[] key, int prefix) {
    return key.length > prefix && key[prefix] >= 0x14 && key[prefix] <= 0x1c;
  }

  /**
   * The fields of a packed row, {@code (name, value, name, value, ...)} over its parts {@code 0..n-1} in
   * order, into {@code elements}; a name this version of the entity does not have is skipped, and a name held
   * twice is damage (reported, not resolved by letting one value win). A packed value
   * wins over a per-field key of the same field (a save replaces both, so only damage leaves both).
   */
  static void unpack(Rows<?> rows, Object id, int prefix, List<KeyValue> parts, Object[] elements) {
    EntityLayout<?> layout = rows.layout();
    byte[] first = parts.get(0).getKey();
    java.io.ByteArrayOutputStream row = new java.io.ByteArrayOutputStream();
    for (int n = 0; n < parts.size(); n++) {
      KeyValue part = parts.get(n);
      Object number;
      try {
        Tuple t = Tuple.fromBytes(part.getKey(), prefix, part.getKey().length - prefix);
        number = t.size() == 1 ? t.get(0) : null;
      } catch (RuntimeException e) {
        number = null;
      }
      if (!Long.valueOf(n).equals(number)) {
        throw StoredData.corrupt(layout, id, part.getKey(), "does not name a field after the id, and is not part " + n + " of a"
            + " packed row (parts run 0, 1, 2, ... in order)", null);
      }
      row.writeBytes(part.getValue());
    }
    Tuple fields;
    try {
      fields = Tuple.fromBytes(row.toByteArray());
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, first, "(a packed row of " + parts.size() + " part(s)) does not decode: " + e.getMessage(), e);
    }
    if (fields.size() % 2 != 0) {
      throw StoredData.corrupt(layout, id, first, "(a packed row) holds " + fields.size() + " elements, not (name, value) pairs", null);
    }
    java.util.Set<Object> names = new java.util.HashSet<>();
    for (int i = 0; i < fields.size(); i += 2) {
      Object name = fields.get(i);
      int pos = name instanceof String s ? layout.fieldPosition(s) : -2;
      if (pos == -2) {
        throw StoredData.corrupt(layout, id, first, "(a packed row) has " + name + " where a field name belongs", null);
      }
      if (!names.add(name)) {
        throw StoredData.corrupt(layout, id, first, "(a packed row) holds field '" + name + "' twice (a save writes each"
            + " field once, so which value is right is unknown)", null);
      }
      if (pos >= 0 && !layout.isDocument((String) name)) {
        elements[pos] = rows.checked(id, (String) name, first, fields.get(i + 1));
      }
    }
  }
}

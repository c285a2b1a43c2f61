package io.strata.row;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.tuple.TuplePacker;
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
    java.io.ByteArrayOutputStream row = parts.size() == 1 ? null : new java.io.ByteArrayOutputStream();
    for (int n = 0; n < parts.size(); n++) {
      KeyValue part = parts.get(n);
      if (!isPartNumber(part.getKey(), prefix, n)) {
        throw StoredData.corrupt(layout, id, part.getKey(), "does not name a field after the id, and is not part " + n + " of a"
            + " packed row (parts run 0, 1, 2, ... in order)", null);
      }
      if (row != null) {
        row.writeBytes(part.getValue());
      }
    }
    Tuple fields;
    try {
      fields = Tuple.fromBytes(row == null ? parts.get(0).getValue() : row.toByteArray());
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, first, "(a packed row of " + parts.size() + " part(s)) does not decode: " + e.getMessage(), e);
    }
    if (fields.size() % 2 != 0) {
      throw StoredData.corrupt(layout, id, first, "(a packed row) holds " + fields.size() + " elements, not (name, value) pairs", null);
    }
    boolean[] seen = new boolean[elements.length];
    java.util.Set<Object> unknown = null; // names this version of the entity does not have
    for (int i = 0; i < fields.size(); i += 2) {
      Object name = fields.get(i);
      int pos = name instanceof String s ? layout.fieldPosition(s) : -2;
      if (pos == -2) {
        throw StoredData.corrupt(layout, id, first, "(a packed row) has " + name + " where a field name belongs", null);
      }
      boolean twice;
      if (pos >= 0) {
        twice = seen[pos];
        seen[pos] = true;
      } else {
        unknown = unknown == null ? new java.util.HashSet<>() : unknown;
        twice = !unknown.add(name);
      }
      if (twice) {
        throw StoredData.corrupt(layout, id, first, "(a packed row) holds field '" + name + "' twice (a save writes each"
            + " field once, so which value is right is unknown)", null);
      }
      if (pos >= 0 && !layout.isDocument((String) name)) {
        elements[pos] = rows.checked(id, (String) name, first, fields.get(i + 1));
      }
    }
  }

  /** The encodings of the first part numbers, {@code 0, 1, 2, ...} packed as one-element tuples. */
  private static final byte[][] PART_NUMBERS = {TuplePacker.pack(0L), TuplePacker.pack(1L), TuplePacker.pack(2L)};

  /**
   * Whether the row key's rest after {@code prefix} is the one-element tuple {@code (n)}: compared with its encoding,
   * else decoded (a key written otherwise than by Strata may encode the number in more bytes).
   */
  private static boolean isPartNumber(byte[] key, int prefix, int n) {
    byte[] expected = n < PART_NUMBERS.length ? PART_NUMBERS[n] : TuplePacker.pack((long) n);
    if (java.util.Arrays.equals(key, prefix, key.length, expected, 0, expected.length)) {
      return true;
    }
    try {
      Tuple t = Tuple.fromBytes(key, prefix, key.length - prefix);
      return t.size() == 1 && Long.valueOf(n).equals(t.get(0));
    } catch (RuntimeException e) {
      return false;
    }
  }
}

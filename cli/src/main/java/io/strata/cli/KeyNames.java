package io.strata.cli;

import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;

/**
 * Names a key by what LAYOUTS.md says it is: under an entity {@code (E, ...)} a row, index, blob or feed key, under
 * {@code ("__strata", ...)} bookkeeping, anything else "other" (an application's own keys, a recipe layer's).
 */
final class KeyNames {
  /** What one key is. */
  record Named(String kind, String entity, String part, Tuple tuple) {
    /** Where the key's bytes are counted in {@code stats}: the entity, then its part. */
    String group() {
      return entity.isEmpty() ? kind : entity + " " + part;
    }
  }

  private final byte[] root;
  private final Set<String> entities;

  /**
   * @param root the prefix of every key of the database's root subspace
   * @param entities the entity names the schema files hold: a key starting with another string is "other"
   */
  KeyNames(byte[] root, Set<String> entities) {
    this.root = root;
    this.entities = entities;
  }

  Named name(byte[] key) {
    Tuple t;
    try {
      t = Tuple.fromBytes(key, root.length, key.length - root.length);
    } catch (RuntimeException e) {
      return new Named("other", "", "not a tuple", null);
    }
    if (t.size() == 0 || !(t.get(0) instanceof String first)) {
      return new Named("other", "", "", t);
    }
    if (first.equals("__strata")) {
      String what = t.size() > 1 ? String.valueOf(t.get(1)) : "";
      String entity = t.size() > 2 && t.get(2) instanceof String e ? e : "";
      return new Named("bookkeeping", entity, "__strata " + what, t);
    }
    if (!entities.contains(first) || t.size() < 2 || !(t.get(1) instanceof String letter)) {
      return new Named("other", "", "", t);
    }
    String third = t.size() > 2 ? String.valueOf(t.get(2)) : "";
    return switch (letter) {
      case "R" -> new Named("row", first, t.size() > 4 ? "rows (document paths)" : "rows", t);
      case "C" -> new Named("row", first, "column " + third, t);
      case "#" -> new Named("bookkeeping", first, "count", t);
      case "I" -> new Named("index", first, "index " + third, t);
      case "U" -> new Named("index", first, "unique index " + third, t);
      case "Z" -> new Named("index", first, "spatial " + third, t);
      case "A" -> new Named("index", first, "aggregate " + third, t);
      case "K" -> new Named("index", first, "rank " + third, t);
      case "T" -> new Named("index", first, "text " + third, t);
      case "B" -> new Named("blob", first, "blob " + (t.size() > 3 ? String.valueOf(t.get(3)) : ""), t);
      case "V" -> new Named("feed", first, "change feed", t);
      case "v" -> new Named("feed", first, "change feed (latest per id)", t);
      default -> new Named("other", first, letter, t);
    };
  }

  /** A value as text: a tuple where it is one (rows, entries), an 8-byte counter where LAYOUTS.md says so, else bytes. */
  static String value(Named named, byte[] value) {
    if (value.length == 0) {
      return "(empty)";
    }
    boolean counter = named.part().equals("count") || named.part().startsWith("aggregate") || named.part().startsWith("rank")
        || named.part().startsWith("__strata feed");
    if (counter && value.length == 8) {
      return "int64 " + ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
    if (named.kind().equals("blob")) {
      return "(" + value.length + " bytes of blob data)";
    }
    try {
      return Json.write(RowJson.toJson(Tuple.fromBytes(value)));
    } catch (RuntimeException e) {
      return "bytes " + ByteArrayUtil.printable(value);
    }
  }
}

package io.strata.row;

import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import java.util.Collection;
import java.util.Map;

/**
 * Reading stored bytes that may not be what Strata wrote (another program, a bad restore, a bug): the
 * {@link CodecException}s that name the entity, the id and the key, and say how to repair them.
 */
public final class StoredData {
  private StoredData() {}

  /** Data of entity {@code id} at {@code key} that this version of the entity cannot read. */
  public static CodecException corrupt(EntityLayout<?> layout, Object id, byte[] key, String problem, Throwable cause) {
    return new CodecException(layout.entityName() + " id " + Sizes.describe(id) + ": the stored data at key "
        + ByteArrayUtil.printable(key) + " " + problem + "; it was not written by this version of " + layout.entityName()
        + ": restore it from a backup, or clear that key (Transaction.clear) and save the entity again", cause);
  }

  /** An entry of index {@code index} at {@code key} that this version of the entity cannot read. */
  public static CodecException corruptEntry(EntityLayout<?> layout, IndexDefinition index, byte[] key, String problem, Throwable cause) {
    return corruptEntry(layout, "index '" + index.name() + "'", key, problem, cause);
  }

  /** An entry of {@code what} (e.g. "text index 'body'", "change feed") at {@code key} that this version of the entity cannot read. */
  public static CodecException corruptEntry(EntityLayout<?> layout, String what, byte[] key, String problem, Throwable cause) {
    return new CodecException(layout.entityName() + ": the entry of " + what + " at key " + ByteArrayUtil.printable(key)
        + " " + problem + "; it was not written by this version of " + layout.entityName() + ": run verifyIndexes(), clear"
        + " that key (Transaction.clear) and save the entity it belongs to again", cause);
  }

  /** The id a unique entry {@code (E,"U",index,values...) = pack(id)} at {@code key} maps to. */
  public static Object uniqueOwner(EntityLayout<?> layout, byte[] key, byte[] value) {
    try {
      Tuple t = Tuple.fromBytes(value);
      if (t.size() != 1 || t.get(0) == null) {
        throw new IllegalArgumentException("expected one id, found " + t);
      }
      return t.get(0);
    } catch (RuntimeException e) {
      throw new CodecException(layout.entityName() + ": the unique index entry at key " + ByteArrayUtil.printable(key)
          + " does not hold a packed id: " + e.getMessage() + "; it was not written by Strata: run verifyIndexes(), clear"
          + " that key (Transaction.clear) and save the entity that owns the value again", e);
    }
  }

  /**
   * The position of the one element holding {@code bad} (itself, or inside it), or -1 when none or several
   * do (small boxed integers are shared objects, so several fields may hold the same one).
   */
  static int positionOf(Object[] elements, Object bad) {
    int found = -1;
    for (int i = 0; i < elements.length; i++) {
      if (holds(elements[i], bad, 0)) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
  }

  private static boolean holds(Object element, Object bad, int depth) {
    if (element == bad) {
      return true;
    }
    if (depth > 100) {
      return false;
    }
    Iterable<?> items = element instanceof Tuple t ? t.getItems()
        : element instanceof Collection<?> c ? c
        : element instanceof Map<?, ?> m ? m.values() : null;
    if (items != null) {
      for (Object item : items) {
        if (holds(item, bad, depth + 1)) {
          return true;
        }
      }
    }
    return false;
  }
}

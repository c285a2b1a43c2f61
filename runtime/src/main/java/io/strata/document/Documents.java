package io.strata.document;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The Hierarchical Documents recipe on plain Java trees: {@code Map<String,?>} (string keys), {@code List<?>}
 * and scalars (null, Boolean, integers, floating point, String, byte[], UUID, BigInteger). A tree
 * flattens into (path, leaf) entries — map keys are strings, list positions integers — with the
 * recipe's markers for empty containers: an empty map is the single path element {@code -2}, an empty
 * list {@code -1}, each with a null leaf. Assembling the entries gives back an equal tree, with integers
 * as {@code Long} and floating point as {@code Double}.
 */
public final class Documents {
  /** The path element marking an empty map (the recipe's EMPTY_OBJECT). */
  public static final long EMPTY_MAP = -2;
  /** The path element marking an empty list (the recipe's EMPTY_ARRAY). */
  public static final long EMPTY_LIST = -1;
  /**
   * The largest list position a document may use. A document fits one transaction (8 MB of keys and
   * values), so no stored list comes near it; it bounds what a path — given by a caller or read from
   * stored keys — can make us allocate.
   */
  public static final long MAX_LIST_POSITION = 1_000_000;

  private Documents() {}

  /** One flattened leaf: its path below the document's root, and its value. */
  public record Entry(Tuple path, Object leaf) {}

  public static List<Entry> flatten(Object tree) {
    List<Entry> out = new ArrayList<>();
    flatten(new Tuple(), tree, out, 0);
    return out;
  }

  private static void flatten(Tuple path, Object value, List<Entry> out, int depth) {
    if (depth > 100) {
      throw new IllegalArgumentException("document nests deeper than 100 levels at " + path + "; is it cyclic?");
    }
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.add(new Entry(path.add(EMPTY_MAP), null));
        return;
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!(e.getKey() instanceof String key)) {
          throw new IllegalArgumentException("document map keys must be strings; found " + e.getKey() + " at " + path);
        }
        flatten(path.add(key), e.getValue(), out, depth + 1);
      }
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.add(new Entry(path.add(EMPTY_LIST), null));
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        flatten(path.add((long) i), list.get(i), out, depth + 1);
      }
    } else {
      out.add(new Entry(path, leaf(value, path)));
    }
  }

  /** A scalar as the tuple element a document stores for it (integers as Long, floating point as Double). */
  public static Object element(Object v) {
    return leaf(v, new Tuple());
  }

  /** The value at {@code path} inside {@code tree} (map keys, list positions), or null when absent. */
  public static Object at(Object tree, List<Object> path) {
    Object node = tree;
    for (Object segment : path) {
      if (node instanceof Map<?, ?> map && segment instanceof String key) {
        node = map.get(key);
      } else if (node instanceof List<?> list && segment instanceof Number n && n.longValue() >= 0 && n.longValue() < list.size()) {
        node = list.get(n.intValue());
      } else {
        return null;
      }
    }
    return node;
  }

  /** A copy of {@code tree} with the subtree at {@code path} replaced by {@code value}, creating maps (or lists) on the way. */
  @SuppressWarnings("unchecked")
  public static Object replace(Object tree, List<Object> path, Object value) {
    if (path.isEmpty()) {
      return value;
    }
    Object segment = path.get(0);
    List<Object> rest = path.subList(1, path.size());
    if (segment instanceof String key) {
      Map<String, Object> copy = tree instanceof Map<?, ?> m ? new LinkedHashMap<>((Map<String, Object>) m) : new LinkedHashMap<>();
      copy.put(key, replace(copy.get(key), rest, value));
      return copy;
    }
    long position = ((Number) segment).longValue();
    if (position < 0 || position > MAX_LIST_POSITION) {
      throw new IllegalArgumentException("list position " + position + " in document path " + path
          + " is outside [0, " + MAX_LIST_POSITION + "]; a document list cannot be that long");
    }
    int index = (int) position;
    List<Object> copy = tree instanceof List<?> l ? new ArrayList<>((List<Object>) l) : new ArrayList<>();
    while (copy.size() <= index) {
      copy.add(null);
    }
    copy.set(index, replace(copy.get(index), rest, value));
    return copy;
  }

  /** A scalar as the tuple element stored for it. */
  static Object leaf(Object v, Tuple path) {
    if (v == null || v instanceof String || v instanceof Boolean || v instanceof byte[] || v instanceof UUID || v instanceof BigInteger) {
      return v;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Double || v instanceof Float) {
      return ((Number) v).doubleValue();
    }
    throw new IllegalArgumentException("document value " + v + " (" + v.getClass().getName() + ") at " + path
        + " is not a document type: use maps with string keys, lists, strings, numbers, booleans, byte[], UUID or null");
  }

  /**
   * Rebuilds a tree from entries whose paths are relative to its root; null when there are none.
   *
   * @throws CodecException if the paths do not describe one tree (a path below a leaf, a segment that is
   *     neither a map key nor a list position, or list positions whose gaps would hold more than
   *     {@link #MAX_LIST_POSITION} nulls in all)
   */
  public static Object assemble(List<Entry> entries) {
    if (entries.isEmpty()) {
      return null;
    }
    Object[] root = {null};
    long[] padding = {MAX_LIST_POSITION};
    for (Entry e : entries) {
      place(root, e.path(), e.leaf(), padding);
    }
    return root[0];
  }

  @SuppressWarnings("unchecked")
  private static void place(Object[] root, Tuple path, Object leaf, long[] padding) {
    if (path.size() == 0) {
      root[0] = leaf;
      return;
    }
    Object container = root[0];
    Object parent = null;
    Object parentKey = null;
    for (int i = 0; i < path.size(); i++) {
      Object segment = path.get(i);
      boolean last = i == path.size() - 1;
      if (last && segment instanceof Long marker && (marker == EMPTY_MAP || marker == EMPTY_LIST)) {
        Object empty = marker == EMPTY_MAP ? new LinkedHashMap<String, Object>() : new ArrayList<>();
        if (container == null) {
          container = empty;
          attach(root, parent, parentKey, container);
        }
        return;
      }
      if (container == null) {
        container = segment instanceof String ? new LinkedHashMap<String, Object>() : new ArrayList<>();
        attach(root, parent, parentKey, container);
      }
      if (segment instanceof String key && container instanceof Map<?, ?> map) {
        Map<String, Object> m = (Map<String, Object>) map;
        if (last) {
          m.put(key, leaf);
          return;
        }
        parent = m;
        parentKey = key;
        container = m.get(key);
      } else if (segment instanceof Long index && container instanceof List<?> list && index >= 0) {
        List<Object> l = (List<Object>) list;
        padding[0] -= Math.max(0, index - l.size());
        if (index > MAX_LIST_POSITION || padding[0] < 0) {
          throw new CodecException("document path " + path + " puts a list item at position " + index + " of a list of " + l.size()
              + ": more than " + MAX_LIST_POSITION + " missing positions, so the stored paths were not written by Strata");
        }
        while (l.size() <= index) {
          l.add(null);
        }
        if (last) {
          l.set(index.intValue(), leaf);
          return;
        }
        parent = l;
        parentKey = index;
        container = l.get(index.intValue());
      } else {
        throw new CodecException("document path " + path + " does not fit the shape stored before it (segment " + segment + ")");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void attach(Object[] root, Object parent, Object key, Object child) {
    if (parent == null) {
      root[0] = child;
    } else if (parent instanceof Map<?, ?> map) {
      ((Map<String, Object>) map).put((String) key, child);
    } else {
      ((List<Object>) parent).set(((Long) key).intValue(), child);
    }
  }
}

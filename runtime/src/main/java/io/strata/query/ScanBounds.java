package io.strata.query;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.row.Elements;
import io.strata.row.IndexDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Which keys of one index an {@link IndexScan} reads: the equality prefixes (one per {@code In} alternative), at most
 * one range on the next field (bounds, or a string prefix), a keyset position, and the key ranges they make, at first
 * and after a continuation's resume key. Built per call with the scan (not thread-safe); the scan reads the ranges.
 */
final class ScanBounds {
  private static final byte[] FF = {(byte) 0xff};
  private static final byte[] ZERO = {0};

  /** One contiguous key range: the keys of one equality alternative, whose prefix is {@code prefixLength} bytes. */
  record KeyRange(int prefixLength, byte[] begin, byte[] end) {
    boolean isEmpty() {
      return ByteArrayUtil.compareUnsigned(begin, end) >= 0;
    }
  }

  private final String entityName;
  private final IndexDefinition index;
  private final Subspace space;
  private List<List<Object>> prefixes = List.of(List.of());
  /** How many index fields the equalities constrain: the prefixes' length, also when an empty {@code In} left none. */
  private int prefixFields;
  /** Whether the last equality field is a decimal read over every scale of each value ({@link #inEveryScale}). */
  private boolean everyScale;
  private Object lowBound;
  private boolean lowInclusive;
  private Object highBound;
  private boolean highInclusive;
  private String startsWith;
  private Tuple position;
  private boolean atPosition;

  ScanBounds(String entityName, IndexDefinition index, Subspace space) {
    this.entityName = entityName;
    this.index = index;
    this.space = space;
  }

  /** The next index field equals the element of one of {@code values} (see {@link IndexScan#in}). */
  <V> void in(Collection<V> values, Function<V, ?> element) {
    in(Elements.requireIn(entityName, nextField(), values, element));
  }

  /**
   * The next index field equals one of {@code elements}, each already checked as {@link #require} checks it (so held as
   * index entries hold it, -0.0 as 0.0); duplicates ignored.
   */
  void in(Collection<?> elements) {
    requireNotEveryScale("other condition");
    Map<Tuple, Object> distinct = new LinkedHashMap<>();
    for (Object e : elements) {
      distinct.putIfAbsent(Tuple.from(e), e);
    }
    List<List<Object>> next = new ArrayList<>();
    for (List<Object> p : prefixes) {
      for (Object e : distinct.values()) {
        List<Object> longer = new ArrayList<>(p);
        longer.add(e);
        next.add(longer);
      }
    }
    prefixes = next;
    prefixFields++;
  }

  /** The next index field, a decimal, equals one of {@code values} at any scale (see {@link IndexScan#inEveryScale}). */
  void inEveryScale(Collection<BigDecimal> values) {
    in(values, v -> v == null ? null : Elements.ofBigDecimalBound(v));
    everyScale = true;
  }

  void from(Object element, boolean inclusive) {
    lowBound = require(element);
    lowInclusive = inclusive;
  }

  void to(Object element, boolean inclusive) {
    highBound = require(element);
    highInclusive = inclusive;
  }

  void startingWith(String prefix) {
    startsWith = (String) require(prefix);
  }

  /** Only the entries after {@code position}, or at or after it when {@code at} (see {@link IndexScan#after}). */
  void position(Tuple position, boolean at) {
    requireNotEveryScale("a position");
    this.position = Objects.requireNonNull(position, "position");
    atPosition = at;
  }

  /** {@code value}, a query value for the next index field, which must not be null: nulls are not indexed. */
  Object require(Object value) {
    requireNotEveryScale("other condition");
    return Elements.requireValue(entityName, nextField(), value);
  }

  void requireNotEveryScale(String what) {
    if (everyScale) {
      throw new IllegalStateException(entityName + ": an In over every scale of '"
          + index.fields().get(prefixFields - 1) + "' must be the scan's last condition, with no " + what + " after it");
    }
  }

  /** The index field the next criterion constrains: the one after the equality prefix. */
  private String nextField() {
    List<String> fields = index.fields();
    int at = prefixFields;
    return at < fields.size() ? fields.get(at) : fields.get(fields.size() - 1);
  }

  private static byte[] after(byte[] key, Object lastElement) {
    byte[] base = lastElement instanceof Tuple ? Arrays.copyOf(key, key.length - 1) : key;
    return ByteArrayUtil.join(base, FF);
  }

  private static byte[] max(byte[] a, byte[] b) {
    return ByteArrayUtil.compareUnsigned(a, b) >= 0 ? a : b;
  }

  private static byte[] min(byte[] a, byte[] b) {
    return ByteArrayUtil.compareUnsigned(a, b) <= 0 ? a : b;
  }

  private byte[] packed(List<Object> prefix, Object element) {
    List<Object> items = new ArrayList<>(prefix);
    items.add(element);
    return space.pack(Tuple.fromList(items));
  }

  /**
   * The ranges to read, in key order; empty ones (an inverted range) left out. A position bounds the end of a
   * {@code reverse} read, the beginning of a forward one; merged in {@code keyOrder}, it holds the {@code In} field's
   * value too.
   */
  List<KeyRange> ranges(boolean reverse, boolean keyOrder) {
    List<KeyRange> out = new ArrayList<>();
    for (List<Object> p : prefixes) {
      Tuple t = Tuple.fromList(p);
      // a unique entry's key is its values alone: a prefix of all of them is the key itself
      com.apple.foundationdb.Range prefixed = everyScale ? null : space.range(t);
      byte[] begin = index.unique() || everyScale ? space.pack(t) : prefixed.begin;
      // every scale: the keys that start with the bound, its nested tuple left open (see from/to's decimal bounds)
      byte[] end = everyScale ? after(begin, p.get(p.size() - 1)) : prefixed.end;
      if (lowBound != null) {
        byte[] k = packed(p, lowBound);
        begin = max(begin, lowInclusive ? k : after(k, lowBound));
      }
      if (highBound != null) {
        byte[] k = packed(p, highBound);
        end = min(end, highInclusive ? after(k, highBound) : k);
      }
      if (startsWith != null) {
        byte[] k = packed(p, startsWith);
        byte[] open = Arrays.copyOf(k, k.length - 1);
        begin = max(begin, open);
        end = min(end, ByteArrayUtil.join(open, FF));
      }
      if (position != null) {
        // in key order the position holds the In field's value too: it replaces this alternative's own
        byte[] k = space.pack((keyOrder ? Tuple.fromList(p.subList(0, p.size() - 1)) : t).addAll(position));
        byte[] past = ByteArrayUtil.join(k, FF); // after every key that starts with the position
        if (reverse) {
          end = min(end, atPosition ? past : k);
        } else {
          begin = max(begin, atPosition ? k : past);
        }
      }
      if (ByteArrayUtil.compareUnsigned(begin, end) < 0) {
        out.add(new KeyRange(space.pack(t).length - (everyScale ? 1 : 0), begin, end));
      }
    }
    out.sort((a, b) -> ByteArrayUtil.compareUnsigned(a.begin(), b.begin()));
    return out;
  }

  /**
   * Narrows every range to the keys after {@code resume}, the key of the last entry returned, in scan order.
   * In key order that is simply the keys after it. Merged by the rest after the prefix ({@link #compareFrom}),
   * each alternative resumes at its own prefix followed by the resume key's rest: after it where that
   * alternative's equal entry came first (its prefix sorts before the resume key's, or is it), at it otherwise.
   */
  static List<KeyRange> resumed(List<KeyRange> ranges, byte[] resume, boolean reverse, boolean keyOrder) {
    KeyRange home = ranges.stream()
        .filter(r -> ByteArrayUtil.compareUnsigned(r.begin(), resume) <= 0 && ByteArrayUtil.compareUnsigned(resume, r.end()) < 0)
        .findFirst()
        .orElseThrow(() -> new io.strata.InvalidContinuationException("continuation resumes outside the ranges of its query"
            + " (it was altered, or made by another version); pass the token from Page.next() of this same query, unchanged,"
            + " or null to start over"));
    if (keyOrder) {
      return ranges.stream().map(r -> narrowed(r, resume, true, reverse)).toList();
    }
    byte[] homePrefix = Arrays.copyOf(resume, home.prefixLength());
    byte[] rest = Arrays.copyOfRange(resume, home.prefixLength(), resume.length);
    return ranges.stream().map(r -> {
      byte[] prefix = Arrays.copyOf(r.begin(), r.prefixLength());
      int side = ByteArrayUtil.compareUnsigned(prefix, homePrefix);
      return narrowed(r, ByteArrayUtil.join(prefix, rest), reverse ? side >= 0 : side <= 0, reverse);
    }).toList();
  }

  /**
   * Order by the key after the equality prefix (of {@code xPrefix} and {@code yPrefix} bytes), then by the whole key.
   * The second step matters for unique entries, whose keys are their values alone: two {@code In} alternatives can
   * then have equal rests (an empty one, when every field is in the prefix), and without it a page boundary between
   * them could not say which of them was already returned.
   */
  static int compareFrom(byte[] x, int xPrefix, byte[] y, int yPrefix) {
    int c = Arrays.compareUnsigned(x, xPrefix, x.length, y, yPrefix, y.length);
    return c != 0 ? c : ByteArrayUtil.compareUnsigned(x, y);
  }

  /** {@code range} from {@code key} on in scan order, {@code key} itself left out when {@code exclusive}. */
  private static KeyRange narrowed(KeyRange range, byte[] key, boolean exclusive, boolean reverse) {
    byte[] justAfter = ByteArrayUtil.join(key, ZERO);
    return reverse
        ? new KeyRange(range.prefixLength(), range.begin(), min(range.end(), exclusive ? key : justAfter))
        : new KeyRange(range.prefixLength(), max(range.begin(), exclusive ? justAfter : key), range.end());
  }
}

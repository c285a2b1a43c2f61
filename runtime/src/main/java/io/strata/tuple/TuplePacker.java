package io.strata.tuple;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Packs tuple elements straight into a byte array, giving exactly the bytes fdb-java's tuple layer gives
 * them, without building a {@link Tuple} (which copies its items, sizes them in a pass of its own and
 * encodes through a {@code ByteBuffer}).
 *
 * <p>Contract (byte identity): {@code TuplePacker.after(prefix).addAll(items).toBytes()} equals
 * {@code Tuple.fromList(items).pack(prefix)}, which is also {@code new Subspace(prefix).pack(Tuple.fromList(items))};
 * {@link #pack} equals {@code Tuple.from(items).pack()}. Where fdb-java throws, this throws the same exception
 * with the same message. Keys are stored, and decoded outside Strata, in that format (LAYOUTS.md), so any
 * difference would be a wrong key.
 *
 * <p>Written here: null, {@code byte[]}, {@code String}, {@code Long}, {@code Integer}, {@code Short},
 * {@code Byte}, {@code BigInteger}, {@code Float}, {@code Double}, {@code Boolean}, {@code UUID}, complete
 * {@link Versionstamp}s and nested {@code List}s and {@code Tuple}s of those: everything {@code Elements}
 * stores. Any other element (another {@code Number}, an unsupported type), a {@code String} holding an unpaired
 * surrogate (it has no UTF-8 form) and an incomplete versionstamp are encoded by fdb-java on their own
 * ({@code Tuple.from(element).pack()}, an element's bytes being the same alone as inside a tuple, nested or
 * not, for anything but null), so fdb-java encodes them or throws exactly as it would for the whole tuple.
 * {@link VersionstampTuples} alone lets one incomplete versionstamp through and learns where it landed.
 */
public final class TuplePacker {
  private static final byte NULL = 0x00;
  private static final byte BYTES = 0x01;
  private static final byte STRING = 0x02;
  private static final byte NESTED = 0x05;
  private static final byte NEGATIVE_BIG = 0x0b;
  private static final byte INT_ZERO = 0x14;
  private static final byte POSITIVE_BIG = 0x1d;
  private static final byte FLOAT = 0x20;
  private static final byte DOUBLE = 0x21;
  private static final byte FALSE = 0x26;
  private static final byte TRUE = 0x27;
  private static final byte UUID_CODE = 0x30;
  private static final byte VERSIONSTAMP = 0x33;
  private static final byte ESCAPE = (byte) 0xff;
  private static final byte[] NO_PREFIX = new byte[0];

  private byte[] bytes;
  private int length;
  /** Whether one incomplete versionstamp may be written (for {@link VersionstampTuples}). */
  private final boolean incompleteAllowed;
  /** Where the bytes of the incomplete versionstamp start, or -1. */
  private int incompleteAt = -1;

  TuplePacker(byte[] prefix, boolean incompleteAllowed) {
    this.bytes = Arrays.copyOf(prefix, prefix.length + 32);
    this.length = prefix.length;
    this.incompleteAllowed = incompleteAllowed;
  }

  /** A packer whose bytes start with the raw key {@code prefix} (a subspace's key), the elements packed after it. */
  public static TuplePacker after(byte[] prefix) {
    return new TuplePacker(prefix, false);
  }

  /** {@code Tuple.from(items).pack()}. */
  public static byte[] pack(Object... items) {
    TuplePacker packer = new TuplePacker(NO_PREFIX, false);
    for (Object item : items) {
      packer.add(item);
    }
    return packer.toBytes();
  }

  /** {@code Tuple.fromList(items).pack()}, for a list (or the items of a tuple). */
  public static byte[] packAll(Iterable<?> items) {
    return new TuplePacker(NO_PREFIX, false).addAll(items).toBytes();
  }

  /** Appends {@code item} as one element (a list or tuple as a nested tuple). */
  public TuplePacker add(Object item) {
    write(item, false);
    return this;
  }

  /** Appends each of {@code items} as an element, as {@code Tuple.addAll} would (the items of a tuple, not the tuple). */
  public TuplePacker addAll(Iterable<?> items) {
    writeAll(items, false);
    return this;
  }

  /** The prefix and the packed elements, exactly sized. */
  public byte[] toBytes() {
    return Arrays.copyOf(bytes, length);
  }

  /** Where the 10-byte placeholder of the incomplete versionstamp starts, counting the prefix; -1 when none was written. */
  int incompleteAt() {
    return incompleteAt;
  }

  private void write(Object item, boolean nested) {
    if (item == null) {
      room(2);
      bytes[length++] = NULL;
      if (nested) {
        bytes[length++] = ESCAPE;
      }
    } else if (item instanceof byte[] b) {
      writeBytes(b);
    } else if (item instanceof String s) {
      writeString(s);
    } else if (item instanceof Long || item instanceof Integer || item instanceof Short || item instanceof Byte) {
      writeLong(((Number) item).longValue());
    } else if (item instanceof Double d) {
      long raw = Double.doubleToRawLongBits(d);
      room(9);
      bytes[length++] = DOUBLE;
      writeBigEndian(raw < 0 ? ~raw : raw ^ Long.MIN_VALUE, Long.BYTES);
    } else if (item instanceof Float f) {
      int raw = Float.floatToRawIntBits(f);
      room(5);
      bytes[length++] = FLOAT;
      writeBigEndian(raw < 0 ? ~raw : raw ^ Integer.MIN_VALUE, Integer.BYTES);
    } else if (item instanceof Boolean b) {
      room(1);
      bytes[length++] = b ? TRUE : FALSE;
    } else if (item instanceof UUID u) {
      room(17);
      bytes[length++] = UUID_CODE;
      writeBigEndian(u.getMostSignificantBits(), Long.BYTES);
      writeBigEndian(u.getLeastSignificantBits(), Long.BYTES);
    } else if (item instanceof BigInteger b && b.bitLength() < Long.SIZE) {
      writeLong(b.longValue()); // the same bytes: the encoding depends on the value only
    } else if (item instanceof BigInteger b && (b.abs().bitLength() + 7) / 8 <= 0xff) {
      writeBigInteger(b);
    } else if (item instanceof Versionstamp v && (v.isComplete() || (incompleteAllowed && incompleteAt < 0))) {
      room(1 + Versionstamp.LENGTH);
      bytes[length++] = VERSIONSTAMP;
      if (!v.isComplete()) {
        incompleteAt = length;
      }
      System.arraycopy(v.getBytes(), 0, bytes, length, Versionstamp.LENGTH);
      length += Versionstamp.LENGTH;
    } else if (item instanceof List<?> || item instanceof Tuple) {
      room(1);
      bytes[length++] = NESTED;
      writeAll((Iterable<?>) item, true);
      room(1);
      bytes[length++] = NULL;
    } else {
      writeByFdb(item);
    }
  }

  /** The items of a list or tuple (a tuple by index: its iterator wraps its list in an unmodifiable view first). */
  private void writeAll(Iterable<?> items, boolean nested) {
    if (items instanceof Tuple tuple) {
      for (int i = 0; i < tuple.size(); i++) {
        write(tuple.get(i), nested);
      }
    } else {
      for (Object item : items) {
        write(item, nested);
      }
    }
  }

  /** {@code item} as fdb-java encodes it alone: its encoding, or the exception fdb-java throws for it. */
  private void writeByFdb(Object item) {
    byte[] encoded = Tuple.from(item).pack();
    room(encoded.length);
    System.arraycopy(encoded, 0, bytes, length, encoded.length);
    length += encoded.length;
  }

  private void writeBytes(byte[] b) {
    int nulls = 0;
    for (byte x : b) {
      if (x == NULL) {
        nulls++;
      }
    }
    room(b.length + nulls + 2);
    bytes[length++] = BYTES;
    if (nulls == 0) {
      System.arraycopy(b, 0, bytes, length, b.length);
      length += b.length;
    } else {
      for (byte x : b) {
        bytes[length++] = x;
        if (x == NULL) {
          bytes[length++] = ESCAPE;
        }
      }
    }
    bytes[length++] = NULL;
  }

  /** A string as UTF-8 with each NUL escaped; one with an unpaired surrogate goes to fdb-java, which rejects it. */
  private void writeString(String s) {
    int size = escapedUtf8Length(s);
    if (size < 0) {
      writeByFdb(s);
      return;
    }
    room(size + 2);
    bytes[length++] = STRING;
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        bytes[length++] = NULL;
        bytes[length++] = ESCAPE;
      } else if (c < 0x80) {
        bytes[length++] = (byte) c;
      } else if (c < 0x800) {
        bytes[length++] = (byte) (0xc0 | (c >> 6));
        bytes[length++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isHighSurrogate(c)) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        bytes[length++] = (byte) (0xf0 | (cp >> 18));
        bytes[length++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
        bytes[length++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
        bytes[length++] = (byte) (0x80 | (cp & 0x3f));
      } else {
        bytes[length++] = (byte) (0xe0 | (c >> 12));
        bytes[length++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        bytes[length++] = (byte) (0x80 | (c & 0x3f));
      }
    }
    bytes[length++] = NULL;
  }

  /** The UTF-8 length of {@code s} with each NUL escaped to two bytes, or -1 when it holds an unpaired surrogate. */
  private static int escapedUtf8Length(String s) {
    int n = s.length();
    int size = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        size++;
      } else if (c >= 0x80) {
        if (c < 0x800) {
          size++;
        } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          size += 2; // four bytes for the two chars of the pair
          i++;
        } else if (Character.isSurrogate(c)) {
          return -1;
        } else {
          size += 2;
        }
      }
    }
    return size;
  }

  /**
   * An integer in as few bytes as hold its magnitude, the code saying how many (above 0x14 for positive values,
   * below for negative ones, which are stored as their one's complement so that they sort).
   */
  private void writeLong(long v) {
    room(9);
    if (v == 0) {
      bytes[length++] = INT_ZERO;
      return;
    }
    int n = (Long.SIZE + 7 - Long.numberOfLeadingZeros(v >= 0 ? v : -v)) / 8;
    bytes[length++] = (byte) (INT_ZERO + (v > 0 ? n : -n));
    writeBigEndian(v > 0 ? v : v - 1, n);
  }

  /**
   * An integer outside the long range, encoded as {@link #writeLong} would if it had the room: its code says how
   * many bytes follow up to 8; past that the code is 0x1d (0x0b when negative) and a byte gives the length
   * (complemented when negative).
   */
  private void writeBigInteger(BigInteger b) {
    boolean positive = b.signum() > 0;
    int n = (b.abs().bitLength() + 7) / 8;
    byte[] twos = (positive ? b : b.subtract(BigInteger.ONE)).toByteArray();
    room(n + 2);
    if (n <= Long.BYTES) {
      bytes[length++] = (byte) (INT_ZERO + (positive ? n : -n));
    } else {
      bytes[length++] = positive ? POSITIVE_BIG : NEGATIVE_BIG;
      bytes[length++] = (byte) (positive ? n : n ^ 0xff);
    }
    System.arraycopy(twos, twos.length - n, bytes, length, n);
    length += n;
  }

  /** The low {@code n} bytes of {@code v}, most significant first (room already made). */
  private void writeBigEndian(long v, int n) {
    for (int shift = 8 * (n - 1); shift >= 0; shift -= 8) {
      bytes[length++] = (byte) (v >>> shift);
    }
  }

  private void room(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }
}

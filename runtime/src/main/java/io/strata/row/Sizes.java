package io.strata.row;

import io.strata.EntityTooLargeException;
import java.util.function.Supplier;

/**
 * FoundationDB's size limits, checked before anything is written so errors name the entity and field. What a key
 * or value is for is described only when it is too large: a save checks every key it writes, and the
 * descriptions (index names, document paths) would cost more than the checks.
 */
public final class Sizes {
  public static final int KEY_LIMIT = 10_000;
  public static final int VALUE_LIMIT = 100_000;
  /** The most bytes one save of blobs or one document may write: well under FoundationDB's 10 MB limit. */
  static final int TRANSACTION_BUDGET = 8_000_000;
  /** FoundationDB's limit on the bytes one transaction writes (its mutations and conflict ranges). */
  static final int TRANSACTION_LIMIT = 10_000_000;

  private Sizes() {}

  public static void checkKey(String entity, Object id, Supplier<String> what, byte[] key) {
    if (key.length > KEY_LIMIT) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": the key for " + what.get() + " is " + key.length
          + " bytes, over FoundationDB's 10,000-byte key limit; use a shorter id or indexed value (keys should stay"
          + " under ~100 bytes), or do not index this field");
    }
  }

  public static void checkValue(String entity, Object id, Supplier<String> field, byte[] value) {
    if (value.length > VALUE_LIMIT) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": field '" + field.get() + "' is " + value.length
          + " bytes, over FoundationDB's 100,000-byte value limit; annotate it with @Blob (stored in chunks) or"
          + " store it with io.strata.layers.BlobStore");
    }
  }

  public static void checkDocument(String entity, Object id, String field, long bytes) {
    if (bytes > TRANSACTION_BUDGET) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": document '" + field + "' flattens to " + bytes
          + " bytes of keys and values, more than one transaction should write (" + TRANSACTION_BUDGET + " of FoundationDB's"
          + " 10,000,000-byte limit); split it into several entities or store large parts with io.strata.layers.BlobStore");
    }
  }

  /** A packed row of {@code bytes} (all its parts) must fit one transaction's budget. */
  static void checkRow(String entity, Object id, long bytes) {
    if (bytes > TRANSACTION_BUDGET) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": its fields pack to " + bytes + " bytes, more than"
          + " one transaction should write (" + TRANSACTION_BUDGET + " of FoundationDB's 10,000,000-byte limit); store large"
          + " values with @Blob or io.strata.layers.BlobStore");
    }
  }

  /**
   * Everything one save of an entity writes must fit one transaction's budget together, though each part does:
   * {@code rowBytes} (its row's keys and values, documents included), {@code blobBytes} (its blob chunks' keys and
   * values), {@code indexBytes} (its index, spatial and column entries and count) and {@code derivedBytes}
   * (aggregates, ranks, text, change feed). Returns the total.
   */
  static long checkTotal(String entity, Object id, long rowBytes, long blobBytes, long indexBytes, long derivedBytes) {
    long total = rowBytes + blobBytes + indexBytes + derivedBytes;
    if (total > TRANSACTION_BUDGET) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": one save would write " + total + " bytes (row "
          + rowBytes + ", @Blob chunks " + blobBytes + ", index entries " + indexBytes + ", derived indexes " + derivedBytes
          + "), more than one transaction"
          + " should write (" + TRANSACTION_BUDGET + " of FoundationDB's 10,000,000-byte limit), though each part fits on"
          + " its own; nothing was written. Store large binaries with io.strata.layers.BlobStore, which streams them"
          + " across transactions, or split the entity");
    }
    return total;
  }

  /**
   * A save of {@code bytes} into a caller's transaction already holding {@code held} bytes (its approximate size)
   * must stay under FoundationDB's 10,000,000-byte transaction limit, else the caller's whole commit would fail.
   */
  public static void checkTransaction(String entity, Object id, long held, long bytes) {
    if (held + bytes > TRANSACTION_LIMIT) {
      throw new EntityTooLargeException(entity + " id " + describe(id) + ": saving it would write " + bytes + " bytes into a"
          + " transaction already holding about " + held + ", over FoundationDB's 10,000,000-byte transaction limit; nothing"
          + " of this save was written. Commit what the transaction holds and save the rest in another transaction (save"
          + " many entities in batches of a few megabytes)");
    }
  }

  public static String describe(Object id) {
    if (id instanceof byte[] b) {
      return "0x" + java.util.HexFormat.of().formatHex(b, 0, Math.min(b.length, 32)) + (b.length > 32 ? "…" : "");
    }
    String s = String.valueOf(id);
    return s.length() > 64 ? s.substring(0, 64) + "…" : s;
  }
}

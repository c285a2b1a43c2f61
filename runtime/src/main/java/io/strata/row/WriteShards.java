package io.strata.row;

import io.strata.tuple.TuplePacker;
import java.util.zip.CRC32;

/**
 * The shard of an id among the {@link #SHARDS} copies of a key that every save of an entity type would
 * otherwise write: the count {@code (E, "#", shard)}, COUNT/SUM totals {@code (E, "A", name, groups..., shard)},
 * the change feed {@code (E, "V", shard, versionstamp, id)} and its wake key {@code ("__strata", "feed", E,
 * shard)}. On a cluster one key, or the end of one growing range, lives on one storage team, so a key every save
 * writes caps the entity's writes at what that team takes; spread over {@link #SHARDS} keys, a key takes about
 * 1/{@value #SHARDS} of the saves and the data distributor can split the range between them. A reader sums
 * (or merges) the shards with one range read. The shard is a function of the id alone, so every entry of one
 * id lives in one shard: the CRC-32 (IEEE 802.3, as {@link CRC32}) of the id packed as a one-element tuple,
 * modulo {@link #SHARDS}. Both are part of the on-disk format (docs/indexes.md).
 */
public final class WriteShards {
  /**
   * How many shards: at least 16 so that no shard takes more than 1/16 of uniform saves; 32 keeps the busiest
   * of them under 1/16 with a few hundred saves, where sampling noise puts the busiest of 16 near 1/11.
   */
  public static final int SHARDS = 32;

  private WriteShards() {}

  /** The shard of {@code id} (an id element, as rows store it): 0 to {@link #SHARDS} - 1. */
  public static int of(Object id) {
    return ofPacked(TuplePacker.pack(id));
  }

  /** The shard of bytes already packed (a rank's skip-list element, docs/indexes.md): 0 to {@link #SHARDS} - 1. */
  public static int ofPacked(byte[] packed) {
    CRC32 crc = new CRC32();
    crc.update(packed);
    return (int) (crc.getValue() % SHARDS);
  }
}

package io.strata;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * An opaque position in a query's results, valid across transactions and processes.
 *
 * <p>Wire format (version 1): {@code 0x53 0x01}, a 4-byte query fingerprint, a 2-byte length and the
 * resume key, then a 4-byte CRC32C of everything before it. The fingerprint binds a token to the query
 * that produced it, so a token from another query (or a forged one) is rejected instead of misread.
 */
public final class Continuation {
  private static final byte MAGIC = 0x53;
  private static final byte VERSION = 1;
  private static final int OVERHEAD = 2 + 4 + 2 + 4;
  private static final String FIX = "; pass the token from Page.next() of this same query, unchanged, or null to start over";

  private final int fingerprint;
  private final byte[] resumeKey;

  private Continuation(int fingerprint, byte[] resumeKey) {
    this.fingerprint = fingerprint;
    this.resumeKey = resumeKey;
  }

  /**
   * Makes a continuation for a query. For generated code and layers: {@code query} identifies the
   * query (for example its key prefix and parameters), {@code resumeKey} is where the next page starts.
   */
  public static Continuation of(byte[] query, byte[] resumeKey) {
    if (resumeKey.length > 0xFFFF) {
      throw new IllegalArgumentException("resume key of " + resumeKey.length + " bytes is too long");
    }
    return new Continuation(fingerprint(query), resumeKey.clone());
  }

  /**
   * Parses a token made by {@link #toBytes()}; rejects anything else with {@link InvalidContinuationException}
   * (and only that), allocating no more than {@code bytes} holds.
   */
  public static Continuation fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length < OVERHEAD) {
      throw new InvalidContinuationException("continuation of " + (bytes == null ? "null" : bytes.length + " bytes")
          + " is too short to be one Strata produced" + FIX);
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    if (in.get() != MAGIC || in.get() != VERSION) {
      throw new InvalidContinuationException("continuation has an unknown format or version (it does not start with 0x53 0x01)" + FIX);
    }
    int fp = in.getInt();
    int len = Short.toUnsignedInt(in.getShort());
    if (len != bytes.length - OVERHEAD) {
      throw new InvalidContinuationException("continuation length field (" + len + ") does not match its size ("
          + (bytes.length - OVERHEAD) + " bytes of resume key)" + FIX);
    }
    byte[] key = new byte[len];
    in.get(key);
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    if ((int) crc.getValue() != in.getInt()) {
      throw new InvalidContinuationException("continuation checksum does not match: the token was altered" + FIX);
    }
    return new Continuation(fp, key);
  }

  public byte[] toBytes() {
    ByteBuffer out = ByteBuffer.allocate(OVERHEAD + resumeKey.length);
    out.put(MAGIC).put(VERSION).putInt(fingerprint).putShort((short) resumeKey.length).put(resumeKey);
    CRC32C crc = new CRC32C();
    crc.update(out.array(), 0, out.position());
    out.putInt((int) crc.getValue());
    return out.array();
  }

  /**
   * The resume key, checked against the query about to use it. For generated code and layers.
   *
   * @throws InvalidContinuationException if this continuation was produced by another query
   */
  public byte[] resumeKeyFor(byte[] query) {
    if (fingerprint(query) != fingerprint) {
      throw new InvalidContinuationException("continuation belongs to a different query (other parameters or another method)" + FIX);
    }
    return resumeKey.clone();
  }

  private static int fingerprint(byte[] query) {
    CRC32C crc = new CRC32C();
    crc.update(query);
    return (int) crc.getValue();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Continuation c && c.fingerprint == fingerprint && Arrays.equals(c.resumeKey, resumeKey);
  }

  @Override
  public int hashCode() {
    return 31 * fingerprint + Arrays.hashCode(resumeKey);
  }

  @Override
  public String toString() {
    return "Continuation[" + HexFormat.of().formatHex(toBytes()) + "]";
  }
}

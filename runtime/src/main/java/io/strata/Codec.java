package io.strata;

import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Turns values into the bytes stored under a key and back. Implementations must be stateless and
 * thread-safe; {@code decode(encode(v))} must equal {@code v}. A decoder given bytes it did not
 * produce throws {@link CodecException}.
 *
 * @param <T> the value type
 */
public interface Codec<T> {

  byte[] encode(T value);

  T decode(byte[] bytes);

  /** UTF-8 text. */
  static Codec<String> string() {
    return BuiltInCodecs.STRING;
  }

  /** A {@code long} as 8 bytes little-endian: the format FoundationDB's atomic ADD uses. */
  static Codec<Long> int64() {
    return BuiltInCodecs.INT64;
  }

  /** Bytes stored as they are (the array is copied in both directions). */
  static Codec<byte[]> bytes() {
    return BuiltInCodecs.BYTES;
  }

  /** A {@link Tuple} in FoundationDB's tuple encoding. */
  static Codec<Tuple> tuple() {
    return BuiltInCodecs.TUPLE;
  }
}

/** The codecs behind {@link Codec}'s factory methods. */
final class BuiltInCodecs {
  private BuiltInCodecs() {}

  static final Codec<String> STRING =
      new Named<>("string") {
        @Override
        public byte[] encode(String value) {
          return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decode(byte[] bytes) {
          var decoder = StandardCharsets.UTF_8.newDecoder();
          try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
          } catch (java.nio.charset.CharacterCodingException e) {
            throw new CodecException("string codec: the stored bytes are not valid UTF-8", e);
          }
        }
      };

  static final Codec<Long> INT64 =
      new Named<>("int64") {
        @Override
        public byte[] encode(Long value) {
          return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
        }

        @Override
        public Long decode(byte[] bytes) {
          if (bytes.length != 8) {
            throw new CodecException(
                "int64 codec: expected 8 little-endian bytes but the stored value has " + bytes.length);
          }
          return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
        }
      };

  static final Codec<byte[]> BYTES =
      new Named<>("bytes") {
        @Override
        public byte[] encode(byte[] value) {
          return value.clone();
        }

        @Override
        public byte[] decode(byte[] bytes) {
          return bytes.clone();
        }
      };

  static final Codec<Tuple> TUPLE =
      new Named<>("tuple") {
        @Override
        public byte[] encode(Tuple value) {
          return value.pack();
        }

        @Override
        public Tuple decode(byte[] bytes) {
          try {
            return Tuple.fromBytes(bytes);
          } catch (RuntimeException e) {
            throw new CodecException("tuple codec: the stored bytes are not a valid tuple", e);
          }
        }
      };

  private abstract static class Named<T> implements Codec<T> {
    private final String name;

    Named(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return "Codec." + name + "()";
    }
  }
}

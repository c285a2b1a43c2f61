package io.strata.query.model;

/**
 * The value semantics of the dialect that asked a query: the one owner of which key orders equal which value
 * orders and of what a null query value means.
 */
public enum Semantics {
  /**
   * Strata's repositories: values compare in tuple-key order (text by UTF-8 bytes, enums by name, UUIDs by
   * bytes), and a null query value is refused.
   */
  STRATA,
  /**
   * Jakarta Data: values compare as Java compares them (text by UTF-16 code unit, enums by ordinal, UUIDs by
   * {@code UUID.compareTo}), and a null query value matches no entity.
   */
  JAKARTA;

  /**
   * Whether index keys of {@code kind} are in this dialect's value order, so an index serves its ranges and orders.
   * Strata compares in key order, so every scalar but enums and UUIDs (whose keys sort by name and by bytes, not
   * as Java compares them) is ordered. Jakarta compares as Java does: text by code point (the order of UTF-8
   * bytes), integers, booleans, characters and the date/time types sort in keys as in Java; floating values
   * ({@code -0.0 == 0.0}), decimals (scale), byte arrays, enums and UUIDs do not.
   */
  public boolean keyOrdered(ValueKind kind) {
    return switch (this) {
      case STRATA -> kind.isScalar() && kind != ValueKind.ENUM && kind != ValueKind.UUID;
      case JAKARTA -> switch (kind) {
        case LONG, INT, SHORT, BYTE, CHAR, BOOLEAN, STRING, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, LOCAL_TIME -> true;
        default -> false;
      };
    };
  }

  /**
   * Whether a comparison an index applies on keys of {@code kind} holds exactly when this dialect's comparison of the
   * values holds, so matches can be counted and tested on the keys alone, with no row read. Strata compares in key
   * order, so always. Jakarta compares as Java does, and a {@code double} or {@code float} key holds {@code -0.0} and
   * {@code 0.0} alike, which Java's order tells apart: only the rows can say whether {@code = 0.0} or {@code < 0.0}
   * holds. Every other kind an index serves a Jakarta query on decides on its keys (an index serves a Jakarta range
   * only where the keys sort as the values do, see {@link #keyOrdered}).
   */
  public boolean keysDecide(ValueKind kind) {
    return this == STRATA || (kind != ValueKind.DOUBLE && kind != ValueKind.FLOAT);
  }

  /**
   * Whether an order this dialect asks may be sorted in memory, so that a read of every result that no index narrows
   * reads the rows alone and sorts them (one key per result) rather than an index in that order and each key's row
   * (two). Jakarta Data sorts in memory what no index orders; a Strata method reads an order only from index keys.
   */
  public boolean sortsInMemory() {
    return this == JAKARTA;
  }

  /** Whether a null query value is an error (else it matches no entity). */
  public boolean nullValueRefused() {
    return this == STRATA;
  }
}

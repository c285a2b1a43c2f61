package io.strata.repository;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * The ids the store gives an entity saved or inserted with a null id (Jakarta Data repositories, whose {@code save} and
 * {@code insert} return the saved entity): random, so that inserts spread over the whole row range instead of all landing
 * at one end of it, where a time-ordered id would send every insert to the one storage team that holds that end.
 *
 * <ul>
 *   <li>{@link #UUIDS}: a random (version 4) UUID, 122 random bits.
 *   <li>{@link #STRINGS}: the text of such a UUID ({@code "0f8fad5b-d9cb-469f-a165-70867728950e"}).
 *   <li>{@link #LONGS}: a random long in {@code [1, Long.MAX_VALUE]}, 63 random bits.
 * </ul>
 *
 * <p>Each comes from a {@link SecureRandom}, seeded by the operating system, so processes and clusters draw
 * independently. 122 bits never collide in practice; 63 bits can (after about 3 billion ids, the chance that some two
 * are equal passes one in two), so a drawn long is {@linkplain #checked() checked} against the stored rows in the
 * saving transaction, and drawn again when taken: the read also makes two concurrent saves of the same draw conflict.
 */
public enum AssignedIds {
  UUIDS, STRINGS, LONGS;

  private static final SecureRandom RANDOM = new SecureRandom();

  /** A fresh id element (the tuple element the id is stored as). */
  public Object next() {
    return switch (this) {
      case UUIDS -> UUID.randomUUID();
      case STRINGS -> UUID.randomUUID().toString();
      case LONGS -> 1 + (RANDOM.nextLong() & Long.MAX_VALUE) % Long.MAX_VALUE;
    };
  }

  /** Whether a drawn id must be checked against the stored rows: the id space is small enough for a collision. */
  public boolean checked() {
    return this == LONGS;
  }
}

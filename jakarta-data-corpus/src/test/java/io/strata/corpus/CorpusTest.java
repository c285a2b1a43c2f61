package io.strata.corpus;

import io.strata.Strata;
import io.strata.StrataDb;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every corpus test shares: a new in-memory database ({@code strata:mem:}, as a user's test would open one) and
 * a random source whose seed is printed; replay a failure with {@code -Dstrata.corpus.seed}.
 */
abstract class CorpusTest {
  private static final long SEED = Long.getLong("strata.corpus.seed", new SecureRandom().nextLong());
  private static final List<String> WORDS = List.of("alpha", "Beta", "gamma", "Delta", "epsilon", "zeta", "eta");

  static {
    System.out.println("corpus seed " + SEED + " (replay with -Dstrata.corpus.seed=" + SEED + ")");
  }

  protected StrataDb db;
  protected Random random;

  @BeforeEach
  void openDatabase() {
    db = Strata.connect("strata:mem:");
    random = new Random(SEED);
  }

  @AfterEach
  void closeDatabase() {
    db.close();
  }

  /** A message naming the seed, so that a failure can be replayed. */
  static String seed(String what) {
    return what + " (seed " + SEED + ")";
  }

  <T> T pick(List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  /** One of a few words, so that equal values (ties in orders, several matches) are common. */
  String word() {
    return pick(WORDS);
  }

  /** A fresh id in a UUID's text form, from the seeded random source. */
  String uuid() {
    return new UUID(random.nextLong(), random.nextLong()).toString();
  }
}

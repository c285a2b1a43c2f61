package io.strata.processor.behaviour;

import io.strata.processor.fixtures.jakarta.Gadget;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Random {@link Gadget}s for the contracts that check Jakarta queries over random data: the values of each property
 * drawn from a small set, so that queries find ties, and its edges ({@code -0.0} and {@code 0.0}, the float nearest
 * {@code 0.1} and the one below it, decimals of several scales, {@code 0.1} and {@code 0.10}, absent weights and prices,
 * and now and then an infinity or NaN as a weight, score or rating).
 */
final class RandomGadgets {
  static final List<String> COLORS = List.of("red", "green", "blue", "black", "white");
  static final List<String> WORDS = List.of("alpha", "Beta", "gamma", "Delta", "epsilon", "Zeta");
  private static final List<Double> NOT_FINITE = List.of(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN);

  private RandomGadgets() {}

  /** A gadget of id {@code id}, its name a word of {@link #WORDS} and the id, every other property random. */
  static Gadget gadget(Random random, long id) {
    return new Gadget(id, pick(random, WORDS) + "-" + id, pick(random, COLORS), random.nextInt(21),
        random.nextInt(5) == 0 ? null : notFiniteOr(random, (double) random.nextInt(100) / 10),
        pick(random, Arrays.asList(Gadget.Kind.values())), random.nextBoolean(),
        notFiniteOr(random, signedZeroOr(random, (random.nextInt(101) - 20) / 10.0)),
        (float) notFiniteOr(random, signedZeroOr(random, random.nextInt(8) == 0 ? (random.nextBoolean() ? 0.1F : Math.nextDown(0.1F))
            : (random.nextInt(29) - 8) * 0.25)),
        random.nextInt(5) == 0 ? null : random.nextInt(8) == 0 ? new BigDecimal(random.nextBoolean() ? "0.1" : "0.10")
            : BigDecimal.valueOf(random.nextInt(80) - 30, 1 + random.nextInt(2)));
  }

  static <T> T pick(Random random, List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  /** An infinity or NaN one time in twenty, else {@code value}. */
  private static double notFiniteOr(Random random, double value) {
    return random.nextInt(20) == 0 ? pick(random, NOT_FINITE) : value;
  }

  /** {@code -0.0} or {@code 0.0} one time in eight, else {@code value}. */
  private static double signedZeroOr(Random random, double value) {
    return random.nextInt(8) == 0 ? (random.nextBoolean() ? -0.0 : 0.0) : value;
  }
}

package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Numbers of two types compare by value, and values no decimal holds as {@code Double.compare} orders them. */
class NumbersTest {
  @Test
  void numbersOfTwoTypesCompareByValue() {
    assertEquals(0, Numbers.compare(-0.0, 0));
    assertEquals(0, Numbers.compare(2, 2L));
    assertEquals(0, Numbers.compare(new BigDecimal("1.50"), 1.5));
    assertEquals(1, Integer.signum(Numbers.compare(0.1f, 0.1)), "the float nearest 0.1 is above 0.1: 0.100000001...");
    assertEquals(1, Integer.signum(Numbers.compare(BigInteger.TEN.pow(30), Long.MAX_VALUE)));
  }

  @Test
  void infinitiesAndNaNCompareAsDoubleCompareOrdersThem() {
    assertEquals(1, Integer.signum(Numbers.compare(Double.POSITIVE_INFINITY, Long.MAX_VALUE)));
    assertEquals(-1, Integer.signum(Numbers.compare(Float.NEGATIVE_INFINITY, 0)));
    assertEquals(1, Integer.signum(Numbers.compare(Double.NaN, 0)));
    assertEquals(1, Integer.signum(Numbers.compare(Double.NaN, Float.POSITIVE_INFINITY)));
    assertEquals(0, Numbers.compare(Double.POSITIVE_INFINITY, Float.POSITIVE_INFINITY));
  }
}

package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.query.model.Expression.Operator;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * Numbers of two types compare by value, and values no decimal holds as {@code Double.compare} orders them; JDQL's
 * arithmetic follows Java's promotion, and refuses what Java would wrap round.
 */
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

  @Test
  void arithmeticPromotesAsJavaAndRefusesAnOverflowOrADivisionByZero() {
    assertEquals(7L, Numbers.arithmetic(Operator.ADD, 3, 4));
    assertEquals(1L, Numbers.arithmetic(Operator.DIVIDE, 3, 2L));
    assertEquals(1.5, Numbers.arithmetic(Operator.DIVIDE, 3.0f, 2));
    assertEquals(Double.POSITIVE_INFINITY, Numbers.arithmetic(Operator.DIVIDE, 1.0, 0), "floating point as Java's");
    assertEquals(new BigDecimal("3.00"), Numbers.arithmetic(Operator.MULTIPLY, new BigDecimal("1.50"), 2));
    assertEquals(new BigDecimal("1000000000000000000001"), Numbers.arithmetic(Operator.ADD, BigInteger.TEN.pow(21), 1));
    assertEquals(-0.0, Numbers.negate(0.0));
    assertEquals(0.0, Numbers.abs(-0.0f));
    assertEquals(new BigInteger("-5"), Numbers.negate(BigInteger.valueOf(5)));
    assertEquals("9223372036854775807 * 2 overflows a long (refused, not wrapped round)",
        assertThrows(ArithmeticException.class, () -> Numbers.arithmetic(Operator.MULTIPLY, Long.MAX_VALUE, 2)).getMessage());
    assertEquals("-(-9223372036854775808) overflows a long (refused, not wrapped round)",
        assertThrows(ArithmeticException.class, () -> Numbers.negate(Long.MIN_VALUE)).getMessage());
    assertEquals("-9223372036854775808 / -1 overflows a long (refused, not wrapped round)",
        assertThrows(ArithmeticException.class, () -> Numbers.arithmetic(Operator.DIVIDE, Long.MIN_VALUE, -1)).getMessage());
    assertEquals("7 / 0 divides by zero", assertThrows(ArithmeticException.class, () -> Numbers.arithmetic(Operator.DIVIDE, 7, 0))
        .getMessage());
    assertEquals("1.5 / 0 divides by zero",
        assertThrows(ArithmeticException.class, () -> Numbers.arithmetic(Operator.DIVIDE, new BigDecimal("1.5"), 0)).getMessage());
  }
}

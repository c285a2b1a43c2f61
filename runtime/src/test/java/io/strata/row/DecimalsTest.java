package io.strata.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Decimal elements sort like the numbers, keep their scale, and bounds enclose every scale of a value. */
class DecimalsTest {

  @Provide
  Arbitrary<BigDecimal> decimals() {
    Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
        Arbitraries.bigIntegers().between(BigInteger.valueOf(-1_000), BigInteger.valueOf(1_000)),
        Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
    return Combinators.combine(unscaled, Arbitraries.integers().between(-40, 40)).as(BigDecimal::new);
  }

  private static byte[] packed(Object element) {
    return Tuple.from(element).pack();
  }

  @Property(tries = 3_000)
  void packedElementsSortLikeTheNumbers(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
    int numeric = Integer.signum(a.compareTo(b));
    int bytes = Integer.signum(ByteArrayUtil.compareUnsigned(packed(Decimals.element(a)), packed(Decimals.element(b))));
    if (numeric != 0) {
      assertEquals(numeric, bytes, a + " vs " + b);
    } else {
      assertEquals(Integer.signum(Integer.compare(a.scale(), b.scale())), bytes, a + " vs " + b);
    }
  }

  @Property(tries = 3_000)
  void aDecimalReadsBackEqualWithItsScale(@ForAll("decimals") BigDecimal d) {
    Tuple decoded = Tuple.fromBytes(packed(Decimals.element(d))).getNestedTuple(0);
    BigDecimal back = Decimals.value(decoded);
    assertEquals(d, back);
    assertEquals(d.scale(), back.scale());
  }

  @Property(tries = 3_000)
  void aBoundSortsBeforeEveryScaleOfItsValueAndAfterEverySmallerValue(@ForAll("decimals") BigDecimal bound, @ForAll("decimals") BigDecimal d) {
    int numeric = Integer.signum(d.compareTo(bound));
    int bytes = Integer.signum(ByteArrayUtil.compareUnsigned(packed(Decimals.element(d)), packed(Decimals.bound(bound))));
    assertEquals(numeric < 0 ? -1 : 1, bytes, d + " against bound " + bound);
  }

  @Test
  void numericallyEqualDecimalsWithDifferentScalesAreDifferentElements() {
    assertNotEquals(Decimals.element(new BigDecimal("1.5")), Decimals.element(new BigDecimal("1.50")));
    assertEquals(Decimals.bound(new BigDecimal("1.5")), Decimals.bound(new BigDecimal("1.50")));
    assertEquals(Tuple.from(1L, 1L, "125", 1L), Decimals.element(new BigDecimal("12.5")));
    assertEquals(Tuple.from(-1L, -1L, "874~", 1L), Decimals.element(new BigDecimal("-12.5")));
    assertEquals(Tuple.from(0L, 0L, "", 2L), Decimals.element(new BigDecimal("0.00")));
  }

  @Test
  void aMalformedStoredDecimalIsACodecError() {
    CodecException e = assertThrows(CodecException.class, () -> Decimals.value(Tuple.from(-1L, 0L, "12", 0L)));
    assertTrue(e.getMessage().contains("not a decimal"), e.getMessage());
    assertThrows(CodecException.class, () -> Decimals.value(Tuple.from(1L, 0L, "1x", 0L)));
    assertThrows(CodecException.class, () -> Decimals.value(Tuple.from(1L, 0L)));
  }
}

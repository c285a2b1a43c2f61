package io.strata.query;

import io.strata.row.Elements;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-memory checks of {@code @AllowFiltering} compare stored elements as the index orders them. */
class MatchesTest {

  @Test
  void equalityIsOnStoredElementsAndNullMatchesNothing() {
    assertTrue(Matches.equal(5L, 5L));
    assertTrue(Matches.equal(new byte[] {1, 2}, new byte[] {1, 2}));
    assertFalse(Matches.equal(null, 5L));
    assertTrue(Matches.in("b", List.of("a", "b")));
    assertFalse(Matches.in(null, List.of("a")));
    assertFalse(Matches.in("c", List.of()));
  }

  @Test
  void rangesFollowTheIndexOrderWithInclusiveBounds() {
    assertTrue(Matches.lessThan(4L, 5L, false));
    assertFalse(Matches.lessThan(5L, 5L, false));
    assertTrue(Matches.lessThan(5L, 5L, true));
    assertTrue(Matches.greaterThan(6L, 5L, false));
    assertTrue(Matches.between(5L, 5L, 5L));
    assertFalse(Matches.between(5L, 6L, 4L));
    assertTrue(Matches.lessThan("ab", "b", false));
    assertFalse(Matches.greaterThan(null, 1L, true));
  }

  @Test
  void decimalsCompareByValueWhateverTheirScale() {
    Object oneAndHalf = Elements.ofBigDecimal(new BigDecimal("1.5"));
    Object sameValue = Elements.ofBigDecimal(new BigDecimal("1.50"));
    assertTrue(Matches.between(oneAndHalf, sameValue, sameValue));
    assertTrue(Matches.lessThan(oneAndHalf, Elements.ofBigDecimal(new BigDecimal("2")), false));
    assertFalse(Matches.greaterThan(sameValue, oneAndHalf, false));
  }

  @Test
  void startsWithNeedsAString() {
    assertTrue(Matches.startsWith("Saint-1", "Sai"));
    assertFalse(Matches.startsWith(null, ""));
    assertFalse(Matches.startsWith(12L, "1"));
  }
}

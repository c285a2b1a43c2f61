package io.strata.query.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SemanticsTest {
  @Test
  void jakartaCountsOnKeysForEveryKindButFloatingOnes() {
    Set<ValueKind> onRows = EnumSet.noneOf(ValueKind.class);
    Arrays.stream(ValueKind.values()).filter(k -> !Semantics.JAKARTA.keysDecide(k)).forEach(onRows::add);
    assertEquals(EnumSet.of(ValueKind.DOUBLE, ValueKind.FLOAT), onRows, "-0.0 and 0.0 share a key, Java tells them apart");
  }

  @Test
  void strataKeysDecideEveryComparisonSinceItComparesInKeyOrder() {
    assertTrue(Arrays.stream(ValueKind.values()).allMatch(Semantics.STRATA::keysDecide));
  }

  @Test
  void aKindWhoseKeysDecideEqualityMayStillNotHoldJakartasOrder() {
    assertTrue(Semantics.JAKARTA.keysDecide(ValueKind.ENUM));
    assertFalse(Semantics.JAKARTA.keyOrdered(ValueKind.ENUM), "enum keys hold names, Jakarta orders by ordinal");
  }
}

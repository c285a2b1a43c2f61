package io.strata.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The conversions of time values to the nanosecond counts their keys hold, at the ends of the range. */
class ElementsTest {
  private static final Instant FIRST = Instant.parse("1677-09-21T00:12:43.145224192Z");
  private static final Instant LAST = Instant.parse("2262-04-11T23:47:16.854775807Z");

  @Test
  void theFirstAndLastInstantTheMessageNamesAreStoredAndReadBack() {
    assertEquals(Long.MIN_VALUE, Elements.ofInstant(FIRST));
    assertEquals(Long.MAX_VALUE, Elements.ofInstant(LAST));
    assertEquals(FIRST, Elements.toInstant(Elements.ofInstant(FIRST)));
    assertEquals(LAST, Elements.toInstant(Elements.ofInstant(LAST)));
    assertEquals(-1L, Elements.ofInstant(Instant.ofEpochSecond(-1, 999_999_999)));
  }

  @Test
  void theFirstLocalDateTimeIsStoredAndReadBack() {
    LocalDateTime first = LocalDateTime.ofInstant(FIRST, ZoneOffset.UTC);
    assertEquals(Long.MIN_VALUE, Elements.ofLocalDateTime(first));
    assertEquals(first, Elements.toLocalDateTime(Elements.ofLocalDateTime(first)));
  }

  @Test
  void anInstantJustOutsideTheRangeIsRefusedNamingIt() {
    Instant before = FIRST.minusNanos(1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Elements.ofInstant(before));
    assertEquals(true, e.getMessage().startsWith(before + " is outside the range Strata stores"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Elements.ofInstant(LAST.plusNanos(1)));
  }
}

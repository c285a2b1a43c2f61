package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Shift;
import io.strata.processor.fixtures.ShiftRepository;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code LocalDateTime}, {@code LocalTime} and {@code Duration} fields: stored as the integers LAYOUTS.md
 * names (nanoseconds since 1970-01-01T00:00 read as UTC, nanosecond of the day, total nanoseconds), so
 * they round-trip to the nanosecond and index ranges follow their natural order, before 1970 and below
 * zero included.
 */
public abstract class TimeTypesContract extends BackendContract {
  private ShiftRepository shifts;

  private static final Shift BEFORE_EPOCH = new Shift("a", LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000),
      LocalTime.MIDNIGHT, Duration.ofNanos(-1), Optional.empty());
  private static final Shift EPOCH = new Shift("b", LocalDateTime.of(1970, 1, 1, 0, 0, 1), LocalTime.of(9, 30),
      Duration.ZERO, Optional.of(Duration.ofMinutes(30)));
  private static final Shift LATE = new Shift("c", LocalDateTime.of(2262, 4, 11, 23, 47, 16, 854_775_807), LocalTime.MAX,
      Duration.ofDays(365 * 200).plusNanos(7), Optional.of(Duration.ofNanos(-90)));

  @BeforeEach
  void saveShifts() {
    shifts = new ShiftRepository(db);
    shifts.saveAll(List.of(LATE, EPOCH, BEFORE_EPOCH));
  }

  @Test
  void timeValuesRoundTripToTheNanosecond() {
    for (Shift s : List.of(BEFORE_EPOCH, EPOCH, LATE)) {
      assertEquals(Optional.of(s), shifts.findById(s.id()));
    }
  }

  @Test
  void indexEntriesHoldTheIntegersTheLayoutNames() {
    List<Tuple> keys = db.read(tr -> tr.getRange(Tuple.from("Shift", "I").range()).asList().join()).stream()
        .map(kv -> Tuple.fromBytes(kv.getKey())).toList();
    assertTrue(keys.contains(Tuple.from("Shift", "I", "start", -500_000_000L, "a")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "start", 1_000_000_000L, "b")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "start", Long.MAX_VALUE, "c")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "opens", 0L, "a")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "opens", 34_200_000_000_000L, "b")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "opens", 86_399_999_999_999L, "c")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "length", -1L, "a")), keys.toString());
    assertTrue(keys.contains(Tuple.from("Shift", "I", "length", 0L, "b")), keys.toString());
  }

  @Test
  void rangesFollowTheNaturalOrder() {
    assertEquals(List.of("a", "b"), ids(shifts.findByStartBetween(LocalDateTime.of(1969, 1, 1, 0, 0), LocalDateTime.of(2000, 1, 1, 0, 0))));
    assertEquals(List.of("a", "b"), ids(shifts.findByOpensBetween(LocalTime.MIDNIGHT, LocalTime.NOON)));
    assertEquals(List.of("b"), ids(shifts.findByOpensBetween(LocalTime.of(9, 30), LocalTime.MAX)), "the upper bound is exclusive");
    assertEquals(List.of("a", "b"), ids(shifts.findByLengthBetween(Duration.ofNanos(-5), Duration.ofNanos(1))));
    assertEquals(List.of("b", "c"), ids(shifts.findByLengthBetween(Duration.ZERO, Duration.ofDays(365 * 201))));
  }

  @Test
  void aValueOutsideTheStoredRangeIsRejectedNamingIt() {
    rejected(IllegalArgumentException.class, () -> shifts.save(new Shift("d", LocalDateTime.of(2262, 4, 12, 0, 0), LocalTime.NOON,
        Duration.ZERO, Optional.empty())), "2262-04-12T00:00", "outside the range Strata stores");
    rejected(IllegalArgumentException.class, () -> shifts.save(new Shift("d", LocalDateTime.of(2000, 1, 1, 0, 0), LocalTime.NOON,
        Duration.ofDays(365 * 300), Optional.empty())), "longer than Strata stores", "store its seconds in a long field");
  }

  private static List<String> ids(List<Shift> shifts) {
    return shifts.stream().map(Shift::id).toList();
  }
}

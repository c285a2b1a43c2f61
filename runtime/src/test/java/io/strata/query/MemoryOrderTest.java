package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.InvalidContinuationException;
import io.strata.query.PlanReadsContract.Place;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link MemoryOrder}: the first results of an order kept while reading, and the positions pages resume after. */
class MemoryOrderTest {
  private static final MemoryOrder<Place> ORDER = new MemoryOrder<>(new PlanReadsContract.PlaceCodec(), Semantics.STRATA,
      ValueOrder.KEYS, name -> {
        Function<Place, Object> read = switch (name) {
          case "id" -> Place::id;
          case "population" -> Place::population;
          default -> Place::name;
        };
        return read;
      });
  private static final List<SortKey> BY_POPULATION_DESC = List.of(new SortKey("population", true, false));

  private static List<Place> places(int n) {
    List<Place> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add(new Place(i, "JP", i % 7 == 0 ? null : (long) (i % 13), "p" + i));
    }
    Collections.shuffle(out, new Random(n));
    return out;
  }

  @Test
  void aTopKeepsTheFirstOfItsOrderAndCountsEveryOffer() {
    List<Place> places = places(500);
    Comparator<Place> order = ORDER.comparator(BY_POPULATION_DESC);
    MemoryOrder.Top<Place> top = new MemoryOrder.Top<>(order, 5);
    places.forEach(top);
    assertEquals(places.stream().sorted(order).limit(5).toList(), top.items());
    assertEquals(500, top.offered());
  }

  @Test
  void aTopWithoutAnOrderKeepsTheFirstOffered() {
    List<Place> places = places(20);
    MemoryOrder.Top<Place> top = new MemoryOrder.Top<>(null, 3);
    places.forEach(top);
    assertEquals(places.subList(0, 3), top.items());
    assertEquals(20, top.offered());
  }

  @Test
  void tiesGoByIdInTheLastItemsDirectionAndAbsentValuesFirst() {
    List<Place> sorted = places(30).stream().sorted(ORDER.comparator(List.of(new SortKey("population", false, false)))).toList();
    assertEquals(List.of(7L, 14L, 21L, 28L), sorted.subList(0, 4).stream().map(Place::id).toList());
    List<Place> descending = places(30).stream().sorted(ORDER.comparator(BY_POPULATION_DESC)).toList();
    assertEquals(List.of(25L, 12L), descending.subList(0, 2).stream().map(Place::id).toList());
  }

  @Test
  void aPositionResumesStrictlyAfterTheResultItWasTakenFrom() {
    Comparator<Place> order = ORDER.comparator(BY_POPULATION_DESC);
    List<Place> sorted = places(40).stream().sorted(order).toList();
    for (int i : IntStream.of(0, 9, 39).toArray()) {
      byte[] position = ORDER.position(sorted.get(i), BY_POPULATION_DESC);
      assertEquals(sorted.subList(i + 1, sorted.size()),
          sorted.stream().filter(ORDER.after(position, BY_POPULATION_DESC, order)).toList());
    }
  }

  @Test
  void aPositionOfAnotherOrderIsRefusedSayingWhatToPass() {
    byte[] twoValues = Tuple.from(3L, 4L, 5L).pack();
    InvalidContinuationException e = assertThrows(InvalidContinuationException.class,
        () -> ORDER.after(twoValues, BY_POPULATION_DESC, ORDER.comparator(BY_POPULATION_DESC)));
    assertEquals("continuation does not hold a position among this query's results (it holds 3 values, not 2); pass the "
        + "token from Page.next() of this same query, unchanged, or null to start over", e.getMessage());
  }
}

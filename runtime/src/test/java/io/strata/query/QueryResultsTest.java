package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.IncorrectResultSizeException;
import io.strata.Page;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** How declared methods shape their results: single results, unions, distinct values, lazy streams. */
class QueryResultsTest {

  @Test
  void aSingleResultIsEmptyOrTheOneAndTwoAreAnError() {
    assertEquals(Optional.empty(), QueryResults.single("m", List.of()));
    assertEquals(Optional.of("a"), QueryResults.single("m", List.of("a")));
    IncorrectResultSizeException e = assertThrows(IncorrectResultSizeException.class, () -> QueryResults.single("findByName", List.of("a", "b")));
    assertEquals("findByName", e.query());
    assertEquals(2, e.found());
  }

  @Test
  void aUnionKeepsTheFirstOfEachKeyThenOrdersAndLimits() {
    List<List<String>> branches = List.of(List.of("b1", "a1"), List.of("a2", "c1"));
    assertEquals(List.of("b1", "a1", "c1"), QueryResults.union(branches, s -> Tuple.from(s.substring(0, 1)), null, 10));
    assertEquals(List.of("a1", "b1"), QueryResults.union(branches, s -> Tuple.from(s.substring(0, 1)), Comparator.naturalOrder(), 2));
  }

  @Test
  void distinctKeepsFirstOccurrences() {
    assertEquals(List.of("x", "y"), QueryResults.distinct(List.of("x", "y", "x")));
  }

  @Test
  void aStreamReadsTheNextPageOnlyWhenItNeedsIt() {
    List<Continuation> asked = new ArrayList<>();
    Continuation second = Continuation.of(new byte[] {1}, new byte[] {2});
    try (Stream<Integer> s = QueryResults.stream(after -> {
      asked.add(after);
      return after == null ? new Page<>(List.of(1, 2), Optional.of(second)) : Page.last(List.of(3));
    })) {
      assertEquals(List.of(1), s.limit(1).toList());
    }
    assertEquals(1, asked.size(), "the second page was never read");
    asked.clear();
    try (Stream<Integer> s = QueryResults.stream(after -> {
      asked.add(after);
      return after == null ? new Page<>(List.of(1, 2), Optional.of(second)) : Page.last(List.of(3));
    })) {
      assertEquals(List.of(1, 2, 3), s.toList());
    }
    assertEquals(java.util.Arrays.asList(null, second), asked);
  }

  @Test
  void anEmptyFirstPageWithAContinuationKeepsReading() {
    Continuation next = Continuation.of(new byte[] {1}, new byte[] {2});
    try (Stream<String> s = QueryResults.stream(after -> after == null ? new Page<>(List.of(), Optional.of(next)) : Page.last(List.of("z")))) {
      assertEquals(List.of("z"), s.toList());
    }
  }
}

package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link ResultOrder}: the one tie rule of ordered reads, and in-memory sorts by it. */
class ResultOrderTest {
  private record Row(String id, Long size) {}

  private static final ResultOrder<Row> ORDER = new ResultOrder<>(Semantics.JAKARTA, ValueOrder.KEYS, "id", name -> {
    Function<Row, Object> read = name.equals("id") ? Row::id : Row::size;
    return read;
  });
  private static final SortKey SIZE_ASC = new SortKey("size", false, false);
  private static final SortKey SIZE_DESC = new SortKey("size", true, false);

  @Test
  void tiesGoByIdInTheDirectionOfTheLastSortAndNothingIsAddedAfterASortOnTheId() {
    assertEquals(List.of(new SortKey("id", false, false)), ORDER.total(List.of()));
    assertEquals(List.of(SIZE_ASC, new SortKey("id", false, false)), ORDER.total(List.of(SIZE_ASC)));
    assertEquals(List.of(SIZE_DESC, new SortKey("id", true, false)), ORDER.total(List.of(SIZE_DESC)));
    List<SortKey> byIdFirst = List.of(new SortKey("id", true, false), SIZE_ASC);
    assertEquals(byIdFirst, ORDER.total(byIdFirst));
  }

  @Test
  void sortedRunsAndComparatorAgreeWithAFullSortNullsFirst() {
    List<Row> rows = List.of(new Row("b", 2L), new Row("a", null), new Row("d", 1L), new Row("c", 2L), new Row("e", null));
    List<Row> descending = ORDER.sorted(List.of(SIZE_DESC), rows);
    assertEquals(List.of("c", "b", "d", "e", "a"), descending.stream().map(Row::id).toList(), "nulls last read backwards");
    assertEquals(descending, rows.stream().sorted(ORDER.comparator(List.of(SIZE_DESC))).toList());
    Stream<Row> keyOrder = Stream.of(new Row("b", 2L), new Row("c", 2L), new Row("d", 1L), new Row("a", null), new Row("e", null));
    assertEquals(descending, ORDER.sortedRuns(keyOrder, List.of(SIZE_DESC), ORDER.total(List.of(SIZE_DESC))).toList(),
        "each run of ties on size sorted by id, descending");
  }
}

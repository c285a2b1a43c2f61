package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Restriction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.jakarta.data.Values;
import io.strata.metamodel.ComparableAttribute;
import io.strata.query.AllKinds.Thing;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The edges {@link JakartaValueKindQueriesEmbeddedTest} found, pinned: run-time queries in Jakarta Data's semantics
 * read through an index what its value order says, where the index keys do not hold that order.
 */
class JakartaValueKindEdgesTest {
  private Database db;
  private RuntimeQueries<Thing> queries;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
    EntityStore<Thing> store = AllKinds.store(new Subspace(), true);
    db.run(tr -> store.saveAll(tr, List.of(AllKinds.thing(1, "DOUBLE", -0.0, "BIG_DECIMAL", new BigDecimal("1.0")),
        AllKinds.thing(2, "DOUBLE", 0.0, "BIG_DECIMAL", new BigDecimal("1.00")),
        AllKinds.thing(3, "DOUBLE", 2.5, "BIG_DECIMAL", new BigDecimal("0.5")))).join());
    queries = new RuntimeQueries<>(db, store, AllKinds.INFO, AllKinds.ATTRIBUTES, Semantics.JAKARTA, Values.ORDER);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @SuppressWarnings("unchecked")
  private static <V extends Comparable<?>> ComparableAttribute<Thing, V> attribute(String name) {
    return (ComparableAttribute<Thing, V>) AllKinds.ATTRIBUTES.get(ValueKindQueriesContract.field(name).position() + 1);
  }

  private List<Long> ids(Restriction<Thing> where) {
    io.strata.Finder<Thing> finder = queries.where(where);
    assertEquals(true, finder.explain().startsWith("reads index"), finder.explain());
    assertEquals(finder.list().size(), finder.count());
    return ValueKindQueriesContract.ids(finder.list().stream().sorted(Comparator.comparingLong(Thing::id)).toList());
  }

  /**
   * Found with seed -6649751395580316285: the index holds -0.0 as 0.0, so an index read for 0.0 returned -0.0, which
   * Jakarta Data's order ({@code Double.compare}) puts below 0.0; each row read is now checked.
   */
  @Test
  void anIndexReadOfADoubleKeepsMinusZeroBelowZero() {
    ComparableAttribute<Thing, Double> d = attribute("i_DOUBLE");
    assertEquals(List.of(2L), ids(d.equalTo(0.0)));
    assertEquals(List.of(1L), ids(d.equalTo(-0.0)));
    assertEquals(List.of(2L), ids(d.in(List.of(0.0))));
    assertEquals(List.of(2L, 3L), ids(d.greaterThan(-0.0)));
    assertEquals(List.of(1L), ids(d.lessThan(0.0)));
    assertEquals(List.of(1L, 2L), ids(d.between(-0.0, 0.0)));
  }

  /**
   * Found by the pages under writes: an {@code in} on an indexed decimal, which Jakarta Data reads over every scale,
   * threw "not an index range" at run time.
   */
  @Test
  void inAndEqualToOnAnIndexedDecimalReadEveryScale() {
    ComparableAttribute<Thing, BigDecimal> price = attribute("i_BIG_DECIMAL");
    assertEquals(List.of(1L, 2L), ids(price.in(List.of(new BigDecimal("1")))));
    assertEquals(List.of(1L, 2L, 3L), ids(price.in(List.of(new BigDecimal("1.000"), new BigDecimal("0.50")))));
    assertEquals(List.of(1L, 2L), ids(price.equalTo(new BigDecimal("1.00"))));
  }
}

package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Restriction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.metamodel.ComparableAttribute;
import io.strata.query.AllKinds.Field;
import io.strata.query.AllKinds.Thing;
import io.strata.query.model.Semantics;
import io.strata.repository.EntityStore;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The edges {@link ValueKindQueriesContract} found, each pinned: a query reads the same entities whether an index
 * serves it or every row is checked, and ties come in the documented order.
 */
class ValueKindEdgesTest {
  private Database db;
  private EntityStore<Thing> store;
  private RuntimeQueries<Thing> queries;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
    store = AllKinds.store(new Subspace(), true);
    db.run(tr -> store.saveAll(tr, List.of(
        AllKinds.thing(1, "DOUBLE", -0.0, "BIG_DECIMAL", new BigDecimal("1.0"), "LONG", 7L),
        AllKinds.thing(2, "DOUBLE", 0.0, "BIG_DECIMAL", new BigDecimal("1.00"), "LONG", 7L),
        AllKinds.thing(3, "DOUBLE", 2.5, "BIG_DECIMAL", new BigDecimal("0.5"), "LONG", 7L))).join());
    queries = new RuntimeQueries<>(db, store, AllKinds.INFO, AllKinds.ATTRIBUTES, Semantics.STRATA, ValueOrder.KEYS);
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static Field field(String name) {
    return ValueKindQueriesContract.field(name);
  }

  @SuppressWarnings("unchecked")
  private static <V extends Comparable<?>> ComparableAttribute<Thing, V> attribute(String name) {
    return (ComparableAttribute<Thing, V>) AllKinds.ATTRIBUTES.get(field(name).position() + 1);
  }

  private List<Long> ids(Restriction<Thing> where) {
    return ValueKindQueriesContract.ids(queries.where(where).allowScan().list().stream()
        .sorted(java.util.Comparator.comparingLong(Thing::id)).toList());
  }

  /** Found with seed -7118254194374145864: rows compared -0.0 apart from 0.0, which the index holds as one. */
  @Test
  void minusZeroEqualsZeroOnRowsAsInTheIndexThatHoldsItAsZero() {
    assertEquals(List.of(1L, 2L), ids(ValueKindEdgesTest.<Double>attribute("i_DOUBLE").equalTo(0.0)));
    assertEquals(List.of(1L, 2L), ids(ValueKindEdgesTest.<Double>attribute("p_DOUBLE").equalTo(0.0)));
    assertEquals(List.of(3L), ids(ValueKindEdgesTest.<Double>attribute("p_DOUBLE").greaterThan(-0.0)));
  }

  /** Found with seed 802560761172911957: an index range bounded by 1.00 read 1.0 (its key sorts before 1.00's). */
  @Test
  void anIndexRangeOnADecimalComparesByValueInEveryScale() {
    BigDecimal one = new BigDecimal("1.00");
    for (String name : List.of("i_BIG_DECIMAL", "p_BIG_DECIMAL")) {
      ComparableAttribute<Thing, BigDecimal> price = attribute(name);
      assertEquals(List.of(3L), ids(price.lessThan(one)), name);
      assertEquals(List.of(1L, 2L, 3L), ids(price.lessThanEqual(one)), name);
      assertEquals(List.of(1L, 2L), ids(price.greaterThanEqual(new BigDecimal("1.0"))), name);
      assertEquals(List.of(), ids(price.greaterThan(new BigDecimal("1"))), name);
      assertEquals(List.of(1L, 2L), ids(price.between(one, one)), name);
    }
  }

  /** Found with seed 6868246384166925632: rows took 1.0 for 1.00, while the index looks each scale up apart. */
  @Test
  void aDecimalEqualsOnlyInItsScaleOnRowsAsInTheIndex() {
    for (String name : List.of("i_BIG_DECIMAL", "p_BIG_DECIMAL")) {
      ComparableAttribute<Thing, BigDecimal> price = attribute(name);
      assertEquals(List.of(1L), ids(price.equalTo(new BigDecimal("1.0"))), name);
      assertEquals(List.of(2L), ids(price.in(List.of(new BigDecimal("1.00")))), name);
    }
  }

  /**
   * Seen with seed -2804386034675970015: an order on a property the query fixes by equality is ignored (QUERIES.md),
   * so its ties come by id ascending whichever way it was asked.
   */
  @Test
  void anOrderOnAPropertyTheQueryFixesIsIgnored() {
    ComparableAttribute<Thing, Long> n = attribute("i_LONG");
    assertEquals(List.of(1L, 2L, 3L), ValueKindQueriesContract.ids(queries.where(n.equalTo(7L)).orderBy(n.desc()).list()));
    assertEquals(List.of(1L, 2L), ValueKindQueriesContract.ids(queries.where(n.equalTo(7L)).orderBy(n.desc()).limit(2).list()));
  }

  /**
   * Found with seed -4043518702635929426 (pages under writes): a decimal read back from a stored row is a list, which
   * the index took for an absent value, so an update or delete left the entry its save wrote.
   */
  @Test
  void updatingOrDeletingAnIndexedDecimalRemovesItsEntry() {
    ComparableAttribute<Thing, BigDecimal> price = attribute("i_BIG_DECIMAL");
    db.run(tr -> store.save(tr, AllKinds.thing(1, "BIG_DECIMAL", new BigDecimal("-1.50"))).join());
    assertEquals(List.of(), ids(price.equalTo(new BigDecimal("1.0"))));
    assertEquals(List.of(1L), ids(price.equalTo(new BigDecimal("-1.50"))));
    assertEquals(true, store.verifyIndexes(db, 100).isClean(), () -> store.verifyIndexes(db, 100).problems().toString());
    db.run(tr -> store.delete(tr, 1L).join());
    assertEquals(List.of(), ids(price.equalTo(new BigDecimal("-1.50"))));
    assertEquals(true, store.verifyIndexes(db, 100).isClean(), () -> store.verifyIndexes(db, 100).problems().toString());
  }

  /**
   * Found with seeds 8356855329626125769 and -4043518702635929426: a page of a union resumed at a count of results,
   * so a delete before it skipped an unchanged entity (and an insert would repeat one); it resumes after the last
   * result's order values and id.
   */
  @Test
  void aUnionsNextPageResumesAfterItsLastResultUnderWrites() {
    ComparableAttribute<Thing, Long> n = attribute("i_LONG");
    ComparableAttribute<Thing, Double> d = attribute("i_DOUBLE");
    io.strata.Finder<Thing> finder = queries.where(io.strata.Restrict.any(n.in(List.of(7L)), d.in(List.of(2.5))));
    assertEquals(true, finder.explain().startsWith("union"), finder.explain());
    io.strata.Page<Thing> first = finder.page(1, null);
    assertEquals(List.of(1L), ValueKindQueriesContract.ids(first.items()));
    db.run(tr -> store.delete(tr, 1L).join());
    io.strata.Page<Thing> second = finder.page(1, first.next().orElseThrow());
    assertEquals(List.of(2L), ValueKindQueriesContract.ids(second.items()));
    db.run(tr -> store.save(tr, AllKinds.thing(0, "LONG", 7L)).join());
    assertEquals(List.of(3L), ValueKindQueriesContract.ids(finder.page(5, second.next().orElseThrow()).items()));
  }

  /**
   * Found with seed -8688349565240556185: a union's merge sorted decimals by value alone, so 1.0 and 1.00 came by id,
   * while each branch's index read (and Strata's key order) puts 1.0 before 1.00.
   */
  @Test
  void aMergedOrderSortsDecimalsInKeyOrderAsTheIndexReads() {
    ComparableAttribute<Thing, Long> n = attribute("i_LONG");
    ComparableAttribute<Thing, Double> d = attribute("i_DOUBLE");
    ComparableAttribute<Thing, BigDecimal> price = attribute("i_BIG_DECIMAL");
    db.run(tr -> store.save(tr, AllKinds.thing(4, "BIG_DECIMAL", new BigDecimal("1.0"), "LONG", 7L)).join());
    io.strata.Finder<Thing> finder = queries.where(io.strata.Restrict.all(
        io.strata.Restrict.any(n.lessThanEqual(7L), d.between(2.0, 3.0)), price.notNull())).orderBy(price.desc()).allowScan();
    assertEquals(true, finder.explain().startsWith("union"), finder.explain());
    assertEquals(List.of(2L, 4L, 1L, 3L), ValueKindQueriesContract.ids(finder.list()));
    assertEquals(List.of(3L, 1L, 4L, 2L), ValueKindQueriesContract.ids(finder.orderBy(price.asc()).list()));
  }

  /**
   * Found with seed -3445712913385909902: the pages of a union in an order its branches' keys hold read each branch from
   * the last result's position, which held that row's -0.0 where the index holds 0.0, so the next page read thing 1
   * again (ascending) or skipped a thing tied at zero (descending).
   */
  @Test
  void pagesOfAnOrderedUnionSeekTheIndexWithThePositionAsTheIndexHoldsIt() {
    ComparableAttribute<Thing, Long> n = attribute("p_LONG");
    ComparableAttribute<Thing, Double> d = attribute("i_DOUBLE");
    db.run(tr -> store.save(tr, AllKinds.thing(4, "DOUBLE", 0.0, "LONG", 7L)).join());
    db.run(tr -> store.save(tr, AllKinds.thing(5, "DOUBLE", -0.0, "LONG", 7L)).join());
    for (boolean descending : new boolean[] {false, true}) {
      io.strata.Finder<Thing> finder = queries.where(io.strata.Restrict.all(io.strata.Restrict.any(n.equalTo(7L),
          attribute("p_DOUBLE").notNull()), d.notNull())).orderBy(descending ? d.desc() : d.asc()).allowScan();
      assertEquals(true, finder.explain().startsWith("union"), finder.explain());
      List<Long> read = new java.util.ArrayList<>();
      io.strata.Continuation after = null;
      do {
        io.strata.Page<Thing> page = finder.page(1, after);
        read.addAll(ValueKindQueriesContract.ids(page.items()));
        after = page.next().orElse(null);
      } while (after != null && read.size() <= 5); // a page that repeats the last one would go on forever
      // -0.0 and 0.0 tie (the index holds both as 0.0), by id in the order's direction
      assertEquals(descending ? List.of(3L, 5L, 4L, 2L, 1L) : List.of(1L, 2L, 4L, 5L, 3L), read, "descending " + descending);
    }
  }

  /**
   * Found with seed 1609823930660525084 (pages under writes, while a run-time page of an ordered union read each
   * branch's first size + 1 in key order, and withdrawn for it): a branch whose equality fixes every sorted property
   * reads its keys forwards (an order on a fixed property is ignored there), ties by id ascending, while the union is
   * merged in the order then the id in the last sort's direction, here descending; so a branch's first keys were not
   * its first results in the union's order: a limit of one took thing 1 where thing 3 comes first, and pages of one
   * read 2, then 1, never 3.
   */
  @Test
  void aUnionBranchThatFixesTheOrderGivesTheUnionItsFirstResultsInTheUnionsOrder() {
    ComparableAttribute<Thing, Long> n = attribute("i_LONG");
    io.strata.Finder<Thing> finder = queries.where(io.strata.Restrict.all(io.strata.Restrict.any(n.equalTo(7L),
        ValueKindEdgesTest.<Double>attribute("p_DOUBLE").greaterThan(100.0)), n.notNull())).orderBy(n.desc()).allowScan();
    assertEquals(true, finder.explain().contains("where i_LONG = $0, forwards in order i_LONG desc"), finder.explain());
    assertEquals(List.of(3L, 2L, 1L), ValueKindQueriesContract.ids(finder.list()));
    assertEquals(List.of(3L), ValueKindQueriesContract.ids(finder.limit(1).list()));
    assertEquals(List.of(3L, 2L), ValueKindQueriesContract.ids(finder.limit(2).list()));
    // each page reads every branch from its position, through the ties of its last result there
    for (int size = 1; size <= 3; size++) {
      assertEquals(List.of(3L, 2L, 1L), ValueKindQueriesContract.ids(ValueKindQueriesContract.pages(finder, size)), "pages of " + size);
    }
  }
}

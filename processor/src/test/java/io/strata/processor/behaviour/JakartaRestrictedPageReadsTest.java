package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.EngineStats;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.RestrictedGadgetsImpl;
import io.strata.processor.fixtures.jakarta._Gadget;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reads of an offset page with its total from a Jakarta Data method taking a {@code Restriction}: the page and its
 * total come from one read transaction (one read version: one snapshot), and where counting reads every match anyway
 * (a condition the keys cannot decide), from one pass that reads no more keys than the count alone. Counted on the
 * embedded engine's statistics, never on the clock.
 */
class JakartaRestrictedPageReadsTest {
  private static final Order<Gadget> BY_SIZE = Order.by(Sort.desc("size"), Sort.asc("id"));

  private Database db;
  private RestrictedGadgetsImpl gadgets;

  @BeforeEach
  void saveGadgets() {
    db = EmbeddedFdb.open();
    gadgets = new RestrictedGadgetsImpl(db);
    List<Gadget> saved = new ArrayList<>();
    Gadget.Kind[] kinds = Gadget.Kind.values();
    for (int i = 0; i < 90; i++) {
      saved.add(new Gadget(i + 1, "g-" + i, i % 2 == 0 ? "red" : "blue", (i * 7) % 17, i % 5 == 0 ? null : i / 10.0,
          kinds[i % 3], i % 4 == 0, i / 4.0, i / 8f, BigDecimal.valueOf(i, 1)));
    }
    gadgets.saveAll(saved);
  }

  @AfterEach
  void close() {
    db.close();
  }

  private <T> EngineStats read(Supplier<T> body, List<T> answer) {
    EngineStats before = EmbeddedFdb.stats(db);
    answer.add(body.get());
    return EmbeddedFdb.stats(db).since(before);
  }

  @Test
  void aPageServedByItsIndexAndItsTotalShareOneReadVersion() {
    List<Page<Gadget>> page = new ArrayList<>();
    EngineStats stats = read(() -> gadgets.pageOfColor("red", _Gadget.size.greaterThan(3), PageRequest.ofPage(2, 4, true), BY_SIZE),
        page);
    assertEquals(gadgets.where(Restrict.all(_Gadget.color.equalTo("red"), _Gadget.size.greaterThan(3))).count(),
        page.get(0).totalElements());
    assertEquals(4, page.get(0).content().size());
    assertEquals(1, stats.readVersionRoundTrips(), "the page and its total in one snapshot: " + stats);
  }

  @Test
  void aPageWhoseCountReadsEveryMatchReadsThemOnceForBoth() {
    Restriction<Gadget> noWeight = _Gadget.weight.isNull();
    List<Object> count = new ArrayList<>();
    EngineStats counting = read(() -> gadgets.where(Restrict.all(_Gadget.color.equalTo("red"), noWeight)).allowScan().count(),
        count);
    List<Object> page = new ArrayList<>();
    EngineStats paging = read(() -> gadgets.pageOfColor("red", noWeight, PageRequest.ofPage(2, 2, true), BY_SIZE), page);
    assertEquals(count.get(0), ((Page<?>) page.get(0)).totalElements());
    assertEquals(1, paging.readVersionRoundTrips(), "the page and its total in one snapshot: " + paging);
    assertTrue(paging.keysRead() <= counting.keysRead(), "one pass over the matches, no more than the count alone reads ("
        + counting.keysRead() + " keys): " + paging);
  }
}

package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.IndexReport;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Bike;
import io.strata.processor.fixtures.jakarta.BikesImpl;
import io.strata.processor.fixtures.jakarta.Pass;
import io.strata.processor.fixtures.jakarta.PassesImpl;
import io.strata.processor.fixtures.jakarta.Ticket;
import io.strata.processor.fixtures.jakarta.TicketRepository;
import io.strata.processor.fixtures.jakarta.Tickets;
import io.strata.processor.fixtures.jakarta.TicketsImpl;
import io.strata.processor.fixtures.jakarta.Voucher;
import io.strata.processor.fixtures.jakarta.VoucherRepository;
import io.strata.processor.fixtures.jakarta.Vouchers;
import io.strata.processor.fixtures.jakarta.VouchersImpl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Entities saved or inserted through Jakarta Data repositories with a null {@code String}, {@code UUID} or {@code Long}
 * id get one the store assigns (docs/jakarta-data.md, "Ids the store assigns"): set on the caller's instance when the id
 * has a setter, else on a new instance the repository returns; unique under concurrent writers.
 */
public abstract class JakartaAssignedIdsContract extends BackendContract {

  @Test
  void aRecordSavedWithANullStringIdComesBackAsACopyCarryingTheAssignedId() {
    Tickets tickets = new TicketsImpl(db);
    Ticket saved = tickets.save(new Ticket(null, "ann", 12));
    assertNotNull(saved.id());
    assertEquals(saved, tickets.findById(saved.id()).orElseThrow());
    assertEquals(List.of(saved), tickets.findByOwner("ann"));
  }

  @Test
  void aSetterStyleEntitySavedWithANullLongIdGetsThePositiveIdSetInPlace() {
    Vouchers vouchers = new VouchersImpl(db);
    Voucher voucher = new Voucher("bakery");
    assertSame(voucher, vouchers.save(voucher));
    assertTrue(voucher.getId() != null && voucher.getId() > 0, "assigned " + voucher.getId());
    assertEquals("bakery", vouchers.findById(voucher.getId()).orElseThrow().getShop());
  }

  @Test
  void aJakartaRecordSavedWithANullUuidIdGetsOne() {
    PassesImpl passes = new PassesImpl(db);
    Pass saved = passes.save(new Pass(null, "bo"));
    assertNotNull(saved.id());
    assertEquals(saved, passes.findById(saved.id()).orElseThrow());
  }

  @Test
  void anEntityBuiltThroughItsConstructorInsertedWithANullLongIdComesBackWithIt() {
    BikesImpl bikes = new BikesImpl(db);
    Bike inserted = bikes.insert(new Bike(null, "Moulton"));
    assertNotNull(inserted.getId());
    assertEquals("Moulton", bikes.findById(inserted.getId()).orElseThrow().getBrand());
  }

  @Test
  void anInsertedArrayComesBackWithTheAssignedIds() {
    Tickets tickets = new TicketsImpl(db);
    Ticket[] issued = tickets.issue(new Ticket(null, "cy", 1), new Ticket("fixed", "cy", 2), new Ticket(null, "cy", 3));
    assertEquals("fixed", issued[1].id());
    assertEquals(3, Arrays.stream(issued).map(Ticket::id).distinct().filter(id -> id != null).count());
    assertEquals(Set.of(issued), new HashSet<>(tickets.findByOwner("cy")));
  }

  @Test
  void concurrentWritersWithNullIdsGetDistinctIdsAndConsistentIndexes() throws Exception {
    int writers = 4;
    int each = 40;
    Tickets tickets = new TicketsImpl(db);
    Vouchers vouchers = new VouchersImpl(db);
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<List<Object>>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        Callable<List<Object>> work = () -> {
          start.await();
          List<Object> ids = new ArrayList<>();
          for (int i = 0; i < each; i++) {
            ids.add(i % 2 == 0 ? tickets.insert(new Ticket(null, "w" + writer, i)).id() : tickets.save(new Ticket(null, "w" + writer, i)).id());
            ids.add(vouchers.save(new Voucher("w" + writer)).getId());
          }
          return ids;
        };
        done.add(pool.submit(work));
      }
      start.countDown();
      Set<Object> ids = new HashSet<>();
      int assigned = 0;
      for (Future<List<Object>> f : done) {
        for (Object id : f.get()) {
          assertNotNull(id);
          ids.add(id);
          assigned++;
        }
      }
      assertEquals(2 * writers * each, assigned);
      assertEquals(assigned, ids.size(), "every assigned id is distinct");
    } finally {
      pool.shutdownNow();
    }
    assertEquals(writers * each, new TicketRepository(db).count(), "the counter key");
    assertEquals(writers * each, tickets.findAll().count(), "the rows");
    assertEquals(writers * each, new VoucherRepository(db).count(), "the counter key");
    assertEquals(writers * each, vouchers.findAll().count(), "the rows");
    IndexReport ticketIndexes = new TicketRepository(db).verifyIndexes();
    assertTrue(ticketIndexes.isClean(), ticketIndexes.problems().toString());
    IndexReport voucherIndexes = new VoucherRepository(db).verifyIndexes();
    assertTrue(voucherIndexes.isClean(), voucherIndexes.problems().toString());
  }
}

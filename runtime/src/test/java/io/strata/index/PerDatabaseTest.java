package io.strata.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.strata.embedded.EmbeddedFdb;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One value per database, whichever of them was met last, and none kept for a view that names no database. */
class PerDatabaseTest {
  @Test
  void eachDatabaseHasItsOwnValueWhicheverWasMetLast() {
    AtomicInteger made = new AtomicInteger();
    PerDatabase<Integer> values = new PerDatabase<>(made::incrementAndGet);
    try (Database a = EmbeddedFdb.open(); Database b = EmbeddedFdb.open();
        Transaction ta = a.createTransaction(); Transaction tb = b.createTransaction(); Transaction ta2 = a.createTransaction()) {
      int ofA = values.of(ta);
      int ofB = values.of(tb);
      assertNotEquals(ofA, ofB);
      assertEquals(ofA, values.of(ta2), "A again, after B: A's value");
      assertEquals(ofB, values.of(tb), "B again, after A");
      assertEquals(2, made.get(), "one value per database");
      int first = values.of(ta.snapshot());
      int second = values.of(ta.snapshot());
      assertEquals(4, made.get(), "a view naming no database gets a new value each time");
      assertNotEquals(first, second);
      assertSame(values.of(ta), values.of(ta2));
    }
  }
}

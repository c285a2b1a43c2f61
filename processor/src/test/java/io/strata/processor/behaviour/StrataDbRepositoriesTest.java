package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.UniqueConstraintException;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Generated classes built from a {@link StrataDb} use the URL's root and tenant, and {@code StrataDb.run}/{@code read}
 * compose repositories and rethrow Strata's own exceptions. The URL opens its own engine, so this runs embedded only.
 */
class StrataDbRepositoriesTest {
  private static final Town TOKYO = new Town(1, "Tokyo", "JP", 14, true, "TYO", LocalDate.of(1457, 1, 1), null);

  @Test
  void strataDbConstructorsWriteUnderTheTenantsDirectory() {
    try (StrataDb sdb = Strata.connect("strata:mem:?root=app&tenant=acme")) {
      Towns towns = new TownsImpl(sdb);
      towns.save(TOKYO);
      assertEquals(Optional.of(TOKYO), new TownRepository(sdb).findById(1));
      assertEquals(List.of(TOKYO), towns.findTop5ByCountryOrderByPopulationDesc("JP"));
      byte[] atRoot = sdb.database().read(tr -> tr.get(Tuple.from("Town", "R", 1L, 0L).pack()).join());
      byte[] inTenant = sdb.database().read(tr -> tr.get(sdb.root().pack(Tuple.from("Town", "R", 1L, 0L))).join());
      assertEquals(null, atRoot);
      Tuple row = Tuple.fromBytes(inTenant); // the packed row: (name, value) pairs
      assertEquals("Tokyo", row.get(row.getItems().indexOf("name") + 1));
      assertEquals(0, new TownsImpl(sdb.database()).count(), "the (Database) constructor reads the whole key space, not the tenant");
    }
  }

  @Test
  void runComposesRepositoriesInOneTransactionAndRethrowsStrataExceptions() {
    try (StrataDb sdb = Strata.connect("strata:mem:")) {
      UserRepository users = new UserRepository(sdb);
      Towns towns = new TownsImpl(sdb);
      TownRepository townRepository = new TownRepository(sdb);
      long found = sdb.run(tr -> {
        users.save(tr, new User("u1", "75001", "a@x", 30));
        townRepository.save(tr, TOKYO);
        return towns.countByCountry("JP") + users.findByZipcode(tr, "75001").size();
      });
      assertEquals(1, found, "the Impl's own transaction does not see the uncommitted town; the context overload sees the user");
      assertThrows(UniqueConstraintException.class, () -> sdb.run(tr -> {
        users.save(tr, new User("u2", "75002", "b@x", 31));
        users.save(tr, new User("u3", "75003", "a@x", 32));
        return null;
      }));
      assertFalse(users.existsById("u2"), "nothing of the failed unit of work was committed");
      boolean exists = sdb.read(tr -> users.existsById(tr, "u1"));
      assertTrue(exists);
      assertThrows(IllegalArgumentException.class, () -> sdb.read(tr -> users.findById(tr, null)));
    }
  }
}

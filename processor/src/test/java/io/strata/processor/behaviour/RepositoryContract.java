package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.Page;
import io.strata.UniqueConstraintException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Customer;
import io.strata.processor.fixtures.CustomerRepository;
import io.strata.processor.fixtures.Person;
import io.strata.processor.fixtures.PersonRepository;
import io.strata.processor.fixtures.Product;
import io.strata.processor.fixtures.ProductRepository;
import io.strata.processor.fixtures.Sample;
import io.strata.processor.fixtures.SampleRepository;
import io.strata.processor.fixtures.Token;
import io.strata.processor.fixtures.TokenRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.row.WriteShards;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every generated repository does, on any backend. */
public abstract class RepositoryContract extends BackendContract {
  protected UserRepository users;

  @BeforeEach
  void createRepository() {
    users = new UserRepository(db);
  }

  private List<Tuple> keysUnder(Tuple prefix) {
    return db.read(tr -> tr.getRange(prefix.range()).asList().join()).stream().map(kv -> Tuple.fromBytes(kv.getKey())).toList();
  }

  private byte[] value(Tuple key) {
    return db.read(tr -> tr.get(key.pack()).join());
  }

  static Sample sample(UUID id, String nick) {
    return new Sample(id, 1L, 2L, 3, 4, (short) 5, (short) 6, (byte) 7, (byte) 8, 9.5, 10.5, 11.5f, 12.5f, true, false,
        "text", new byte[] {1, 2, 3}, Sample.Color.GREEN, Instant.ofEpochSecond(1_700_000_000L, 123_456_789),
        LocalDate.of(2026, 11, 22), new BigInteger("123456789012345678901234567890"), new BigDecimal("12.340"),
        Optional.ofNullable(nick), List.of("a", "b"), Set.of(7L), new Sample.Address("Main St", 5, Optional.of("10001")),
        new GeoPoint(48.85, 2.35));
  }

  @Test
  void everySupportedFieldTypeRoundTrips() {
    SampleRepository samples = new SampleRepository(db);
    UUID id = UUID.randomUUID();
    Sample s = sample(id, "nick");
    samples.save(s);
    Sample back = samples.findById(id).orElseThrow();
    assertEquals(s.toString().replaceAll("\\[B@\\w+", "bytes"), back.toString().replaceAll("\\[B@\\w+", "bytes"));
    assertArrayEquals(s.bytes(), back.bytes());
    assertEquals(Optional.empty(), new SampleRepository(db).findById(UUID.randomUUID()));
  }

  @Test
  void absentOptionalAndNullFieldsHaveNoRowKeys() {
    users.save(new User("u1", null, "a@x", 30));
    assertEquals(List.of(Tuple.from("User", "R", "u1", "age"), Tuple.from("User", "R", "u1", "email"), Tuple.from("User", "R", "u1", "id")),
        keysUnder(Tuple.from("User", "R", "u1")));
    assertEquals(new User("u1", null, "a@x", 30), users.findById("u1").orElseThrow());
  }

  @Test
  void keysFollowTheFixedLayout() {
    users.save(new User("u1", "10001", "a@x", 30));
    assertArrayEquals(Tuple.from("10001").pack(), value(Tuple.from("User", "R", "u1", "zipcode")));
    assertArrayEquals(Tuple.from(30L).pack(), value(Tuple.from("User", "R", "u1", "age")));
    assertArrayEquals(new byte[0], value(Tuple.from("User", "I", "zipcode", "10001", "u1")));
    assertArrayEquals(Tuple.from("u1").pack(), value(Tuple.from("User", "U", "email", "a@x")));
    assertEquals(1L, ByteBuffer.wrap(value(Tuple.from("User", "#", WriteShards.of("u1")))).order(ByteOrder.LITTLE_ENDIAN).getLong(),
        "the count's shard of u1: a CRC-32 of the packed id, modulo 32");
  }

  @Test
  void decimalRangesFollowNumericOrderAndDecimalsKeepTheirScale() {
    ProductRepository products = new ProductRepository(db);
    String[] prices = {"-12.5", "-1.25", "0", "0.00", "0.5", "1.5", "1.50", "2", "9.99", "10", "100.001"};
    for (int i = 0; i < prices.length; i++) {
      products.save(new Product(i, new BigDecimal(prices[i])));
    }
    List<String> between = products.findByPriceBetween(new BigDecimal("0.0"), new BigDecimal("10.000")).stream()
        .map(p -> p.price().toPlainString()).toList();
    assertEquals(List.of("0", "0.00", "0.5", "1.5", "1.50", "2", "9.99"), between);
    assertEquals(List.of("-12.5", "-1.25"), products.findByPriceBetween(new BigDecimal("-100"), BigDecimal.ZERO).stream()
        .map(p -> p.price().toPlainString()).toList());
    assertEquals(new BigDecimal("1.50"), products.findById(6L).orElseThrow().price());
    assertEquals(List.of(6L), products.findIdsByPrice(new BigDecimal("1.50")));
    Tuple decimal = Tuple.from(1L, 0L, "15", 2L);
    if (FixtureRows.PACKED) {
      assertEquals(List.of(Tuple.from("Product", "R", 6L, 0L)), keysUnder(Tuple.from("Product", "R", 6L)), "one packed row key");
      Tuple row = Tuple.fromBytes(value(Tuple.from("Product", "R", 6L, 0L)));
      assertEquals(decimal, row.getNestedTuple(row.getItems().indexOf("price") + 1));
    } else {
      assertEquals(List.of(Tuple.from("Product", "R", 6L, "price"), Tuple.from("Product", "R", 6L, "sku")),
          keysUnder(Tuple.from("Product", "R", 6L)), "a row key per field");
      assertEquals(decimal, Tuple.fromBytes(value(Tuple.from("Product", "R", 6L, "price"))).getNestedTuple(0));
    }
  }

  @Test
  void updatingAnIndexedValueMovesItsEntries() {
    users.save(new User("u1", "10001", "a@x", 30));
    users.save(new User("u1", "20002", "b@x", 31));
    assertEquals(List.of(), users.findByZipcode("10001"));
    assertEquals(List.of(new User("u1", "20002", "b@x", 31)), users.findByZipcode("20002"));
    assertEquals(Optional.empty(), users.findByEmail("a@x"));
    assertEquals("u1", users.findByEmail("b@x").orElseThrow().id());
    assertEquals(1, users.count());
    assertTrue(users.verifyIndexes().isClean());
  }

  @Test
  void deletingRemovesTheRowItsIndexEntriesAndOneFromTheCount() {
    users.save(new User("u1", "10001", "a@x", 30));
    users.save(new User("u2", "10001", "b@x", 40));
    assertTrue(users.deleteById("u1"));
    assertFalse(users.deleteById("u1"));
    assertEquals(List.of(), keysUnder(Tuple.from("User", "R", "u1")));
    assertEquals(List.of("u2"), users.findIdsByZipcode("10001"));
    assertEquals(Optional.empty(), users.findByEmail("a@x"));
    assertEquals(1, users.count());
    assertFalse(users.existsById("u1"));
    assertTrue(users.existsById("u2"));
  }

  @Test
  void aDuplicateUniqueValueIsRejectedAndNothingIsWritten() {
    users.save(new User("u1", "10001", "a@x", 30));
    UniqueConstraintException e = assertThrows(UniqueConstraintException.class,
        () -> users.save(new User("u2", "99999", "a@x", 40)));
    assertEquals("User", e.entity());
    assertEquals("email", e.index());
    assertEquals(List.of("a@x"), e.value());
    assertFalse(users.existsById("u2"));
    assertEquals(List.of(), users.findByZipcode("99999"));
    assertEquals(1, users.count());
  }

  @Test
  void indexQueriesFindCountRangeAndPage() {
    for (int i = 0; i < 25; i++) {
      users.save(new User("u" + (100 + i), "z" + (i % 3), "m" + i + "@x", i));
    }
    assertEquals(9, users.countByZipcode("z0"));
    assertEquals(9, users.findByZipcode("z0").size());
    assertEquals(17, users.findByZipcodeBetween("z0", "z2").size());
    List<User> paged = new ArrayList<>();
    Continuation after = null;
    int pages = 0;
    do {
      Page<User> page = users.findByZipcode("z0", 4, after);
      paged.addAll(page.items());
      after = page.next().map(c -> Continuation.fromBytes(c.toBytes())).orElse(null);
      pages++;
    } while (after != null);
    assertEquals(3, pages);
    assertEquals(users.findByZipcode("z0"), paged);
  }

  @Test
  void findAllPagesThroughEveryEntityOnce() {
    for (int i = 0; i < 23; i++) {
      users.save(new User(String.format("u%03d", i), "z", "m" + i, i));
    }
    List<String> seen = Pages.all(after -> users.findAll(5, after)).stream().map(User::id).toList();
    assertEquals(23, seen.size());
    assertEquals(seen.stream().sorted().toList(), seen);
    assertEquals(23, Set.copyOf(seen).size());
  }

  @Test
  void findAllGroupsTheKeysOfByteArrayIdsIntoOneEntityEach() {
    TokenRepository tokens = new TokenRepository(db);
    for (int i = 0; i < 7; i++) {
      tokens.save(new Token(new byte[] {(byte) i, 0}, "owner" + i, "p"));
    }
    List<String> seen = Pages.all(after -> tokens.findAll(3, after)).stream()
        .map(t -> t.key()[0] + ":" + t.owner() + ":" + t.payload()).toList();
    assertEquals(List.of("0:owner0:p", "1:owner1:p", "2:owner2:p", "3:owner3:p", "4:owner4:p", "5:owner5:p", "6:owner6:p"), seen);
  }

  @Test
  void aPageLimitOfIntegerMaxValueReadsEverythingInOnePage() {
    for (int i = 0; i < 5; i++) {
      users.save(new User("u" + i, "z", "m" + i + "@example.com", new GeoPoint(10 + i, 20), null, i));
    }
    int max = Integer.MAX_VALUE;
    assertEquals(5, users.findAll(max, null).items().size());
    assertEquals(5, users.findByZipcode("z", max, null).items().size());
    assertFalse(users.findByZipcode("z", max, null).next().isPresent());
    assertEquals(5, users.findByHomeWithin(BoundingBox.geo(0, 0, 30, 30), max, null).items().size());
  }

  @Test
  void anIdThatExtendsAnotherByANulIsScannedAsAnEntityOfItsOwn() {
    users.save(new User("a", "z", "a@example.com", null, null, 1));
    users.save(new User("a\u0000", "z", "a0@example.com", null, null, 2));
    users.save(new User("b", "z", "b@example.com", null, null, 3));
    assertEquals(List.of("a", "a\u0000", "b"), Pages.all(after -> users.findAll(2, after)).stream().map(User::id).toList());
    assertEquals(List.of(1, 2, 3), Pages.all(after -> users.findAll(1, after)).stream().map(User::age).toList());
    assertTrue(users.verifyIndexes().isClean());

    TokenRepository tokens = new TokenRepository(db);
    tokens.save(new Token(new byte[] {1}, "one", "p"));
    tokens.save(new Token(new byte[] {1, 0}, "one-nul", "p"));
    tokens.save(new Token(new byte[] {1, 0, 0}, "one-nul-nul", "p"));
    assertEquals(List.of("one", "one-nul", "one-nul-nul"),
        Pages.all(after -> tokens.findAll(2, after)).stream().map(Token::owner).toList());
  }

  @Test
  void aFindAllPageStopsEarlyOnceItHoldsAMegabyteOfRows() {
    TokenRepository tokens = new TokenRepository(db);
    String payload = "x".repeat(90_000);
    for (int i = 0; i < 30; i++) {
      tokens.save(new Token(new byte[] {(byte) i}, "o", payload));
    }
    List<Integer> sizes = Pages.each(after -> tokens.findAll(100, after)).stream().map(List::size).toList();
    assertEquals(List.of(12, 12, 6), sizes, "about 1 MB of rows per page: 12 rows of ~90 kB");
  }

  @Test
  void coveringIndexAnswersFromItsEntriesAlone() {
    CustomerRepository customers = new CustomerRepository(db);
    Customer c = new Customer();
    c.setId(7);
    c.setCity("Lyon");
    c.setVisits(3);
    c.setCachedLabel("not stored");
    customers.save(c);
    assertArrayEquals(io.strata.processor.fixtures.CustomerCodec.INSTANCE.encode(c), value(Tuple.from("Cust", "I", "city", "Lyon", 7L)));
    db.run(tr -> {
      tr.clear(Tuple.from("Cust", "R", 7L).range());
      return null;
    });
    Customer found = customers.findByCity("Lyon").get(0);
    assertEquals(3, found.getVisits());
    assertEquals(null, found.getCachedLabel());
    assertFalse(customers.verifyIndexes().isClean(), "an entry whose row is gone is reported");
  }

  @Test
  void compositeIndexQueriesByAllFieldsAndByPrefix() {
    PersonRepository people = new PersonRepository(db);
    people.save(new Person(1, "Paris", 30, "Ann"));
    people.save(new Person(2, "Paris", 40, "Bob"));
    people.save(new Person(3, "Rome", 30, "Cy"));
    assertEquals(List.of(2), people.findIdsByCityAndAge("Paris", 40));
    assertEquals(List.of(1, 2), people.findIdsByCity("Paris"));
    assertEquals(2, people.countByCity("Paris"));
    assertArrayEquals(new byte[0], value(Tuple.from("Person", "I", "byCityAge", "Paris", 30L, 1L)));
  }

  @Test
  void columnMajorCopyIsKeptAndReadByColumn() {
    SampleRepository samples = new SampleRepository(db);
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    samples.save(sample(a, "x"));
    samples.save(sample(b, null));
    Map<UUID, Optional<String>> nicks = samples.findColumnNick();
    assertEquals(Map.of(a, Optional.of("x")), nicks);
    assertEquals(Map.of(a, 3, b, 3), samples.findColumnI());
    assertArrayEquals(Tuple.from("text").pack(), value(Tuple.from("Sample", "C", "str", a)));
    samples.deleteById(a);
    assertEquals(Set.of(b), samples.findColumnStr().keySet());
  }

  @Test
  void repositoriesComposeInOneTransaction() {
    PersonRepository people = new PersonRepository(db);
    java.util.concurrent.CompletionException aborted = assertThrows(java.util.concurrent.CompletionException.class, () -> db.run(tr -> {
      users.save(tr, new User("u1", "z", "e", 1));
      people.save(tr, new Person(1, "Paris", 1, "Ann"));
      throw new IllegalStateException("abort the whole unit of work");
    }));
    assertTrue(aborted.getCause() instanceof IllegalStateException, "fdb-java's run() wraps what the body threw");
    assertEquals(0, users.count());
    assertEquals(0, people.count());
    db.run(tr -> {
      users.save(tr, new User("u1", "z", "e", 1));
      people.save(tr, new Person(1, "Paris", 1, "Ann"));
      return null;
    });
    assertEquals(1, users.count());
    assertEquals(1, people.count());
  }

  @Test
  void asyncViewReadsAndWrites() {
    users.async().save(new User("u1", "z", "e", 1)).join();
    assertEquals("u1", users.async().findById("u1").join().orElseThrow().id());
    assertEquals(List.of("u1"), users.async().findIdsByZipcode("z").join());
    assertEquals(1L, users.async().count().join());
  }

  @Test
  void repositoriesOnDifferentTenantDirectoriesCannotSeeEachOther() {
    var directories = com.apple.foundationdb.directory.DirectoryLayer.getDefault();
    var acme = db.run(tr -> directories.createOrOpen(tr, List.of("app", "acme")).join());
    var globex = db.run(tr -> directories.createOrOpen(tr, List.of("app", "globex")).join());
    UserRepository acmeUsers = new UserRepository(db, acme);
    UserRepository globexUsers = new UserRepository(db, globex);
    acmeUsers.save(new User("u1", "z", "a@x", 1));
    assertEquals(Optional.empty(), globexUsers.findById("u1"));
    assertEquals(List.of(), globexUsers.findByZipcode("z"));
    assertEquals(0, globexUsers.count());
    globexUsers.save(new User("u1", "z", "a@x", 2));
    assertEquals(1, acmeUsers.findById("u1").orElseThrow().age(), "the same id and unique value in another tenant is another entity");
    for (KeyValue kv : db.read(tr -> tr.getRange(acme.range()).asList().join())) {
      assertTrue(acme.contains(kv.getKey()));
    }
    assertEquals(List.of(), keysUnder(Tuple.from("User")), "nothing outside the tenants' directories");
  }

  @Test
  void findAllByIdKeepsOrderAndSkipsMissing() {
    users.save(new User("a", "z", "1", 1));
    users.save(new User("b", "z", "2", 1));
    assertEquals(List.of("b", "a"), users.findAllById(List.of("b", "missing", "a")).stream().map(User::id).toList());
  }

  @Test
  void saveAllOfTheSameIdTwiceKeepsTheLastAndItsIndexEntriesOnly() {
    users.saveAll(List.of(new User("u1", "z1", "a@x", 1), new User("u1", "z2", "b@x", 2)));
    assertEquals(Optional.of(new User("u1", "z2", "b@x", 2)), users.findById("u1"));
    assertEquals(1, users.count());
    assertEquals(List.of(), users.findByZipcode("z1"));
    assertEquals(Optional.empty(), users.findByEmail("a@x"));
    assertEquals(Optional.of("u1"), users.findByEmail("b@x").map(User::id));
  }

  @Test
  void saveAllMayGiveAUniqueValueOneEntityReleasesToAnotherInTheSameBatch() {
    users.save(new User("u1", "z", "a@x", 1));
    users.saveAll(List.of(new User("u1", "z", "b@x", 1), new User("u2", "z", "a@x", 2)));
    assertEquals(Optional.of("u2"), users.findByEmail("a@x").map(User::id));
    assertEquals(Optional.of("u1"), users.findByEmail("b@x").map(User::id));
    assertTrue(users.verifyIndexes().isClean(), users.verifyIndexes().problems().toString());
  }

  @Test
  void saveAllOfTwoEntitiesClaimingOneUniqueValueFailsAndWritesNothing() {
    users.save(new User("u0", "z", "zero@x", 0));
    assertThrows(UniqueConstraintException.class,
        () -> users.saveAll(List.of(new User("u1", "z", "same@x", 1), new User("u2", "z", "same@x", 2))));
    assertEquals(1, users.count());
    assertEquals(Optional.empty(), users.findById("u1"));
    assertEquals(Optional.empty(), users.findByEmail("same@x"));
  }
}

package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Codec;
import io.strata.CodecException;
import io.strata.Continuation;
import io.strata.EntityTooLargeException;
import io.strata.GeoPoint;
import io.strata.InvalidContinuationException;
import io.strata.Point;
import io.strata.embedded.BackendContract;
import io.strata.layers.BlobStore;
import io.strata.layers.FdbQueue;
import io.strata.processor.fixtures.Article;
import io.strata.processor.fixtures.ArticleRepository;
import io.strata.processor.fixtures.Customer;
import io.strata.processor.fixtures.CustomerRepository;
import io.strata.processor.fixtures.Memo;
import io.strata.processor.fixtures.MemoRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.IndexReport;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bad-input catalogue: every kind of bad input Strata rejects, one test each. Each asserts the
 * exception type, that its message names what was wrong (entity, id, field or key, the bad value) and
 * how to fix it, and that nothing was written (the whole keyspace is the same before and after).
 *
 * <p>Bad input from callers fails with {@link IllegalArgumentException} (or {@link NullPointerException}
 * for a null entity), {@link EntityTooLargeException} or {@link InvalidContinuationException}; stored
 * bytes that do not decode fail with {@link CodecException}. {@code DecoderFuzzTest} checks that the
 * decoders throw nothing else for any bytes.
 */
public abstract class BadInputContract extends BackendContract {
  protected UserRepository users;
  protected ArticleRepository articles;

  @BeforeEach
  void createRepositories() {
    users = new UserRepository(db);
    articles = new ArticleRepository(db);
  }

  private static final byte[] GARBAGE = {(byte) 0xfe, 0x01, 0x02};

  // ------------------------------------------------------------------ null id, null entity

  @Test
  void savingAnEntityWithANullIdIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.save(new User(null, "z", "e", 1)), "User", "@Id 'id'", "assign an id first");
  }

  @Test
  void savingANullIntoAFieldDeclaredNeverNullIsRejected() {
    io.strata.processor.fixtures.queries.ReadingRepository readings = new io.strata.processor.fixtures.queries.ReadingRepository(db);
    rejected(IllegalArgumentException.class, () -> readings.save(new io.strata.processor.fixtures.queries.Reading("r1", "s", null,
        java.math.BigDecimal.ONE, io.strata.processor.fixtures.queries.Reading.Level.LOW, Optional.empty())),
        "Reading id r1", "'at' is declared never null", "set it before saving");
  }

  @Test
  void findingByANullIdIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findById(null), "User", "id must not be null", "pass the @Id value");
  }

  @Test
  void deletingByANullIdIsRejected() {
    users.save(new User("u1", "z", "e", 1));
    rejected(IllegalArgumentException.class, () -> users.deleteById(null), "User", "id must not be null");
  }

  @Test
  void savingANullEntityIsRejected() {
    rejected(NullPointerException.class, () -> users.save((User) null), "User", "cannot save null", "deleteById");
  }

  @Test
  void aNullIndexQueryValueIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findByZipcode(null), "must not be null", "not indexed");
  }

  @Test
  void aNonPositivePageLimitIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findAll(0, null), "page limit must be positive, was 0");
  }

  @Test
  void aNullQueryValueIsRejectedNamingTheField() {
    Towns towns = new TownsImpl(db);
    rejected(IllegalArgumentException.class, () -> towns.findByCode(null), "Town", "code", "null", "not indexed");
    rejected(IllegalArgumentException.class, () -> towns.findByCodeIn(null, 10, null), "Town", "code", "null", "empty collection");
    rejected(IllegalArgumentException.class, () -> towns.findByCodeIn(Arrays.asList("a", null), 10, null), "Town", "code", "null");
    rejected(IllegalArgumentException.class, () -> towns.findByCountry(null, 10, null), "Town", "country", "null");
    rejected(IllegalArgumentException.class, () -> users.findByZipcode(null), "User", "zipcode", "null");
    // ids as an index's values are: a null collection or a null in it is named, not a bare NullPointerException or skipped
    rejected(IllegalArgumentException.class, () -> towns.findByIdIn(null), "Town", "id", "null", "empty collection");
    rejected(IllegalArgumentException.class, () -> towns.findByIdIn(Arrays.asList(1L, null)), "Town", "id", "null");
    rejected(IllegalArgumentException.class, () -> towns.countByIdInAndCapitalTrue(Arrays.asList(null, 2L)), "Town", "id", "null");
  }

  // ------------------------------------------------------------------ over-long keys and values

  @Test
  void anOverLongIdIsRejected() {
    users.save(new User("u0", "z", "e0", 1));
    rejected(EntityTooLargeException.class, () -> users.save(new User("k".repeat(10_001), "z", "e", 1)),
        "User id kkkk", "10,000-byte key limit", "use a shorter id");
  }

  @Test
  void anOverLongIndexedValueIsRejected() {
    rejected(EntityTooLargeException.class, () -> users.save(new User("u1", "z".repeat(10_001), "e", 1)),
        "User id u1", "index 'zipcode'", "10,000-byte key limit", "do not index this field");
  }

  @Test
  void anOverLargeFieldValueIsRejected() {
    rejected(EntityTooLargeException.class, () -> users.save(new User("u1", "z", "x".repeat(100_001), 1)),
        "User id u1", "field 'email'", "100,000-byte value limit", "@Blob");
  }

  @Test
  void aBlobTooLargeForOneTransactionIsRejected() {
    rejected(EntityTooLargeException.class, () -> users.save(new User("u1", "z", "e", null, new byte[9_000_000], 1)),
        "User id u1", "9000000 bytes", "BlobStore");
  }

  @Test
  void aDocumentTooLargeForOneTransactionIsRejected() {
    Map<String, Object> huge = new LinkedHashMap<>();
    for (int i = 0; i < 200; i++) {
      huge.put("k" + i, "x".repeat(50_000));
    }
    rejected(EntityTooLargeException.class, () -> articles.save(new Article(9, "ann", null, huge)),
        "Article id 9", "document 'meta'", "split it");
  }

  @Test
  void anOverLongDocumentPathIsRejected() {
    articles.save(new Article(9, "ann", null, Map.of()));
    rejected(EntityTooLargeException.class, () -> articles.setPath(9L, "v", "meta", "k".repeat(10_001)),
        "Article id 9", "document path", "10,000-byte key limit");
  }

  @Test
  void aStringWithAnUnpairedSurrogateIsRejectedNamingEntityIdAndField() {
    rejected(IllegalArgumentException.class, () -> users.save(new User("u1", "z", "bad\uD800", 1)),
        "User id u1", "field 'email'", "unpaired surrogates");
    rejected(IllegalArgumentException.class, () -> users.save(new User("u\uDC00", "z", "e@example.com", 1)),
        "User id", "its @Id", "unpaired surrogates");
    rejected(IllegalArgumentException.class, () -> articles.save(new Article(7, "ann", null, Map.of("k", "bad\uD800"))),
        "Article id 7", "document 'meta'", "unpaired surrogates");
  }

  // ------------------------------------------------------------------ coordinates and boxes

  @Test
  void aNaNLatitudeIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.save(new User("u1", "z", "e", new GeoPoint(Double.NaN, 2), 1)),
        "GeoPoint latitude NaN", "[-90, 90]");
  }

  @Test
  void anInfiniteLongitudeIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findByHomeNear(new GeoPoint(0, Double.POSITIVE_INFINITY), 10),
        "GeoPoint longitude Infinity", "[-180, 180]");
  }

  @Test
  void anOutOfRangeLatitudeIsRejected() {
    rejected(IllegalArgumentException.class, () -> new GeoPoint(91, 0), "GeoPoint latitude 91.0", "[-90, 90]");
  }

  @Test
  void aGridPointOffTheGridIsRejected() {
    rejected(IllegalArgumentException.class, () -> new Point(-1, 1L << 31), "Point(-1, 2147483648)", "[0, 2^31 - 1]");
  }

  @Test
  void aGeoBoxWithNaNCornersIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findByHomeWithin(BoundingBox.geo(0, Double.NaN, 1, 1)),
        "GeoPoint longitude NaN");
  }

  @Test
  void anInvertedGeoBoxIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findByHomeWithin(BoundingBox.geo(10, 0, 5, 1)),
        "minLat 10.0 > maxLat 5.0", "swap them");
  }

  @Test
  void anInvertedGridBoxIsRejected() {
    rejected(IllegalArgumentException.class, () -> BoundingBox.of(new Point(5, 5), new Point(4, 9)),
        "Point[x=5, y=5]", "is inverted", "min must be <= max");
  }

  @Test
  void aNegativeOrNaNRadiusIsRejected() {
    rejected(IllegalArgumentException.class, () -> users.findByHomeNear(new GeoPoint(0, 0), -1), "radius", "-1.0", ">= 0");
    rejected(IllegalArgumentException.class, () -> users.findByHomeNear(new GeoPoint(0, 0), Double.NaN), "radius", "NaN");
  }

  // ------------------------------------------------------------------ blob reads

  @Test
  void aNegativeBlobReadOffsetIsRejected() {
    users.save(new User("u1", "z", "e", null, new byte[10], 1));
    rejected(IllegalArgumentException.class, () -> users.readAvatar("u1", -1, 5), "offset (-1)", "must not be negative");
  }

  @Test
  void aNegativeBlobReadLengthIsRejected() {
    users.save(new User("u1", "z", "e", null, new byte[10], 1));
    rejected(IllegalArgumentException.class, () -> users.readAvatar("u1", 0, -5), "length (-5)", "must not be negative");
  }

  // ------------------------------------------------------------------ document paths

  @Test
  void aPathThatDoesNotStartWithADocumentFieldIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", 1L)));
    rejected(IllegalArgumentException.class, () -> articles.getPath(7L, "author"),
        "Article", "[author]", "starts with the name of a @Document field [body, meta]");
  }

  @Test
  void aPathElementThatIsNeitherKeyNorPositionIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", 1L)));
    rejected(IllegalArgumentException.class, () -> articles.setPath(7L, "v", "meta", 1.5),
        "Article", "element 1.5", "pass map keys as String and list positions as int");
  }

  @Test
  void aNegativeOrHugeListPositionIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", List.of(1L))));
    rejected(IllegalArgumentException.class, () -> articles.getPath(7L, "meta", "a", -1), "list position -1", "count from 0");
    rejected(IllegalArgumentException.class, () -> articles.setPath(7L, "v", "meta", "a", Integer.MAX_VALUE),
        "list position 2147483647", "outside [0, 1000000]");
  }

  @Test
  void settingAPathBelowAScalarIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", 1L)));
    rejected(IllegalArgumentException.class, () -> articles.setPath(7L, "x", "meta", "a", "sub"),
        "meta(\"a\")", "holds a scalar", "set that path instead");
  }

  @Test
  void settingPathsThatWouldSkipTooManyListPositionsInAllIsRejectedAndTheEntityStaysReadable() {
    articles.save(new Article(7, "ann", null, Map.of("a", 1L)));
    articles.setPath(7L, "x", "meta", "l1", 1_000_000);
    rejected(IllegalArgumentException.class, () -> articles.setPath(7L, "y", "meta", "l2", 1),
        "Article id 7", "[meta, l2, 1]", "unreadable", "at most 1000000 list positions", "replace the whole list");
    assertEquals("x", ((List<?>) articles.findById(7L).orElseThrow().meta().get("l1")).get(1_000_000));
    articles.setPath(7L, List.of("y"), "meta", "l1");
    articles.setPath(7L, "y", "meta", "l2", 1);
    assertEquals(Arrays.asList(null, "y"), articles.findById(7L).orElseThrow().meta().get("l2"));
    assertTrue(articles.deleteById(7L));
  }

  @Test
  void settingAListPositionWhereAMapIsStoredIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", Map.of("k", 1L))));
    rejected(IllegalArgumentException.class, () -> articles.setPath(7L, "v", "meta", "a", 0),
        "Article id 7", "[meta, a, 0]", "unreadable", "keep the maps and lists");
    assertEquals(Map.of("k", 1L), articles.findById(7L).orElseThrow().meta().get("a"));
  }

  @Test
  void settingAPathOfAMissingEntityIsRejected() {
    rejected(IllegalArgumentException.class, () -> articles.setPath(8L, "x", "meta", "a"), "Article id 8 does not exist", "save it");
  }

  // ------------------------------------------------------------------ corrupted stored bytes

  @Test
  void verifyIndexesReportsEntriesThatDoNotDecodeInsteadOfFailing() {
    users.save(new User("u1", "z", "e", 1));
    db.run(tr -> {
      tr.set(ByteArrayUtil.join(Tuple.from("User", "I", "zipcode").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      tr.set(ByteArrayUtil.join(Tuple.from("User", "Z", "home").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      tr.set(Tuple.from("User", "I", "zipcode", "z", 42L).pack(), new byte[0]); // an id of the wrong type
      return null;
    });
    IndexReport report = users.verifyIndexes();
    assertEquals(3, report.problemCount(), report.problems().toString());
    assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("index 'zipcode' has an entry at key \\x02User\\x00")
        && p.contains("clear that key")), report.problems().toString());
    assertTrue(report.problems().stream().anyMatch(p -> p.startsWith("spatial index 'home' has an entry at key")),
        report.problems().toString());
  }

  @Test
  void verifyIndexesReportsRowsThatDoNotDecodeAndGoesOnCheckingTheOthers() {
    for (String id : List.of("u1", "u2", "u3")) {
      users.save(new User(id, "z", "e" + id, 1));
    }
    put(Tuple.from("User", "R", "u2", "age"), GARBAGE);
    db.run(tr -> {
      tr.set(ByteArrayUtil.join(Tuple.from("User", "R").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      tr.clear(Tuple.from("User", "I", "zipcode", "z", "u3").pack()); // a problem after the bad rows
      return null;
    });
    IndexReport report = users.verifyIndexes();
    List<String> problems = report.problems();
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("User id u2: the stored data at key \\x02User\\x00\\x02R\\x00\\x02u2")
        && p.contains("field 'age'") && p.contains("clear that key")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("User: the stored key \\x02User\\x00\\x02R\\x00\\xfe")), problems.toString());
    assertTrue(problems.contains("row u3 has no entry in index 'zipcode' for [z]"), problems.toString());
    assertEquals(2, report.rowsChecked(), "u1 and u3 decode; u2 is reported, not counted");
  }

  @Test
  void verifyIndexesReportsTextAndFeedEntriesThatDoNotDecode() {
    MemoRepository memos = new MemoRepository(db);
    memos.save(Memo.small("m1"));
    db.run(tr -> {
      tr.set(ByteArrayUtil.join(Tuple.from("Memo", "T", "body").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      tr.set(ByteArrayUtil.join(Tuple.from("Memo", "V").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      tr.set(Tuple.from("Memo", "v", "m1").pack(), new byte[] {1, 2, 3});
      return null;
    });
    IndexReport report = memos.verifyIndexes();
    List<String> problems = report.problems();
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("text index 'body' has an entry at key")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("change feed has an entry at key")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("change feed versions has an entry at key \\x02Memo\\x00\\x02v\\x00\\x02m1")),
        problems.toString());
  }

  @Test
  void anIndexEntryWhoseIdHasTheWrongTypeNamesEntityIndexAndKey() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "I", "zipcode", "z", 42L), new byte[0]);
    String key = "\\x02User\\x00\\x02I\\x00\\x02zipcode\\x00\\x02z\\x00\\x15*";
    rejected(CodecException.class, () -> users.findIdsByZipcode("z"), "User: the entry of index 'zipcode' at key " + key,
        "holds an id that is not a User id", "clear that key");
    rejected(CodecException.class, () -> users.findByZipcode("z"), key, "not a User id");
  }

  @Test
  void textQueriesNameEntityAndKeyOfAnEntryThatDoesNotDecode() {
    MemoRepository memos = new MemoRepository(db);
    memos.save(Memo.small("m1"));
    put(Tuple.from("Memo", "T", "body", "short", "m2"), Tuple.from("not a position").pack());
    String positions = "\\x02Memo\\x00\\x02T\\x00\\x02body\\x00\\x02short\\x00\\x02m2\\x00";
    rejected(CodecException.class, () -> memos.findByBodyContainingAllWords("short"), "Memo: the entry of text index 'body' at key "
        + positions, "run verifyIndexes()", "clear that key");
    rejected(CodecException.class, () -> memos.findByBodyContainingPhrase("a short"), positions);
    db.run(tr -> {
      tr.clear(Tuple.from("Memo", "T", "body", "short", "m2").pack());
      tr.set(ByteArrayUtil.join(Tuple.from("Memo", "T", "body", "short").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      return null;
    });
    String garbage = "\\x02Memo\\x00\\x02T\\x00\\x02body\\x00\\x02short\\x00\\xfe";
    rejected(CodecException.class, () -> memos.findByBodyContainingAnyWord("short"), "Memo: the entry of text index 'body' at key " + garbage);
    rejected(CodecException.class, () -> memos.findByBodyContainingWordStartingWith("sho", 10, null), garbage, "clear that key");
  }

  @Test
  void theChangeFeedNamesEntityAndKeyOfAnEntryThatDoesNotDecode() {
    MemoRepository memos = new MemoRepository(db);
    memos.save(Memo.small("m1"));
    Tuple wrongId = Tuple.from("Memo", "V", com.apple.foundationdb.tuple.Versionstamp.complete(new byte[10]), 42L);
    put(wrongId, new byte[0]);
    rejected(CodecException.class, () -> memos.changesSince(null, 10), "Memo: the entry of change feed at key "
        + ByteArrayUtil.printable(wrongId.pack()), "clear that key");
    db.run(tr -> {
      tr.clear(wrongId.pack());
      tr.set(ByteArrayUtil.join(Tuple.from("Memo", "V").pack(), new byte[] {(byte) 0xfe}), new byte[0]);
      return null;
    });
    rejected(CodecException.class, () -> memos.changesSince(null, 10), "Memo: the entry of change feed at key \\x02Memo\\x00\\x02V\\x00\\xfe");
  }

  @Test
  void aTextPageTokenThatDoesNotResumeAfterAnIdIsRejected() {
    MemoRepository memos = new MemoRepository(db);
    memos.save(Memo.small("m1"));
    memos.save(Memo.small("m2"));
    byte[] query = ByteArrayUtil.join(Tuple.from("Memo", "T", "body").pack(), Tuple.from("ALL", "short").pack());
    for (byte[] resume : List.of(new byte[0], Tuple.from("m1", "m2").pack(), new byte[] {(byte) 0xfe})) {
      rejected(InvalidContinuationException.class, () -> memos.findByBodyContainingAllWords("short", 1, Continuation.of(query, resume)),
          "does not resume after a Memo id", "pass the token from Page.next()");
    }
    Continuation real = memos.findByBodyContainingAllWords("short", 1, null).next().orElseThrow();
    assertEquals(List.of("m2"), memos.findByBodyContainingAllWords("short", 1, real).items().stream().map(Memo::id).toList());
  }

  @Test
  void aStoredPointThatDoesNotDecodeNamesEntityIdAndKeyOnEveryPath() {
    for (Object bad : List.of(Tuple.from(95.0, 0.0), Tuple.from(Double.NaN, 1.0), new Tuple(), "north")) {
      users.save(new User("u1", "z", "e", new GeoPoint(1, 2), 1));
      put(Tuple.from("User", "R", "u1", "home"), Tuple.from(bad).pack());
      String key = "\\x02User\\x00\\x02R\\x00\\x02u1\\x00\\x02home\\x00";
      rejected(CodecException.class, () -> users.findById("u1"), "User id u1", key, "field 'home'");
      rejected(CodecException.class, () -> users.save(new User("u1", "z", "e", new GeoPoint(3, 4), 1)), "User id u1", key);
      rejected(CodecException.class, () -> users.deleteById("u1"), "User id u1", key);
      db.run(tr -> {
        tr.clear(Tuple.from("User").range());
        return null;
      });
    }
  }

  @Test
  void aRowValueThatIsNotATupleNamesTheEntityIdAndKey() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "R", "u1", "age"), GARBAGE);
    rejected(CodecException.class, () -> users.findById("u1"), "User id u1", "\\x02User\\x00\\x02R\\x00\\x02u1\\x00\\x02age\\x00",
        "field 'age'", "clear that key");
  }

  @Test
  void aRowValueOfTheWrongTypeNamesTheEntityIdAndField() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "R", "u1", "age"), Tuple.from("not a number").pack());
    rejected(CodecException.class, () -> users.findById("u1"), "User id u1", "field 'age'", "not a number (String) is not an integer",
        "clear that key");
  }

  @Test
  void aRowKeyThatIsNotAFieldNameIsReported() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "R", "u1", 42L), Tuple.from(1L).pack());
    rejected(CodecException.class, () -> users.findById("u1"), "User id u1", "does not name a field", "clear that key");
  }

  @Test
  void aRowKeyThatIsNotATupleIsReportedByFindAll() {
    users.save(new User("u1", "z", "e", 1));
    byte[] key = ByteArrayUtil.join(Tuple.from("User", "R").pack(), new byte[] {0x7f});
    db.run(tr -> {
      tr.set(key, Tuple.from(1L).pack());
      return null;
    });
    rejected(CodecException.class, () -> users.findAll(10, null), "User", "R\\x00\\x7f", "is not a tuple", "clear that key");
  }

  @Test
  void aDocumentLeafThatIsNotATupleNamesTheEntityIdAndKey() {
    articles.save(new Article(7, "ann", null, Map.of("a", "b")));
    put(Tuple.from("Article", "R", 7L, "meta", "a"), GARBAGE);
    rejected(CodecException.class, () -> articles.findById(7L), "Article id 7", "meta\\x00\\x02a", "clear that key");
    rejected(CodecException.class, () -> articles.getPath(7L, "meta"), "Article id 7", "meta\\x00\\x02a", "document leaf");
  }

  @Test
  void documentLeavesThatDoNotFormOneTreeNameTheEntityAndField() {
    articles.save(new Article(7, "ann", null, Map.of("a", "b")));
    put(Tuple.from("Article", "R", 7L, "meta", "a", "below-a-leaf"), Tuple.from("x").pack());
    rejected(CodecException.class, () -> articles.findById(7L), "Article id 7", "@Document 'meta'", "does not fit");
  }

  @Test
  void aDocumentListPositionTooLargeToAllocateIsRejected() {
    articles.save(new Article(7, "ann", null, Map.of("a", List.of("x"))));
    put(Tuple.from("Article", "R", 7L, "meta", "a", 2_000_000_000L), Tuple.from("y").pack());
    rejected(CodecException.class, () -> articles.findById(7L), "Article id 7", "position 2000000000", "not written by Strata");
  }

  @Test
  void aCorruptUniqueIndexEntryNamesTheEntityAndKey() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "U", "email", "e"), GARBAGE);
    rejected(CodecException.class, () -> users.findByEmail("e"), "User", "unique index entry", "\\x02email\\x00\\x02e", "verifyIndexes");
    rejected(CodecException.class, () -> users.save(new User("u2", "z", "e", 1)), "User", "unique index entry");
  }

  @Test
  void aCorruptCoveringIndexEntryNamesTheEntityAndKey() {
    CustomerRepository customers = new CustomerRepository(db);
    Customer c = new Customer();
    c.setId(7);
    c.setCity("Lyon");
    customers.save(c);
    put(Tuple.from("Cust", "I", "city", "Lyon", 7L), GARBAGE);
    rejected(CodecException.class, () -> customers.findByCity("Lyon"), "Cust", "index 'city'", "Lyon", "verifyIndexes");
  }

  @Test
  void aBlobLengthThatDisagreesWithItsChunksNamesTheEntityIdAndKey() {
    users.save(new User("u1", "z", "e", null, new byte[25_000], 1));
    put(Tuple.from("User", "R", "u1", "avatar"), Tuple.from(2_000_000_000_000L).pack());
    rejected(CodecException.class, () -> users.findById("u1"), "User id u1", "avatar", "2000000000000 bytes", "hold 25000");
  }

  @Test
  void aBlobLengthThatIsNotANumberNamesTheEntityIdAndKey() {
    users.save(new User("u1", "z", "e", null, new byte[5], 1));
    put(Tuple.from("User", "R", "u1", "avatar"), Tuple.from("five").pack());
    rejected(CodecException.class, () -> users.avatarSize("u1"), "User id u1", "@Blob 'avatar'", "is not an integer", "clear that key");
  }

  @Test
  void aMissingBlobChunkIsReportedNotSkipped() {
    users.save(new User("u1", "z", "e", null, new byte[30_000], 1));
    db.run(tr -> {
      tr.clear(Tuple.from("User", "B", "u1", "avatar", 10_000L).pack());
      return null;
    });
    rejected(CodecException.class, () -> users.readAvatar("u1", 12_345, 100), "User id u1", "30000 bytes", "gave 0 bytes instead of 100",
        "clear that key");
    rejected(CodecException.class, () -> users.readAvatar("u1", 0, 25_000), "gap at offset 10000", "write the blob again");
  }

  @Test
  void aCorruptCountNamesTheEntityAndKey() {
    users.save(new User("u1", "z", "e", 1));
    put(Tuple.from("User", "#"), GARBAGE);
    rejected(CodecException.class, () -> users.count(), "User", "count key", "8-byte little-endian");
  }

  @Test
  void aCorruptBlobStorePointerNamesTheLayerAndKey() {
    Subspace s = new Subspace(Tuple.from("blobs"));
    BlobStore blobs = new BlobStore(db, s);
    blobs.write("b1", new byte[] {1, 2, 3});
    put(Tuple.from("blobs", "m", "b1"), GARBAGE);
    rejected(CodecException.class, () -> blobs.size("b1"), "BlobStore at \\x02blobs\\x00", "blob b1", "\\x02m\\x00\\x02b1\\x00",
        "write the blob again");
    rejected(CodecException.class, () -> blobs.read("b1"), "BlobStore", "blob b1");
  }

  // ------------------------------------------------------------------ continuations

  @Test
  void aForgedContinuationIsRejected() {
    for (int i = 0; i < 3; i++) {
      users.save(new User("u" + i, "z", "e" + i, i));
    }
    byte[] token = users.findAll(1, null).next().orElseThrow().toBytes();
    token[token.length - 6] ^= 1; // one bit of the resume key
    rejected(InvalidContinuationException.class, () -> users.findAll(1, Continuation.fromBytes(token)), "altered",
        "pass the token from Page.next()");
    rejected(InvalidContinuationException.class, () -> Continuation.fromBytes(new byte[] {1, 2, 3}), "3 bytes", "too short");
  }

  @Test
  void aContinuationFromAnotherQueryIsRejected() {
    for (int i = 0; i < 5; i++) {
      users.save(new User("u" + i, i < 3 ? "a" : "b", "m" + i, i));
    }
    Continuation fromA = users.findByZipcode("a", 1, null).next().orElseThrow();
    rejected(InvalidContinuationException.class, () -> users.findByZipcode("b", 1, fromA), "different query", "pass the token");
    rejected(InvalidContinuationException.class, () -> users.findAll(1, fromA), "different query");
  }

  @Test
  void aContinuationPointingOutsideItsQueryIsRejected() {
    users.save(new User("u1", "z", "e", 1));
    Subspace rows = new Subspace(Tuple.from("User", "R"));
    Continuation outside = Continuation.of(rows.range().begin, Tuple.from("User", "U").pack());
    rejected(InvalidContinuationException.class, () -> users.findAll(1, outside), "outside this query's key range", "pass the token");
  }

  // ------------------------------------------------------------------ codecs that throw

  private static final Codec<String> FAILS_TO_ENCODE = new Codec<>() {
    @Override
    public byte[] encode(String value) {
      throw new IllegalStateException("cannot encode " + value);
    }

    @Override
    public String decode(byte[] bytes) {
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
  };

  private static final Codec<String> FAILS_TO_DECODE = new Codec<>() {
    @Override
    public byte[] encode(String value) {
      return value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public String decode(byte[] bytes) {
      throw new IllegalStateException("cannot decode");
    }
  };

  @Test
  void aCodecThatThrowsOnEncodeWritesNothing() {
    Subspace s = new Subspace(Tuple.from("q"));
    FdbQueue<String> q = new FdbQueue<>(db, s, FAILS_TO_ENCODE);
    CodecException e = rejected(CodecException.class, () -> q.enqueue("item-1"), "FdbQueue at \\x02q\\x00", "item-1",
        "nothing was written", "fix the codec");
    assertTrue(e.getCause() instanceof IllegalStateException);
  }

  @Test
  void aCodecThatThrowsOnDecodeLeavesTheItemInTheQueue() {
    Subspace s = new Subspace(Tuple.from("q"));
    new FdbQueue<>(db, s, Codec.string()).enqueue("item-1");
    FdbQueue<String> broken = new FdbQueue<>(db, s, FAILS_TO_DECODE);
    rejected(CodecException.class, broken::dequeue, "FdbQueue at \\x02q\\x00", "key \\x02q\\x00\\x14", "left in place",
        "open the layer with the codec that wrote it");
    assertEquals(Optional.of("item-1"), new FdbQueue<>(db, s, Codec.string()).dequeue(), "nothing lost");
  }
}

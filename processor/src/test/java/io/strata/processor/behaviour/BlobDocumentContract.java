package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.NoSuchEntityException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Article;
import io.strata.processor.fixtures.ArticleRepository;
import io.strata.processor.fixtures.Recipe;
import io.strata.processor.fixtures.RecipeRepository;
import io.strata.processor.fixtures.User;
import io.strata.processor.fixtures.UserRepository;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Generated {@code @Blob} and {@code @Document} support. */
public abstract class BlobDocumentContract extends BackendContract {
  protected UserRepository users;
  protected ArticleRepository articles;
  protected RecipeRepository recipes;

  @BeforeEach
  void createRepositories() {
    users = new UserRepository(db);
    articles = new ArticleRepository(db);
    recipes = new RecipeRepository(db);
  }

  private static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private List<Tuple> keys(Tuple prefix) {
    return db.read(tr -> tr.getRange(prefix.range()).asList().join()).stream().map(kv -> Tuple.fromBytes(kv.getKey())).toList();
  }

  @Test
  void aBlobIsStoredInChunksAndTheRowKeepsItsLength() {
    byte[] avatar = bytes(25_000, 1);
    users.save(new User("u1", "z", "e", null, avatar, 1));
    assertEquals(List.of(Tuple.from("User", "B", "u1", "avatar", 0L), Tuple.from("User", "B", "u1", "avatar", 10_000L),
        Tuple.from("User", "B", "u1", "avatar", 20_000L)), keys(Tuple.from("User", "B", "u1")));
    assertArrayEquals(Tuple.from(25_000L).pack(), db.read(tr -> tr.get(Tuple.from("User", "R", "u1", "avatar").pack()).join()));
    assertArrayEquals(avatar, users.findById("u1").orElseThrow().avatar());
  }

  @Test
  void partialReadsTouchOnlyTheOverlappingChunks() {
    byte[] avatar = bytes(100_000, 2);
    users.save(new User("u1", "z", "e", null, avatar, 1));
    db.run(tr -> {
      tr.clear(Tuple.from("User", "B", "u1", "avatar", 50_000L).pack()); // a hole the partial reads must not touch
      return null;
    });
    assertArrayEquals(Arrays.copyOfRange(avatar, 12_345, 32_345), users.readAvatar("u1", 12_345, 20_000));
    assertArrayEquals(Arrays.copyOfRange(avatar, 95_000, 100_000), users.readAvatar("u1", 95_000, 10_000));
    assertThrows(CodecException.class, () -> users.findById("u1"), "a whole read does cross the hole");
  }

  @Test
  void sizeComesFromTheRowAlone() {
    users.save(new User("u1", "z", "e", null, bytes(12_345, 3), 1));
    db.run(tr -> {
      tr.clear(Tuple.from("User", "B").range());
      return null;
    });
    assertEquals(12_345, users.avatarSize("u1"));
  }

  @Test
  void aMissingIdIsNotAnEmptyBlob() {
    users.save(new User("empty", "z", "e1", null, new byte[0], 1));
    users.save(new User("none", "z", "e2", null, null, 1));
    assertEquals(0, users.avatarSize("empty"));
    assertArrayEquals(new byte[0], users.readAvatar("empty", 0, 10));
    assertEquals(0, users.avatarSize("none"), "a null blob of an existing entity reads as empty");
    assertArrayEquals(new byte[0], users.readAvatar("none", 0, 10));
    NoSuchEntityException size = assertThrows(NoSuchEntityException.class, () -> users.avatarSize("missing"));
    assertEquals("no User with id missing: reading @Blob 'avatar' needs a saved entity (save it first, or check existsById)",
        size.getMessage());
    assertEquals("User", size.entity());
    assertEquals("missing", size.id());
    NoSuchEntityException read = assertThrows(NoSuchEntityException.class, () -> users.readAvatar("missing", 0, 10));
    assertEquals("missing", read.id());
    assertThrows(NoSuchEntityException.class, () -> users.readAvatar("missing", 0, 0), "even a zero-length read checks the id");
  }

  @Test
  void aShorterBlobLeavesNoStaleTailAndDeletingRemovesEveryChunk() {
    users.save(new User("u1", "z", "e", null, bytes(45_000, 4), 1));
    byte[] small = bytes(5, 5);
    users.save(new User("u1", "z", "e", null, small, 1));
    assertEquals(1, keys(Tuple.from("User", "B", "u1")).size());
    assertArrayEquals(small, users.findById("u1").orElseThrow().avatar());
    users.save(new User("u1", "z", "e", null, null, 1));
    assertEquals(0, keys(Tuple.from("User", "B", "u1")).size());
    users.save(new User("u1", "z", "e", null, small, 1));
    users.deleteById("u1");
    assertEquals(List.of(), keys(Tuple.from("User", "R")));
    assertEquals(List.of(), keys(Tuple.from("User", "B")));
  }

  private static Map<String, Object> meta() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("views", 12L);
    m.put("ratio", 0.5);
    m.put("emptyMap", new LinkedHashMap<>());
    m.put("emptyList", new ArrayList<>());
    m.put("nothing", null);
    m.put("ünï", List.of("a", List.of(1L, 2L), Map.of("deep", true)));
    return m;
  }

  private static Article article() {
    return new Article(7, "ann", new Article.Body("Hello", new Article.Author("Ann", 42), List.of("x", "y"), Optional.of(5),
        Map.of("k", "v")), meta());
  }

  @Test
  void aTypedDocumentComesBackWithItsDeclaredTypesWhileGetPathGivesPlainValues() {
    Recipe.Card card = new Recipe.Card(4, (short) 35, (byte) 5, 4.5f, 0.75, true, Recipe.Level.HARD, 520, 1.25f,
        Instant.ofEpochSecond(1_700_000_000L, 123), LocalDate.of(2024, 2, 29), new BigDecimal("12.50"), List.of(1, 2, 3),
        Set.of((short) 7), List.of(180.5f, 220f), List.of(Recipe.Level.EASY, Recipe.Level.HARD), Optional.of(2),
        new Recipe.Step(1, 30.5f, Recipe.Level.EASY), List.of(new Recipe.Step(2, 60f, Recipe.Level.HARD), new Recipe.Step(3, 0.5f, Recipe.Level.EASY)));
    recipes.save(new Recipe("r1", card));
    Recipe.Card back = recipes.findById("r1").orElseThrow().card();
    assertEquals(card, back);
    assertEquals(Integer.class, back.steps().get(0).getClass());
    assertEquals(Short.class, back.tags().iterator().next().getClass());
    assertEquals(Float.class, back.temperatures().get(0).getClass());
    assertEquals(Recipe.Level.class, back.levels().get(1).getClass());
    assertEquals(Integer.class, back.spice().orElseThrow().getClass());
    assertEquals(Recipe.Step.class, back.steps2().get(1).getClass());
    assertEquals(new BigDecimal("12.50"), back.price(), "the scale survives");
    // the plain-Java view keeps API.md's promise: integers as Long, floating point as Double
    assertEquals(Optional.of(4L), recipes.getPath("r1", "card", "servings"));
    assertEquals(Optional.of(60.0), recipes.getPath("r1", "card", "steps2", 0, "seconds"));
    assertEquals(Optional.of("HARD"), recipes.getPath("r1", "card", "level"));
  }

  @Test
  void documentsRoundTripThroughTheirFlattenedLeaves() {
    Article a = article();
    articles.save(a);
    assertEquals(a, articles.findById(7L).orElseThrow());
    assertArrayEquals(Tuple.from("Ann").pack(), db.read(tr -> tr.get(Tuple.from("Article", "R", 7L, "body", "user", "name").pack()).join()));
    assertArrayEquals(Tuple.from((Object) null).pack(), db.read(tr -> tr.get(Tuple.from("Article", "R", 7L, "meta", "emptyMap", -2L).pack()).join()));
    assertArrayEquals(Tuple.from((Object) null).pack(), db.read(tr -> tr.get(Tuple.from("Article", "R", 7L, "meta", "emptyList", -1L).pack()).join()));
    assertArrayEquals(Tuple.from("y").pack(), db.read(tr -> tr.get(Tuple.from("Article", "R", 7L, "body", "tags", 1L).pack()).join()));
  }

  @Test
  void getPathReadsASubdocument() {
    articles.save(article());
    assertEquals(Optional.of("Ann"), articles.getPath(7L, "body", "user", "name"));
    assertEquals(Optional.of(Map.of("name", "Ann", "karma", 42L)), articles.getPath(7L, "body", "user"));
    assertEquals(Optional.of(List.of(1L, 2L)), articles.getPath(7L, "meta", "ünï", 1));
    assertEquals(Optional.empty(), articles.getPath(7L, "body", "nope"));
  }

  @Test
  void setPathReplacesOnlyThatSubtreeAndKeepsIndexes() {
    articles.save(article());
    articles.setPath(7L, Map.of("name", "Bob", "karma", 1L), "body", "user");
    articles.setPath(7L, "new", "meta", "emptyMap", "first");
    Article a = articles.findById(7L).orElseThrow();
    assertEquals(new Article.Author("Bob", 1), a.body().user());
    assertEquals("Hello", a.body().title());
    assertEquals(Map.of("first", "new"), a.meta().get("emptyMap"));
    assertEquals(List.of(7L), articles.findIdsByAuthor("ann"));
    assertTrue(articles.verifyIndexes().isClean());
  }

  @Test
  void anIndexOnADocumentPathFollowsSavesAndSetPath() {
    articles.save(article());
    assertEquals(List.of(7L), articles.findIdsByBodyUserName("Ann"));
    assertArrayEquals(new byte[0], db.read(tr -> tr.get(Tuple.from("Article", "I", "byAuthorName", "Ann", 7L).pack()).join()));
    articles.setPath(7L, "Zoe", "body", "user", "name");
    assertEquals(List.of(), articles.findIdsByBodyUserName("Ann"));
    assertEquals(List.of(7L), articles.findIdsByBodyUserName("Zoe"));
    articles.setPath(7L, Map.of("name", "Max", "karma", 3), "body", "user");
    assertEquals(List.of(7L), articles.findIdsByBodyUserName("Max"));
    assertEquals(1, articles.countByBodyUserName("Max"));
    assertTrue(articles.verifyIndexes().isClean(), articles.verifyIndexes().problems().toString());
    articles.deleteById(7L);
    assertEquals(List.of(), articles.findIdsByBodyUserName("Max"));
  }

  @Test
  void replacingADocumentRemovesItsOldLeaves() {
    articles.save(article());
    articles.save(new Article(7, "ann", null, Map.of("only", 1L)));
    assertEquals(List.of(Tuple.from("Article", "R", 7L, "meta", "only")), keys(Tuple.from("Article", "R", 7L, "meta")));
    assertEquals(List.of(), keys(Tuple.from("Article", "R", 7L, "body")));
  }
}

package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.Finder;
import io.strata.QueryNotServedException;
import io.strata.Restrict;
import io.strata.Restriction;
import io.strata.Scored;
import io.strata.embedded.BackendContract;
import io.strata.index.vector.VectorQueries;
import io.strata.metamodel.Attribute;
import io.strata.metamodel.ComparableAttribute;
import io.strata.metamodel.TextAttribute;
import io.strata.processor.fixtures.vectors.Clip;
import io.strata.processor.fixtures.vectors.ClipLike;
import io.strata.processor.fixtures.vectors.ClipRepository;
import io.strata.processor.fixtures.vectors.Clips;
import io.strata.processor.fixtures.vectors.ClipsImpl;
import io.strata.processor.fixtures.vectors.LooseClip;
import io.strata.processor.fixtures.vectors.LooseClipRepository;
import io.strata.processor.fixtures.vectors.LooseClipsImpl;
import io.strata.processor.fixtures.vectors.NoteSearchImpl;
import io.strata.processor.fixtures.vectors.NotesImpl;
import io.strata.processor.fixtures.vectors._Clip;
import io.strata.processor.fixtures.vectors._LooseClip;
import io.strata.processor.fixtures.vectors._Note;
import io.strata.processor.fixtures.vectors.Note;
import io.strata.repository.EntityStore;
import jakarta.data.Limit;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Run-time restrictions with a nearest-neighbour order ({@code where(...).nearest(vector, query).limit(k)}) against the
 * declared {@code Near} methods and brute force, in both row layouts: random restrictions (an equality on the group
 * field and residual conditions of every shape: ranges, prefixes, {@code Or}, {@code Not}) find what the one vector
 * search finds given the same group and residual, reading the same keys; the declared methods of the same query
 * return the same results with the same keys; results come only from the group and meet the residual, with exact
 * distances and recall@10 against exact search as {@code VectorContract} bounds it. Then every refusal's message.
 * Runs on the embedded engine ({@code RuntimeNearestEmbeddedTest}) and a real cluster ({@code RuntimeNearestClusterTest}).
 */
public abstract class RuntimeNearestContract extends BackendContract {
  private static final List<String> LANGS = List.of("en", "fr", "ja");
  private static final List<Clip> CLIPS = clips(new Random(351), 3_000, 20);
  private static final int K = 10;

  private final KeyCounter counter = new KeyCounter();
  private Database counted;

  @BeforeEach
  void countKeys() {
    counted = counter.wrap(db);
  }

  private static List<Clip> clips(Random rnd, int n, int clusters) {
    float[][] centres = new float[clusters][8];
    for (float[] c : centres) {
      for (int j = 0; j < c.length; j++) {
        c[j] = (float) (rnd.nextGaussian() * 4);
      }
    }
    List<Clip> out = new ArrayList<>(n);
    for (int i = 1; i <= n; i++) {
      float[] c = centres[rnd.nextInt(clusters)];
      float[] v = new float[8];
      for (int j = 0; j < v.length; j++) {
        v[j] = c[j] + (float) rnd.nextGaussian();
      }
      out.add(new Clip(i, LANGS.get(rnd.nextInt(LANGS.size())), rnd.nextInt(10), "clip " + (char) ('a' + rnd.nextInt(5)), v,
          null));
    }
    return out;
  }

  /** The oracle's distance, computed here apart from the index's metric. */
  private static double euclidean(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += ((double) a[i] - b[i]) * ((double) a[i] - b[i]);
    }
    return Math.sqrt(sum);
  }

  private static List<Long> exact(float[] q, Predicate<ClipLike> in) {
    return CLIPS.stream().filter(in)
        .sorted(Comparator.comparingDouble((Clip c) -> euclidean(c.vector(), q)).thenComparingLong(Clip::id))
        .limit(K).map(Clip::id).toList();
  }

  /** A declared search of the group with no other condition. */
  interface Declared<T> {
    List<Scored<T>> find(String lang, float[] query, int candidates);
  }

  /** A declared search of the group, {@code stars} above a value. */
  interface DeclaredAbove<T> {
    List<Scored<T>> find(String lang, int stars, float[] query, int candidates);
  }

  /** One row layout: its generated repository and metamodel, its declared searches and the store they read. */
  record Side<T extends ClipLike>(String layout, Function<Restriction<T>, Finder<T>> where, TextAttribute<T> lang,
      ComparableAttribute<T, Integer> stars, TextAttribute<T> title, Attribute<T, float[]> vector, Declared<T> declared,
      DeclaredAbove<T> declaredAbove, EntityStore<T> store) {}

  /** One random restriction: the group's equality and a residual, and the same test in Java for the oracle. */
  record Case<T>(Restriction<T> restriction, Predicate<ClipLike> test, String text) {}

  private Side<Clip> packed() {
    ClipRepository repository = new ClipRepository(counted);
    repository.saveAll(CLIPS);
    ClipsImpl clips = new ClipsImpl(counted);
    return new Side<>("packed", repository::where, _Clip.lang, _Clip.stars, _Clip.title, _Clip.vector,
        clips::findTop10ByLangAndVectorNear, clips::findTop10ByLangAndStarsGreaterThanAndVectorNear, store(repository));
  }

  private Side<LooseClip> loose() {
    LooseClipRepository repository = new LooseClipRepository(counted);
    repository.saveAll(CLIPS.stream().map(c -> new LooseClip(c.id(), c.lang(), c.stars(), c.title(), c.vector())).toList());
    LooseClipsImpl clips = new LooseClipsImpl(counted);
    return new Side<>("a key per field", repository::where, _LooseClip.lang, _LooseClip.stars, _LooseClip.title,
        _LooseClip.vector, clips::findTop10ByLangAndVectorNear, clips::findTop10ByLangAndStarsGreaterThanAndVectorNear,
        store(repository));
  }

  /** The store the generated repository reads (its {@code where} searches through it). */
  @SuppressWarnings("unchecked")
  private static <T> EntityStore<T> store(Object repository) {
    try {
      Field f = repository.getClass().getDeclaredField("store");
      f.setAccessible(true);
      return (EntityStore<T>) f.get(repository);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static <T extends ClipLike> Case<T> randomCase(Random rnd, Side<T> s, String lang) {
    int a = rnd.nextInt(10);
    char letter = (char) ('a' + rnd.nextInt(5));
    Restriction<T> group = s.lang().equalTo(lang);
    Predicate<ClipLike> inGroup = c -> c.lang().equals(lang);
    return switch (rnd.nextInt(6)) {
      case 0 -> new Case<>(group, inGroup, "lang = " + lang);
      case 1 -> new Case<>(Restrict.all(s.stars().greaterThan(a), group), inGroup.and(c -> c.stars() > a), "stars > " + a);
      case 2 -> new Case<>(Restrict.all(group, s.stars().between(a, a + 3)), inGroup.and(c -> c.stars() >= a && c.stars() <= a + 3),
          "stars between " + a + " and " + (a + 3));
      case 3 -> new Case<>(Restrict.all(group, s.title().startsWith("clip " + letter)),
          inGroup.and(c -> c.title().startsWith("clip " + letter)), "title starts with clip " + letter);
      case 4 -> new Case<>(Restrict.all(group, Restrict.any(s.stars().lessThan(a), s.stars().greaterThan(a + 5))),
          inGroup.and(c -> c.stars() < a || c.stars() > a + 5), "stars < " + a + " or > " + (a + 5));
      default -> new Case<>(Restrict.all(Restrict.not(s.stars().equalTo(a)), group), inGroup.and(c -> c.stars() != a),
          "not stars = " + a);
    };
  }

  private <R> R counting(Supplier<R> read, long[] keys) {
    counter.reset();
    R out = read.get();
    keys[0] = counter.total();
    return out;
  }

  private static <T extends ClipLike> List<Long> ids(List<Scored<T>> found) {
    return found.stream().map(s -> s.entity().id()).toList();
  }

  private static <T extends ClipLike> List<Double> distances(List<Scored<T>> found) {
    return found.stream().map(Scored::distance).toList();
  }

  private <T extends ClipLike> void randomRestrictionsSearchAsTheDeclaredSearch(Side<T> s, Random rnd) {
    VectorQueries<T> search = new VectorQueries<>(s.store());
    for (String lang : LANGS) {
      // the centroids and the index state, cached per store once seen: read once here, so every read below is warm
      counted.read(tr -> search.nearest(tr, "vector", List.of(lang), CLIPS.get(0).vector(), 1).join());
      s.declared().find(lang, CLIPS.get(0).vector(), 1);
    }
    double recall = 0;
    int queries = 24;
    for (int t = 0; t < queries; t++) {
      String lang = LANGS.get(rnd.nextInt(LANGS.size()));
      float[] q = CLIPS.get(rnd.nextInt(CLIPS.size())).vector().clone();
      for (int j = 0; j < q.length; j++) {
        q[j] += (float) (rnd.nextGaussian() * 0.5);
      }
      int candidates = List.of(50, 100, 300).get(rnd.nextInt(3));
      Case<T> c = randomCase(rnd, s, lang);
      String what = s.layout() + ", " + c.text() + ", " + candidates + " candidates";
      long[] runTimeKeys = new long[1];
      List<Scored<T>> found = counting(() -> s.where().apply(c.restriction()).nearest(s.vector(), q).limit(K)
          .candidates(candidates).listScored(), runTimeKeys);
      long[] searchKeys = new long[1];
      List<Scored<T>> searched = counting(() -> counted.read(tr -> search.nearest(tr, "vector", List.of(lang), q, K, candidates,
          e -> c.test().test(e)).join()), searchKeys);
      assertEquals(ids(searched), ids(found), what);
      assertEquals(distances(searched), distances(found), what);
      assertEquals(searchKeys[0], runTimeKeys[0], "keys read, " + what);
      if (c.text().startsWith("lang")) {
        long[] declaredKeys = new long[1];
        assertEquals(ids(found), ids(counting(() -> s.declared().find(lang, q, candidates), declaredKeys)), what);
        assertEquals(declaredKeys[0], runTimeKeys[0], "keys read by the declared method, " + what);
      }
      List<Long> truth = exact(q, c.test());
      assertEquals(truth.size(), found.size(), "k results (the residual passes enough of the group), " + what);
      for (Scored<T> r : found) {
        assertTrue(c.test().test(r.entity()), "of the group, meeting the residual: " + r.entity().id() + ", " + what);
        assertEquals(euclidean(r.entity().vector(), q), r.distance(), 1e-5, what);
      }
      recall += found.stream().filter(r -> truth.contains(r.entity().id())).count() / (double) truth.size();
    }
    assertTrue(recall / queries >= 0.9, s.layout() + ": recall@10 against exact search " + recall / queries);
  }

  @Test
  void randomRestrictionsFindWhatTheVectorSearchFindsOnlyFromTheGroupMeetingTheResidualInBothLayouts() {
    randomRestrictionsSearchAsTheDeclaredSearch(packed(), new Random(352));
    randomRestrictionsSearchAsTheDeclaredSearch(loose(), new Random(353));
  }

  @Test
  void theDeclaredMethodOfTheSameQueryReturnsTheSameNeighboursReadingTheSameKeys() {
    Side<Clip> s = packed();
    float[] q = CLIPS.get(42).vector();
    s.declaredAbove().find("fr", 4, q, 100);
    s.where().apply(_Clip.lang.equalTo("fr")).nearest(_Clip.vector, q).limit(1).list();
    long[] declaredKeys = new long[1];
    List<Scored<Clip>> declared = counting(() -> s.declaredAbove().find("fr", 4, q, 100), declaredKeys);
    long[] runTimeKeys = new long[1];
    List<Scored<Clip>> runTime = counting(() -> s.where().apply(Restrict.all(_Clip.lang.equalTo("fr"),
        _Clip.stars.greaterThan(4))).nearest(_Clip.vector, q).limit(K).listScored(), runTimeKeys);
    assertEquals(ids(declared), ids(runTime));
    assertEquals(distances(declared), distances(runTime));
    assertEquals(declaredKeys[0], runTimeKeys[0], "keys read");
    List<Clip> entities = s.where().apply(Restrict.all(_Clip.lang.equalTo("fr"), _Clip.stars.greaterThan(4)))
        .nearest(_Clip.vector, q).limit(K).list();
    assertEquals(ids(declared), entities.stream().map(Clip::id).toList(), "list() gives the entities of listScored()");
    assertEquals(ids(declared).get(0), s.where().apply(Restrict.all(_Clip.lang.equalTo("fr"), _Clip.stars.greaterThan(4)))
        .nearest(_Clip.vector, q).first().orElseThrow().id(), "first() is the nearest");
    assertEquals(ids(declared), s.where().apply(Restrict.all(_Clip.lang.equalTo("fr"), _Clip.stars.greaterThan(4)))
        .nearest(_Clip.vector, q).limit(K).stream().map(Clip::id).toList());
  }

  @Test
  void aJdqlFinderTakesANearestOrderAfterItsConditionAndBindings() {
    Side<Clip> s = packed();
    float[] q = CLIPS.get(7).vector();
    List<Long> where = s.where().apply(Restrict.all(_Clip.lang.equalTo("ja"), _Clip.stars.greaterThan(2)))
        .nearest(_Clip.vector, q).limit(5).list().stream().map(Clip::id).toList();
    Finder<Clip> jdql = new ClipRepository(db).jdql("WHERE lang = :lang AND stars > :stars").nearest(_Clip.vector, q).limit(5);
    assertEquals(where, jdql.bind("lang", "ja").bind("stars", 2).list().stream().map(Clip::id).toList());
  }

  /**
   * A value bound to a JDQL parameter that its property cannot hold (text for a whole number, a number for text) is
   * refused when a plain or a nearest finder is read, naming the parameter, the property, its kind and the value's
   * type, rather than a {@code ClassCastException} from the read or a read of the wrong keys; an unbound parameter is
   * still named as unbound, and any number binds to a numeric property.
   */
  @Test
  void aBoundValueItsPropertyCannotHoldIsRefusedNamingBothPlainOrNearest() {
    ClipRepository repository = new ClipRepository(db);
    repository.saveAll(CLIPS.subList(0, 60));
    float[] q = CLIPS.get(7).vector();
    String text = "bind(\"t\", 5): parameter t is compared with title, which holds STRING values, and 5 is an Integer; "
        + "bind a String";
    Finder<Clip> titled = repository.jdql("WHERE lang = 'en' AND title = :t").allowScan().bind("t", 5);
    assertEquals(text, message(IllegalArgumentException.class, titled::list));
    assertEquals(text, message(IllegalArgumentException.class, titled::count));
    assertEquals(text, message(IllegalArgumentException.class, titled::exists));
    assertEquals(text, message(IllegalArgumentException.class, titled::first));
    assertEquals(text, message(IllegalArgumentException.class, titled::stream));
    assertEquals(text, message(IllegalArgumentException.class, () -> titled.page(3, null)));
    Finder<Clip> near = repository.jdql("WHERE lang = ?1 AND stars > ?2").nearest(_Clip.vector, q).limit(5).bind(1, "ja");
    String number = "bind(2, \"2\"): parameter ?2 is compared with stars, which holds INT values, and \"2\" is a String; "
        + "bind a number";
    assertEquals(number, message(IllegalArgumentException.class, () -> near.bind(2, "2").list()));
    assertEquals(number, message(IllegalArgumentException.class, () -> near.bind(2, "2").listScored()));
    assertEquals(number, message(IllegalArgumentException.class, () -> near.bind(2, "2").first()));
    assertEquals("the query's parameter 2 is not bound: bind it with bind(\"2\", value) before reading the results",
        message(IllegalArgumentException.class, near::list), "an unbound parameter is named as before");
    assertEquals(near.bind(2, 2).list().stream().map(Clip::id).toList(), near.bind(2, 2L).list().stream().map(Clip::id).toList(),
        "a long binds to an int property, compared by value");
  }

  @Test
  void aJakartaRepositorysFinderSearchesAsItsDeclaredNearMethod() {
    NotesImpl notes = new NotesImpl(db);
    NoteSearchImpl search = new NoteSearchImpl(db);
    Random rnd = new Random(354);
    List<Note> saved = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      saved.add(new Note(i, i % 2 == 0 ? "maps" : "rivers", "note " + i, 2000 + i, new float[] {rnd.nextFloat(), rnd.nextFloat(),
          rnd.nextFloat(), rnd.nextFloat()}, new float[] {rnd.nextFloat(), rnd.nextFloat()}));
    }
    notes.saveAll(saved);
    float[] q = {0.5f, 0.1f, 0.9f, 0.3f};
    List<Scored<Note>> declared = search.findByTopicAndVectorNear("rivers", q, Limit.of(4));
    List<Scored<Note>> runTime = search.where(_Note.topic.equalTo("rivers")).nearest(_Note.vector, q).limit(4).listScored();
    assertEquals(declared.stream().map(n -> n.entity().id()).toList(), runTime.stream().map(n -> n.entity().id()).toList());
  }

  @Test
  void explainWordsTheSearchAsTheDeclaredMethodsJavadocThenItsKeys() {
    ClipRepository repository = new ClipRepository(db);
    String explained = repository.where(Restrict.all(_Clip.lang.equalTo("en"), _Clip.stars.greaterThan(3)))
        .nearest(_Clip.vector, CLIPS.get(0).vector()).limit(10).candidates(300).explain();
    assertEquals("searches vector index vector (EUCLIDEAN, 8 dimensions) for the 10 entities nearest the query vector,"
        + " nearest first, in the one group lang = $0, checking stars on each candidate (the search widens, within a bound,"
        + " until enough pass): keys (\"Clip\", \"N\", \"vector\", lang, ...): the group's token and centroids, the codes of"
        + " its nearest partitions, the full vectors of the best codes, then the row of each candidate nearest first,"
        + " rescoring 300 candidates exactly", explained);
  }

  private static <X extends Throwable> String message(Class<X> type, org.junit.jupiter.api.function.Executable call) {
    return assertThrows(type, call).getMessage();
  }

  private static void says(String message, String... parts) {
    for (String p : parts) {
      assertTrue(message.contains(p), "'" + p + "' in: " + message);
    }
  }

  @Test
  void aNearestWithoutALimitIsRefusedSayingToGiveOne() {
    Finder<Clip> f = new ClipRepository(db).where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, CLIPS.get(0).vector());
    says(message(IllegalStateException.class, f::list), "list() of a nearest(vector, ...) finder needs limit(k)");
    says(message(IllegalStateException.class, f::listScored), "listScored()", "needs limit(k)");
  }

  @Test
  void countExistsAndPagesOfANearestAreRefusedSayingWhatToCallInstead() {
    Finder<Clip> f = new ClipRepository(db).where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, CLIPS.get(0).vector()).limit(3);
    says(message(IllegalStateException.class, f::count), "count() of a nearest(vector, ...) finder", "list().size()");
    says(message(IllegalStateException.class, f::exists), "exists() of a nearest(vector, ...) finder", "first().isPresent()");
    says(message(IllegalStateException.class, () -> f.page(3, null)), "not read in pages", "larger limit(k)");
  }

  @Test
  void anOrderBesideANearestIsRefusedEitherWay() {
    ClipRepository repository = new ClipRepository(db);
    float[] q = CLIPS.get(0).vector();
    says(message(IllegalArgumentException.class, () -> repository.where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, q)
        .orderBy(_Clip.stars.desc())), "orderBy(...) on a nearest(vector, ...) finder", "nearest first");
    says(message(IllegalArgumentException.class, () -> repository.jdql("WHERE lang = 'en' ORDER BY stars DESC")
        .nearest(_Clip.vector, q)), "nearest(vector, ...) on a finder ordered by [stars desc]", "ORDER BY");
  }

  @Test
  void aNullQueryVectorOrOneOfAnotherLengthIsRefusedNamingTheIndexSizes() {
    ClipRepository repository = new ClipRepository(db);
    says(message(IllegalArgumentException.class, () -> repository.where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, null)),
        "nearest(vector, null): give the query vector");
    says(message(IllegalArgumentException.class, () -> repository.where(_Clip.lang.equalTo("en"))
        .nearest(_Clip.vector, new float[3]).limit(2).list()), "has 8 dimensions but the query vector has 3");
  }

  @Test
  void explainCountsTheCandidatesTheSearchRescoresAtLeastK() {
    ClipRepository repository = new ClipRepository(db);
    float[] q = CLIPS.get(0).vector();
    String given = repository.where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, q).limit(50).candidates(3).explain();
    assertTrue(given.endsWith("rescoring 50 candidates exactly"), given);
    String byDefault = repository.where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, q).limit(500).explain();
    assertTrue(byDefault.endsWith("rescoring 500 candidates exactly"), byDefault);
    String asked = repository.where(_Clip.lang.equalTo("en")).nearest(_Clip.vector, q).limit(5).explain();
    assertTrue(asked.endsWith("rescoring 100 (the default) candidates exactly"), asked);
  }

  @Test
  void candidatesMustBePositiveAndFollowANearest() {
    ClipRepository repository = new ClipRepository(db);
    says(message(IllegalArgumentException.class, () -> repository.where(_Clip.lang.equalTo("en"))
        .nearest(_Clip.vector, CLIPS.get(0).vector()).candidates(0)), "candidates(0)", "must be positive");
    says(message(IllegalStateException.class, () -> repository.where(_Clip.lang.equalTo("en")).candidates(50)),
        "call nearest(vector, query) first");
    says(message(IllegalStateException.class, () -> repository.where(_Clip.lang.equalTo("en")).limit(2).listScored()),
        "listScored() gives the distances of a nearest(...) finder's results");
  }

  @Test
  void aGroupFieldWithoutAnEqualityIsRefusedNamingIt() {
    ClipRepository repository = new ClipRepository(db);
    float[] q = CLIPS.get(0).vector();
    for (Restriction<Clip> r : List.of(_Clip.lang.in(List.of("en", "fr")), _Clip.lang.startsWith("e"), _Clip.stars.greaterThan(2))) {
      says(message(QueryNotServedException.class, () -> repository.where(r).nearest(_Clip.vector, q).limit(3).list()),
          "no vector index of Clip serves the nearest search", "nothing names one value of lang",
          "restrict each of them with equalTo(value)");
    }
  }

  @Test
  void aVectorWithoutAnEmbeddingIsRefusedNamingIt() {
    ClipRepository repository = new ClipRepository(db);
    says(message(QueryNotServedException.class, () -> repository.where(_Clip.lang.equalTo("en"))
        .nearest(_Clip.palette, new float[8]).limit(3).list()), "Clip.palette has no vector index",
        "annotate it @Embedding(dimensions = ...)");
  }
}

package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.Scored;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.vectors.Note;
import io.strata.processor.fixtures.vectors.NoteRepository;
import io.strata.processor.fixtures.vectors.NoteSearch;
import io.strata.processor.fixtures.vectors.NoteSearchImpl;
import io.strata.processor.fixtures.vectors.Notes;
import io.strata.processor.fixtures.vectors._Note;
import io.strata.processor.fixtures.vectors.NotesImpl;
import jakarta.data.Limit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Declared {@code Near} methods of both dialects against brute force: the k nearest of the matching entities, nearest
 * first, only from the group asked for, the other conditions checked on the candidates.
 */
public abstract class DeclaredVectorQueriesContract extends BackendContract {
  private static final List<String> TOPICS = List.of("maps", "rivers", "towns");
  private static final List<Note> NOTES = notes(60);
  private static final float[] QUERY = {0.2f, -0.4f, 0.9f, 0.1f};
  private static final float[] TITLE_QUERY = {0.5f, -0.5f};
  private Notes notes;
  private NoteSearch search;

  private static List<Note> notes(int n) {
    Random random = new Random(35);
    List<Note> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      float[] v = new float[4];
      for (int d = 0; d < v.length; d++) {
        v[d] = random.nextFloat() * 2 - 1;
      }
      out.add(new Note(i, TOPICS.get(i % TOPICS.size()), "note " + (char) ('a' + i % 26), 1990 + i % 30, v,
          new float[] {random.nextFloat() * 2 - 1, random.nextFloat() * 2 - 1}));
    }
    return out;
  }

  @BeforeEach
  void saveNotes() {
    notes = new NotesImpl(db);
    search = new NoteSearchImpl(db);
    notes.saveAll(NOTES);
  }

  private static double euclidean(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (a[i] - b[i]) * (double) (a[i] - b[i]);
    }
    return Math.sqrt(sum);
  }

  /** The ids of the {@code k} matching notes nearest {@code query} on {@code vector}, by brute force. */
  private static List<Long> nearest(Predicate<Note> matching, Function<Note, float[]> vector, float[] query, int k) {
    return NOTES.stream().filter(matching)
        .sorted(Comparator.comparingDouble((Note n) -> euclidean(vector.apply(n), query)).thenComparingLong(Note::id))
        .limit(k).map(Note::id).toList();
  }

  private static List<Long> ids(List<Note> notes) {
    return notes.stream().map(Note::id).toList();
  }

  private static List<Long> scoredIds(List<Scored<Note>> scored) {
    return scored.stream().map(s -> s.entity().id()).toList();
  }

  @Test
  void anUngroupedIndexReturnsTheKNearestOfAllNearestFirstInBothDialects() {
    List<Long> expected = nearest(n -> true, Note::titleVector, TITLE_QUERY, 3);
    assertEquals(expected, ids(notes.findTop3ByTitleVectorNear(TITLE_QUERY)));
    assertEquals(expected, ids(search.findFirst3ByTitleVectorNear(TITLE_QUERY)));
  }

  @Test
  void aGroupedIndexSearchesTheGroupAskedForAndScoresEachResultWithItsDistance() {
    List<Scored<Note>> rivers = notes.findTop3ByTopicAndVectorNear("rivers", QUERY);
    assertEquals(nearest(n -> n.topic().equals("rivers"), Note::vector, QUERY, 3), scoredIds(rivers));
    for (Scored<Note> s : rivers) {
      assertEquals("rivers", s.entity().topic());
      assertEquals(euclidean(s.entity().vector(), QUERY), s.distance(), 1e-5);
    }
    assertEquals(scoredIds(rivers), scoredIds(search.findByTopicAndVectorNear("rivers", QUERY, Limit.of(3))));
    assertEquals(List.of(), scoredIds(notes.findTop3ByTopicAndVectorNear("lakes", QUERY)), "an empty group has no neighbours");
  }

  @Test
  void otherConditionsAreCheckedOnTheCandidates() {
    assertEquals(nearest(n -> n.topic().equals("maps") && n.year() > 2010, Note::vector, QUERY, 2),
        ids(notes.findTop2ByTopicAndYearGreaterThanAndVectorNear("maps", 2010, QUERY)));
    List<Long> towns = nearest(n -> n.topic().equals("towns") && n.title().endsWith("e b"), Note::vector, QUERY, 2);
    assertEquals(1, towns.size(), "one town note is titled 'note b': fewer than k match");
    assertEquals(towns, ids(search.findFirst2ByTopicAndTitleLikeAndVectorNear("towns", "%e b", QUERY)));
  }

  @Test
  void streamsFuturesAndTheSearchOptionGiveTheSameNeighbours() throws Exception {
    List<Long> two = nearest(n -> n.topic().equals("maps"), Note::vector, QUERY, 2);
    try (Stream<Note> s = notes.streamTop2ByTopicAndVectorNear("maps", QUERY)) {
      assertEquals(two, ids(s.toList()));
    }
    assertEquals(two.subList(0, 1), ids(notes.findTop1ByTopicAndVectorNear("maps", QUERY).get()));
    assertEquals(nearest(n -> n.topic().equals("maps"), Note::vector, QUERY, 3),
        scoredIds(notes.findTop3ByTopicAndVectorNear("maps", QUERY, 200)));
  }

  @Test
  void theGeneratedRepositorySearchesEachEmbeddingByGroupWithItsDistance() {
    NoteRepository repository = new NoteRepository(db);
    List<Scored<Note>> towns = repository.nearestVector("towns", QUERY, 4);
    assertEquals(nearest(n -> n.topic().equals("towns"), Note::vector, QUERY, 4), scoredIds(towns));
    for (Scored<Note> s : towns) {
      assertEquals(euclidean(s.entity().vector(), QUERY), s.distance(), 1e-5);
    }
    assertEquals(scoredIds(towns), scoredIds(repository.nearestVector("towns", QUERY, 4, 500)));
    assertEquals(nearest(n -> true, Note::titleVector, TITLE_QUERY, 5), scoredIds(repository.nearestTitleVector(TITLE_QUERY, 5)));
    assertEquals(scoredIds(towns), scoredIds(repository.async().nearestVector("towns", QUERY, 4).join()));
  }

  @Test
  void aRunTimeEqualityOrOrderOnAVectorIsRefusedNamingItAndTheNearestSearch() {
    NoteRepository repository = new NoteRepository(db);
    IllegalArgumentException equal = assertThrows(IllegalArgumentException.class,
        () -> repository.where(_Note.vector.equalTo(QUERY)).allowScan().list());
    assertTrue(equal.getMessage().startsWith("Note.vector is a vector (@Embedding)")
        && equal.getMessage().contains("nearestVector(...)"), equal.getMessage());
    IllegalArgumentException sorted = assertThrows(IllegalArgumentException.class,
        () -> repository.where(_Note.topic.equalTo("maps")).orderBy(_Note.titleVector.asc()).list());
    assertTrue(sorted.getMessage().startsWith("Note.titleVector is a vector (@Embedding): it has no order"), sorted.getMessage());
    RuntimeException jdql = assertThrows(RuntimeException.class,
        () -> repository.jdql("WHERE topic = 'maps' ORDER BY titleVector").list());
    assertTrue(jdql.getMessage().contains("titleVector holds VECTOR values, which have no order"), jdql.getMessage());
    assertEquals(NOTES.size(), repository.where(_Note.vector.notNull()).allowScan().count(), "a null test of a vector is a query");
  }

  @Test
  void aJakartaLimitWithAnOffsetIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> search.findByTopicAndVectorNear("maps", QUERY, Limit.range(2, 4)));
    assertTrue(e.getMessage().contains("give Limit.of(k)"), e.getMessage());
  }

  @Test
  void aNaNOrInfiniteComponentIsRefusedOnSaveAndInEachDialectsSearchNamingItsPosition() {
    Note first = NOTES.get(0);
    for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
      float[] vector = first.vector().clone();
      vector[2] = bad;
      rejected(IllegalArgumentException.class, () -> notes.save(new Note(first.id(), first.topic(), first.title(), first.year(),
          vector, first.titleVector())), "Note " + first.id(), "'vector'", bad + " at component 2", "save finite components");
      rejected(IllegalArgumentException.class, () -> notes.findTop3ByTopicAndVectorNear("rivers", vector),
          "Note vector index 'vector': the query vector has " + bad + " at component 2", "pass finite components");
      rejected(IllegalArgumentException.class, () -> search.findByTopicAndVectorNear("rivers", vector, Limit.of(3)),
          "the query vector has " + bad + " at component 2");
    }
    assertTrue(java.util.Arrays.equals(first.vector(), notes.findById(first.id()).orElseThrow().vector()), "the row kept its vector");
  }

  @Test
  void aNullLimitOfANearMethodIsRefusedAsEveryOtherJakartaFindRefusesIt() {
    NullPointerException near = assertThrows(NullPointerException.class, () -> search.findByTopicAndVectorNear("maps", QUERY, null));
    assertEquals("a Limit parameter must not be null; pass Limit.of(n)", near.getMessage());
  }

  @Test
  void aSavedVectorIsReadBackWhole() {
    Note first = NOTES.get(0);
    assertTrue(java.util.Arrays.equals(first.vector(), notes.findById(first.id()).orElseThrow().vector()));
  }
}

package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.IndexNotReadyException;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Place;
import io.strata.processor.fixtures.PlaceRepository;
import io.strata.IndexReport;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code @Text}: the four match forms, listed and paged, equal brute force over the rows after random
 * histories (the brute force tokenises with its own regular expression), phrases respect order and
 * adjacency, damage is reported, and queries wait for the online build.
 */
public abstract class TextContract extends BackendContract {
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{Nd}]+");
  static final List<String> QUERIES = List.of("saint", "SAINT louis", "Étienne", "sao paulo", "paulo sao", "São-Paulo", "port saint",
      "louis saint", "du", "aix en provence", "provence aix", "dax", "dax 2", "2", "ørsta", "orsta", "nowhere", "saint nowhere",
      "", "  ,; ");
  static final List<String> PREFIXES = List.of("s", "sa", "SAI", "pa", "lou", "ø", "e", "zz", "2");

  /** The words of {@code text}, tokenised independently of the code under test. */
  static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    Matcher m = WORD.matcher(Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", ""));
    while (m.find()) {
      out.add(m.group().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  static boolean containsPhrase(List<String> text, List<String> phrase) {
    return !phrase.isEmpty() && java.util.Collections.indexOfSubList(text, phrase) >= 0;
  }

  static List<Long> ids(Collection<Place> rows, Predicate<List<String>> match) {
    return rows.stream().filter(p -> match.test(words(p.name()))).map(Place::id).sorted().toList();
  }

  static List<Long> idsOf(List<Place> places) {
    return places.stream().map(Place::id).toList();
  }

  static void assertTextMatches(PlaceRepository places, Collection<Place> rows) {
    for (String q : QUERIES) {
      List<String> w = words(q);
      List<Long> all = ids(rows, t -> !w.isEmpty() && t.containsAll(w));
      assertEquals(all, idsOf(places.findByNameContainingAllWords(q)), "all words of '" + q + "'");
      assertEquals(all, idsOf(Pages.all(after -> places.findByNameContainingAllWords(q, 2, after))), "paged all words of '" + q + "'");
      List<Long> any = ids(rows, t -> t.stream().anyMatch(w::contains));
      assertEquals(any, idsOf(places.findByNameContainingAnyWord(q)), "any word of '" + q + "'");
      assertEquals(any, idsOf(Pages.all(after -> places.findByNameContainingAnyWord(q, 3, after))), "paged any word of '" + q + "'");
      List<Long> phrase = ids(rows, t -> containsPhrase(t, w));
      assertEquals(phrase, idsOf(places.findByNameContainingPhrase(q)), "phrase '" + q + "'");
      assertEquals(phrase, idsOf(Pages.all(after -> places.findByNameContainingPhrase(q, 1, after))), "paged phrase '" + q + "'");
    }
    for (String prefix : PREFIXES) {
      String p = words(prefix).get(0);
      List<Long> expected = ids(rows, t -> t.stream().anyMatch(x -> x.startsWith(p)));
      assertEquals(expected, idsOf(places.findByNameContainingWordStartingWith(prefix)), "prefix " + prefix);
      assertEquals(expected, idsOf(Pages.all(after -> places.findByNameContainingWordStartingWith(prefix, 2, after))), "paged prefix " + prefix);
    }
  }

  @Test
  void everyMatchFormEqualsBruteForceOverARandomHistory() {
    PlaceRepository places = new PlaceRepository(db);
    Map<Long, Place> model = new TreeMap<>();
    SplittableRandom r = new SplittableRandom(23);
    for (int step = 0; step < 240; step++) {
      long id = r.nextInt(60);
      if (r.nextInt(5) == 0) {
        places.deleteById(id);
        model.remove(id);
      } else {
        Place p = AggregateContract.randomPlace(r, id);
        places.save(p);
        model.put(id, p);
      }
      if (step % 60 == 59) {
        assertTextMatches(places, model.values());
      }
    }
    IndexReport report = places.verifyIndexes();
    assertTrue(report.isClean(), report.problems().toString());
  }

  @Test
  void wordsAreCaseAndAccentBlindAndAPhraseNeedsOrderAndAdjacency() {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(1, "FR", "city", "Saint-Étienne du Rouvray", 28_000, 18));
    places.save(new Place(2, "FR", "city", "Étienne Saint", 1, 1));
    places.save(new Place(3, "FR", "city", "Saint  Jean, Étienne", 1, 1));
    assertEquals(List.of(1L, 2L, 3L), idsOf(places.findByNameContainingAllWords("ETIENNE saint")));
    assertEquals(List.of(1L), idsOf(places.findByNameContainingPhrase("saint etienne")));
    assertEquals(List.of(2L), idsOf(places.findByNameContainingPhrase("Étienne, SAINT!")));
    assertEquals(List.of(1L, 3L), idsOf(places.findByNameContainingAnyWord("rouvray jean")));
    assertEquals(List.of(1L), idsOf(places.findByNameContainingWordStartingWith("Ro")));
    assertEquals(List.of(), places.findByNameContainingAllWords("saint paris"));
  }

  @Test
  void verifyIndexesReportsAMissingWordAndAStrayEntry() {
    PlaceRepository places = new PlaceRepository(db);
    places.save(new Place(1, "FR", "city", "Aix en Provence", 1, 1));
    Subspace t = new Subspace().get("Place").get("T").get("name");
    db.run(tr -> {
      tr.clear(t.pack(Tuple.from("en", 1L)));
      tr.set(t.pack(Tuple.from("marseille", 1L)), Tuple.from(0L).pack());
      return null;
    });
    IndexReport report = places.verifyIndexes();
    String all = String.join("\n", report.problems());
    assertEquals(2, report.problemCount(), all);
    assertTrue(all.contains("row 1 has no entry for word \"en\" in text index 'name'"), all);
    assertTrue(all.contains("text index 'name' entry (\"marseille\", 1) does not match its row's text"), all);
  }

  @Test
  void aTextIndexAddedToAnEntityWithDataIsBuiltOnline() {
    Map<Long, Place> rows = AggregateContract.upgradeFromPlainPlaces(db, 300);
    PlaceRepository places = new PlaceRepository(db);
    assertThrows(IndexNotReadyException.class, () -> places.findByNameContainingAnyWord("saint"));
    places.maintenance().build("name");
    assertTextMatches(places, new ArrayList<>(rows.values()).stream().sorted(Comparator.comparing(Place::id)).toList());
    assertEquals(Arrays.asList("saint", "etienne", "du", "rouvray"), words("Saint-Étienne du Rouvray"));
  }
}

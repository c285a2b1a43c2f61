package io.strata.processor.behaviour;

import static io.strata.processor.behaviour.TownData.BY_POPULATION;
import static io.strata.processor.behaviour.TownData.ids;
import static io.strata.processor.behaviour.TownData.sortedIds;
import static io.strata.processor.behaviour.TownData.where;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.GeoPoint;
import io.strata.IncorrectResultSizeException;
import io.strata.InvalidContinuationException;
import io.strata.Page;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.queries.Score;
import io.strata.processor.fixtures.queries.ScoreRepository;
import io.strata.processor.fixtures.queries.Scores;
import io.strata.processor.fixtures.queries.ScoresImpl;
import io.strata.processor.fixtures.queries.Seat;
import io.strata.processor.fixtures.queries.SeatRepository;
import io.strata.processor.fixtures.queries.Seats;
import io.strata.processor.fixtures.queries.SeatsImpl;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownName;
import io.strata.processor.fixtures.queries.TownRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.spatial.Geodesy;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every form of the derived-query grammar on a declared {@code @Repository}, against brute-force answers. */
public abstract class DeclaredQueriesContract extends BackendContract {
  private static final List<Town> TOWNS = TownData.towns(60);
  protected Towns towns;

  @BeforeEach
  void saveTowns() {
    towns = new TownsImpl(db);
    towns.saveAll(TOWNS);
  }

  private static List<Town> in(String country) {
    return where(TOWNS, t -> t.country().equals(country));
  }

  @Test
  void aPageLimitOfIntegerMaxValueReadsEverythingInOnePage() {
    int max = Integer.MAX_VALUE;
    Page<Town> jp = towns.findByCountry("JP", max, null);
    assertEquals(sortedIds(in("JP")), sortedIds(jp.items()));
    assertFalse(jp.next().isPresent());
    List<String> codes = TOWNS.stream().map(Town::code).limit(5).toList();
    assertEquals(5, towns.findByCodeIn(codes, max, null).items().size());
    assertEquals(sortedIds(where(TOWNS, t -> t.code().startsWith("M"))), sortedIds(towns.findByCodeStartingWithOrderByCodeDesc("M", max, null).items()));
    assertEquals(sortedIds(in("JP").stream().filter(t -> List.of("JP").contains(t.country())).toList()),
        sortedIds(towns.queryByCountryInOrderByPopulationDesc(List.of("JP"), max, null).items()));
    assertEquals(TOWNS.size(), towns.findAll(max, null).items().size());
    assertEquals(TOWNS.size(), new TownRepository(db).findAll(max, null).items().size());
  }

  @Test
  void pagesOfAnInOnAUniqueIndexReturnEveryMatchOnce() {
    List<String> codes = TOWNS.stream().map(Town::code).limit(5).toList();
    List<Long> paged = Pages.all(after -> towns.findByCodeIn(codes, 2, after)).stream().map(Town::id).sorted().toList();
    assertEquals(where(TOWNS, t -> codes.contains(t.code())).stream().map(Town::id).sorted().toList(), paged);
  }

  @Test
  void pagesOfAnInOnACompositeUniqueIndexReturnEveryMatchOnceInOrder() {
    List<Seat> all = new ArrayList<>();
    for (String section : List.of("A", "B", "C")) {
      for (int row = 1; row <= 3; row++) {
        all.add(new Seat(all.size(), section, row));
      }
    }
    new SeatRepository(db).saveAll(all);
    Seats seats = new SeatsImpl(db);
    List<Seat> inAC = all.stream().filter(s -> !s.section().equals("B")).toList();

    List<Seat> byRow = Pages.all(after -> seats.findBySectionIn(List.of("C", "A"), 3, after));
    assertEquals(inAC.stream().sorted(Comparator.comparingInt(Seat::row).thenComparing(Seat::section)).toList(), byRow);
    List<Seat> byRowDesc = Pages.all(after -> seats.findBySectionInOrderByRowDesc(List.of("C", "A"), 3, after));
    assertEquals(inAC.stream().sorted(Comparator.comparingInt(Seat::row).thenComparing(Seat::section).reversed()).toList(), byRowDesc);
  }

  @Test
  void topNByEqualityOrderedDescendingReturnsTheLargestFirst() {
    List<Town> expected = in("JP").stream().sorted(BY_POPULATION.reversed()).limit(5).toList();
    assertEquals(ids(expected), ids(towns.findTop5ByCountryOrderByPopulationDesc("JP")));
  }

  @Test
  void orderAscendingFollowsTheIndex() {
    assertEquals(ids(in("FR").stream().sorted(BY_POPULATION).toList()), ids(towns.findByCountryOrderByPopulationAsc("FR")));
  }

  @Test
  void betweenIncludesBothBounds() {
    List<Town> expected = where(TOWNS, t -> t.country().equals("US") && t.population() >= 200 && t.population() <= 600);
    List<Town> found = towns.findByCountryAndPopulationBetween("US", 200, 600);
    assertEquals(sortedIds(expected), sortedIds(found));
    Town edge = in("US").get(0);
    assertTrue(ids(towns.findByCountryAndPopulationBetween("US", edge.population(), edge.population())).contains(edge.id()));
  }

  @Test
  void betweenWithMinAboveMaxReturnsNothing() {
    assertEquals(List.of(), towns.findByCountryAndPopulationBetween("US", 600, 200));
  }

  @Test
  void twoRangeCriteriaOnOneFieldMakeOneRange() {
    List<Town> expected = where(TOWNS, t -> t.country().equals("DE") && t.population() > 100 && t.population() <= 700);
    assertEquals(sortedIds(expected), sortedIds(towns.findByCountryAndPopulationGreaterThanAndPopulationLessThanEqual("DE", 100, 700)));
  }

  @Test
  void lessThanAndGreaterThanEqualAreExclusiveAndInclusive() {
    assertEquals(sortedIds(where(TOWNS, t -> t.population() < 300)), sortedIds(towns.findByPopulationLessThan(300)));
    assertEquals(ids(TOWNS.stream().filter(t -> t.population() >= 500).sorted(BY_POPULATION.reversed()).toList()),
        ids(towns.findByPopulationGreaterThanEqualOrderByPopulationDesc(500)));
  }

  @Test
  void beforeAndAfterCompareDates() {
    LocalDate pivot = LocalDate.of(1900, 1, 1);
    assertEquals(sortedIds(where(TOWNS, t -> t.founded().isBefore(pivot))), sortedIds(towns.findByFoundedBefore(pivot)));
    assertEquals(sortedIds(where(TOWNS, t -> t.founded().isAfter(pivot))), sortedIds(towns.findByFoundedAfter(pivot)));
  }

  @Test
  void startingWithIsAPrefixRange() {
    assertEquals(sortedIds(where(TOWNS, t -> t.name().startsWith("Sai"))), sortedIds(towns.findByNameStartingWith("Sai")));
    assertEquals(sortedIds(where(TOWNS, t -> t.name().startsWith("San-1"))), sortedIds(towns.findByNameStartingWith("San-1")));
    assertEquals(List.of(), towns.findByNameStartingWith("Zzz"));
    assertEquals(sortedIds(where(TOWNS, t -> t.country().equals("JP") && t.name().startsWith("Port"))),
        sortedIds(towns.findByCountryAndNameStartsWith("JP", "Port")));
  }

  @Test
  void optionalResultsAreEmptyOrTheOne() {
    assertEquals(Optional.of(TOWNS.get(7)), towns.findByCode("C7"));
    assertEquals(Optional.empty(), towns.findByCode("nope"));
  }

  @Test
  void aBareEntityResultIsTheOneMatchAndNoMatchIsAnErrorNotNull() {
    assertEquals(TOWNS.get(8), towns.getByCode("C8"));
    IncorrectResultSizeException none = assertThrows(IncorrectResultSizeException.class, () -> towns.getByCode("nope"));
    assertEquals("getByCode", none.query());
    assertEquals(1, none.expected());
    assertEquals(0, none.found());
    assertTrue(none.getMessage().startsWith("getByCode expected exactly one result but found none; declare it to return"
        + " Optional<...>"), none.getMessage());
    assertEquals(TOWNS.get(8), towns.queryByCode("C8").join());
    java.util.concurrent.CompletionException async = assertThrows(java.util.concurrent.CompletionException.class,
        () -> towns.queryByCode("nope").join());
    assertEquals(IncorrectResultSizeException.class, async.getCause().getClass(), "the asynchronous form fails the same way");
  }

  @Test
  void moreThanOneResultForASingleResultMethodFails() {
    towns.save(new Town(1000, "Twin", "JP", 1, false, "T1", LocalDate.of(2000, 1, 1), null));
    towns.save(new Town(1001, "Twin", "JP", 2, false, "T2", LocalDate.of(2000, 1, 1), null));
    IncorrectResultSizeException e = assertThrows(IncorrectResultSizeException.class, () -> towns.findByName("Twin"));
    assertTrue(e.getMessage().contains("findByName"), e.getMessage());
    IncorrectResultSizeException bare = assertThrows(IncorrectResultSizeException.class, () -> towns.readByName("Twin"));
    assertEquals(2, bare.found());
    assertTrue(bare.getMessage().startsWith("readByName expected at most one result but found 2"), bare.getMessage());
    assertEquals(TOWNS.get(2), towns.readByName(TOWNS.get(2).name()));
    assertEquals(Optional.of(TOWNS.get(2)), towns.findByName(TOWNS.get(2).name()));
  }

  @Test
  void firstReturnsTheTopOne() {
    Town largest = in("FR").stream().max(BY_POPULATION).orElseThrow();
    assertEquals(Optional.of(largest), towns.findFirstByCountryOrderByPopulationDesc("FR"));
    assertEquals(Optional.empty(), towns.findFirstByCountryOrderByPopulationDesc("XX"));
  }

  @Test
  void pagesFollowContinuationsToEveryMatch() {
    List<List<Town>> pages = Pages.each(after -> towns.findByCountry("JP", 4, after));
    assertTrue(pages.size() > 2);
    pages.subList(0, pages.size() - 1).forEach(p -> assertEquals(4, p.size()));
    // byCountryPopulation, not the covering byCountryName, which has no entry for a town without a name
    assertEquals(ids(in("JP").stream().sorted(BY_POPULATION).toList()), ids(pages.stream().flatMap(List::stream).toList()));
  }

  @Test
  void inPagesAreMergedInOrder() {
    List<Town> expected = TOWNS.stream().filter(t -> Set.of("JP", "DE").contains(t.country())).sorted(BY_POPULATION.reversed()).toList();
    List<Town> paged = Pages.all(after -> towns.queryByCountryInOrderByPopulationDesc(List.of("JP", "DE"), 3, after));
    assertEquals(ids(expected), ids(paged));
  }

  @Test
  void recordProjectionsComeFromKeysOrRows() {
    List<TownName> expected = TOWNS.stream().filter(t -> Set.of("FR", "US").contains(t.country()))
        .map(t -> new TownName(t.name(), t.country())).sorted(Comparator.comparing(TownName::country).thenComparing(TownName::name)).toList();
    assertEquals(Set.copyOf(expected), Set.copyOf(towns.findByCountryIn(List.of("US", "FR"))));
    assertEquals(expected.size(), towns.findByCountryIn(List.of("US", "FR", "US")).size());
    assertEquals(Set.copyOf(TOWNS.stream().filter(t -> t.population() > 800).map(t -> new TownName(t.name(), t.country())).toList()),
        Set.copyOf(towns.readByPopulationGreaterThan(800)));
  }

  @Test
  void topNOverInValuesMergesEachValuesTop() {
    List<Town> expected = TOWNS.stream().filter(t -> Set.of("FR", "US").contains(t.country())).sorted(BY_POPULATION.reversed()).limit(3).toList();
    assertEquals(ids(expected), ids(towns.findTop3ByCountryInOrderByPopulationDesc(List.of("FR", "US"))));
  }

  @Test
  void orderByAnInFieldConcatenatesTheValuesInOrder() {
    List<String> countries = towns.findByCountryInOrderByCountryDesc(List.of("DE", "US", "FR")).stream().map(Town::country).toList();
    assertEquals(countries.stream().sorted(Comparator.reverseOrder()).toList(), countries);
    assertEquals(in("DE").size() + in("US").size() + in("FR").size(), countries.size());
  }

  @Test
  void emptyInReturnsNothing() {
    assertEquals(List.of(), towns.findTop3ByCountryInOrderByPopulationDesc(List.of()));
    assertEquals(0, towns.countByCountryIn(List.of()));
  }

  @Test
  void trueAndFalseNeedNoParameter() {
    assertEquals(sortedIds(where(TOWNS, Town::capital)), sortedIds(towns.findByCapitalTrue()));
    assertEquals(sortedIds(where(TOWNS, t -> !t.capital())), sortedIds(towns.findByCapitalFalse()));
  }

  @Test
  void countsAndExistence() {
    assertEquals(in("JP").size(), towns.countByCountry("JP"));
    assertEquals(where(TOWNS, Town::capital).size(), towns.countByCapitalTrue());
    assertEquals(in("JP").size() + in("FR").size(), towns.countByCountryIn(List.of("JP", "FR")));
    assertTrue(towns.existsByCode("C3"));
    assertFalse(towns.existsByCode("C999"));
    assertTrue(towns.existsByCountryAndPopulationGreaterThan("JP", 0));
    assertFalse(towns.existsByCountryAndPopulationGreaterThan("JP", 999));
  }

  @Test
  void deleteRemovesRowsAndIndexEntries() {
    assertEquals(in("DE").size(), towns.deleteByCountry("DE"));
    assertEquals(0, towns.countByCountry("DE"));
    assertEquals(TOWNS.size() - in("DE").size(), towns.count());
    assertEquals(0, towns.deleteByCountry("DE"));
    towns.removeByCode("C0");
    assertFalse(towns.existsById(0L));
    assertEquals(List.of(), towns.findByNameStartingWith("San-0"));
  }

  @Test
  void propertyProjectionsAndDistinct() {
    assertEquals(in("US").stream().sorted(BY_POPULATION).map(Town::name).toList(), towns.findNameByCountry("US"));
    assertEquals(ids(in("US").stream().sorted(BY_POPULATION.reversed()).toList()), towns.findIdByCountryOrderByPopulationDesc("US"));
    List<String> distinct = towns.findDistinctCountryByCapitalTrue();
    assertEquals(Set.copyOf(where(TOWNS, Town::capital).stream().map(Town::country).toList()), Set.copyOf(distinct));
    assertEquals(Set.copyOf(distinct).size(), distinct.size());
  }

  @Test
  void anIndexWithAnEntryForEveryAnswerIsPreferredToACoveringOneThatLeavesOutNulls() {
    towns.save(new Town(95_000, null, "JP", 7, false, "NN", LocalDate.of(2001, 1, 1), null));
    assertTrue(sortedIds(Pages.all(after -> towns.findByCountry("JP", 100, after))).contains(95_000L));
    assertTrue(towns.findByCountryIn(List.of("JP")).stream().anyMatch(t -> t.name() == null));
  }

  @Test
  void aDoubleCriterionMatchesAsJavaComparesAndNaNIsRejected() {
    Scores scores = new ScoresImpl(db);
    scores.saveAll(List.of(new Score("neg-zero", -0.0), new Score("zero", 0.0), new Score("nan", Double.NaN), new Score("one", 1.0)));
    assertEquals(Set.of("neg-zero", "zero"), scores.findByValue(0.0).stream().map(Score::id).collect(Collectors.toSet()));
    assertEquals(Set.of("neg-zero", "zero"), scores.findByValue(-0.0).stream().map(Score::id).collect(Collectors.toSet()));
    assertEquals(Set.of("neg-zero", "zero"), scores.findByValueBetween(0.0, -0.0).stream().map(Score::id).collect(Collectors.toSet()));
    assertEquals(Set.of("neg-zero", "zero"), scores.findByValueIn(List.of(-0.0)).stream().map(Score::id).collect(Collectors.toSet()));
    assertEquals(-0.0, scores.findById("neg-zero").orElseThrow().value(), "the row keeps the value as saved");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> scores.findByValueBetween(Double.NaN, Double.NaN));
    assertTrue(e.getMessage().contains("Score: the value for 'value' is NaN"), e.getMessage());
    assertTrue(new ScoreRepository(db).verifyIndexes().isClean());
  }

  @Test
  void aFilteredPageTokenIsBoundToItsMethodAndArguments() {
    Continuation filtered = towns.findByCapitalAndPopulationGreaterThan(false, 0, 1, null).next().orElseThrow();
    assertThrows(InvalidContinuationException.class, () -> towns.findByCapitalAndPopulationGreaterThan(false, 5, 1, filtered));
    assertThrows(InvalidContinuationException.class, () -> towns.findByIdLessThan(1_000, 1, filtered));
    Continuation allRows = towns.findByIdLessThan(1_000, 1, null).next().orElseThrow();
    assertThrows(InvalidContinuationException.class, () -> towns.findByIdLessThan(500, 1, allRows));
    assertThrows(InvalidContinuationException.class, () -> towns.findAll(1, allRows));
    assertThrows(InvalidContinuationException.class, () -> towns.findByCapitalAndPopulationGreaterThan(false, 0, 1, allRows));
  }

  @Test
  void aFilteredPageStopsAtItsReadBudgetWithAContinuation() {
    List<Town> many = new ArrayList<>();
    for (int i = 0; i < 2_500; i++) {
      many.add(new Town(200_000 + i, "Many-" + i, "MM", 1_000 + i, false, "MM" + i, LocalDate.of(1990, 1, 1), null));
    }
    new TownRepository(db).saveAll(many);

    Page<Town> none = towns.findByIdLessThan(-1, 10, null);
    assertEquals(List.of(), none.items());
    assertTrue(none.next().isPresent(), "a filter that matches nothing stops at its budget and says where to go on");
    assertEquals(List.of(), Pages.all(after -> towns.findByIdLessThan(-1, 10, after)));

    Page<Town> noneByIndex = towns.findByCapitalAndPopulationGreaterThan(false, Long.MAX_VALUE - 1, 10, null);
    assertEquals(List.of(), noneByIndex.items());
    assertTrue(noneByIndex.next().isPresent());
    List<Town> big = Pages.all(after -> towns.findByCapitalAndPopulationGreaterThan(false, 3_000, 10, after));
    assertEquals(sortedIds(where(many, t -> t.population() > 3_000)), sortedIds(big));
  }

  @Test
  void distinctKeepsOneNullAndAppliesBeforeTheTopN() {
    List<String> names = Arrays.asList("same", "same", "n2", "n3", null, null);
    for (int i = 0; i < names.size(); i++) {
      towns.save(new Town(90_000 + i, names.get(i), "DD", i - 6, false, "D" + i, LocalDate.of(2001, 1, 1), null));
    }
    assertEquals(Arrays.asList("same", "n2", "n3", null), towns.findDistinctNameByPopulationBetween(-6, -1));
    assertEquals(List.of("same", "n2", "n3"), towns.findDistinctTop3NameByPopulationBetween(-6, -1));
  }

  @Test
  void orReturnsTheUnionWithoutDuplicates() {
    List<Town> expected = where(TOWNS, t -> t.country().equals("JP") || t.name().startsWith("Saint"));
    List<Town> found = towns.findByCountryOrNameStartingWith("JP", "Saint");
    assertEquals(sortedIds(expected), sortedIds(found));
    assertEquals(expected.size(), found.size());
    assertEquals(where(TOWNS, t -> t.country().equals("FR") || t.capital()).size(), towns.countByCountryOrCapitalTrue("FR"));
  }

  @Test
  void anOrWithABranchNoIndexNarrowsIsOneReadOfEveryRowCheckingEachBranch() {
    long last = TOWNS.stream().mapToLong(Town::id).max().orElseThrow();
    List<Town> found = towns.findByCountryOrIdGreaterThan("JP", last - 20);
    assertEquals(sortedIds(where(TOWNS, t -> t.country().equals("JP") || t.id() > last - 20)), sortedIds(found));
    assertEquals(found.size(), found.stream().map(Town::id).distinct().count());
  }

  @Test
  void orWithOrderAndTopMergesTheBranches() {
    List<Town> expected = TOWNS.stream().filter(t -> t.country().equals("JP") || t.population() > 900).sorted(BY_POPULATION.reversed())
        .limit(4).toList();
    assertEquals(ids(expected), ids(towns.findTop4ByCountryOrPopulationGreaterThanOrderByPopulationDesc("JP", 900)));
  }

  /**
   * A branch whose equality fixes the sorted property (population = p) holds its ties by id ascending, while the union
   * merges by the order then the id in its direction (descending here): its first two keys are not the union's first two.
   */
  @Test
  void orWithOrderAndTopWhereABranchFixesTheSortedPropertyTakesTheUnionsFirst() {
    long most = 1_000_000_000L;
    for (long id = 9001; id <= 9003; id++) {
      towns.save(new Town(id, "Tie" + id, "XX", most, false, "X" + id, LocalDate.of(2000, 1, 1), null));
    }
    assertEquals(List.of(9003L, 9002L), ids(towns.findTop2ByPopulationOrCountryOrderByPopulationDesc(most, "YY")),
        "the highest ids first among the tied, as the union's order (population desc, then id desc) has them");
  }

  @Test
  void streamsReadLazilyInBatchesAcrossTransactions() {
    for (int i = 0; i < 600; i++) {
      towns.save(new Town(10_000 + i, "Many-" + i, "XX", i, false, "M" + i, LocalDate.of(1999, 1, 1), null));
    }
    try (Stream<Town> all = towns.streamByCountry("XX")) {
      assertEquals(600, all.count());
    }
    try (Stream<Town> first = towns.streamByCountry("XX")) {
      assertEquals(List.of("Many-0", "Many-1"), first.limit(2).map(Town::name).toList());
    }
    try (Stream<String> names = towns.streamNameByCountryOrderByPopulationDesc("JP")) {
      assertEquals(in("JP").stream().sorted(BY_POPULATION.reversed()).map(Town::name).toList(), names.toList());
    }
  }

  @Test
  void asynchronousFormsCompleteWithTheSameResults() {
    assertEquals(ids(in("JP").stream().sorted(BY_POPULATION.reversed()).toList()), ids(towns.findByCountryOrderByPopulationDesc("JP").join()));
    assertEquals(where(TOWNS, t -> t.population() > 500).size(), towns.countByPopulationGreaterThan(500).join());
    assertEquals(Optional.of(TOWNS.get(5)), towns.getByName(TOWNS.get(5).name()).join());
    towns.removeByCountry("FR").join();
    assertEquals(0, towns.countByCountry("FR"));
  }

  @Test
  void spatialCriteriaUseTheZOrderIndex() {
    BoundingBox box = BoundingBox.geo(-10, -50, 40, 60);
    List<Town> inside = where(TOWNS, t -> t.location().lat() >= -10 && t.location().lat() <= 40 && t.location().lon() >= -50
        && t.location().lon() <= 60);
    assertFalse(inside.isEmpty());
    assertEquals(sortedIds(inside), sortedIds(towns.findByLocationWithin(box)));
    assertEquals(sortedIds(where(inside, t -> t.country().equals("JP"))), sortedIds(towns.findByLocationWithinAndCountry(box, "JP")));
    BoundingBox world = BoundingBox.geo(-90, -180, 90, 180);
    List<Town> japanese = towns.findByLocationWithinAndCountry(world, "JP");
    assertEquals(sortedIds(in("JP")), sortedIds(japanese));
    assertEquals(japanese.subList(0, 3), towns.findFirst3ByLocationWithinAndCountry(world, "JP"), "the first three, in the box's order");
    try (Stream<Town> streamed = towns.streamByLocationWithin(box)) {
      assertEquals(sortedIds(inside), sortedIds(streamed.toList()));
    }
    assertEquals(sortedIds(inside), sortedIds(Pages.all(after -> towns.findByLocationWithin(box, 3, after).join())));
    GeoPoint centre = TOWNS.get(10).location();
    List<Town> near = where(TOWNS, t -> Geodesy.distanceMeters(centre.lat(), centre.lon(), t.location().lat(), t.location().lon()) <= 2_000_000);
    assertEquals(sortedIds(near), sortedIds(towns.findByLocationNear(centre, 2_000_000)));
  }

  @Test
  void allowFilteringChecksTheRestOnEachRow() {
    assertEquals(sortedIds(where(TOWNS, t -> t.country().equals("JP") && t.capital())), sortedIds(towns.findByCountryAndCapital("JP", true)));
    LocalDate pivot = LocalDate.of(1950, 1, 1);
    List<Town> expected = TOWNS.stream().filter(t -> t.population() > 100 && t.founded().isBefore(pivot)).sorted(BY_POPULATION).limit(2).toList();
    assertEquals(ids(expected), ids(towns.findTop2ByPopulationGreaterThanAndFoundedBeforeOrderByPopulationAsc(100, pivot)));
  }

  @Test
  void allowFilteringWithoutAHelpfulIndexReadsEveryRow() {
    assertEquals(ids(where(TOWNS, t -> t.id() > 20 && t.capital())), ids(towns.findByIdGreaterThanAndCapitalTrue(20)));
    List<List<Town>> pages = Pages.each(after -> towns.findByIdLessThan(25, 4, after));
    assertEquals(ids(where(TOWNS, t -> t.id() < 25)), ids(pages.stream().flatMap(List::stream).toList()));
    assertTrue(pages.stream().allMatch(p -> p.size() <= 4) && pages.size() >= 7);
    assertEquals(where(TOWNS, t -> t.id() >= 10 && t.id() <= 19).size(), towns.countByIdBetween(10, 19));
  }

  @Test
  void idCriteriaReadThoseRowsDirectly() {
    assertEquals(List.of(TOWNS.get(9), TOWNS.get(3)), towns.findByIdIn(List.of(9L, 3L, 9L, 999L)));
    assertEquals(Optional.of(TOWNS.get(4)), towns.findByIdAndCountry(4, TOWNS.get(4).country()));
    assertEquals(Optional.empty(), towns.findByIdAndCountry(4, "nowhere"));
    assertEquals(List.of(0L, 7L, 14L).size(), towns.countByIdInAndCapitalTrue(List.of(0L, 1L, 7L, 14L, 15L)));
  }

  @Test
  void aContinuationOfOtherArgumentsIsRejected() {
    io.strata.Continuation jp = towns.findByCountry("JP", 2, null).next().orElseThrow();
    assertThrows(io.strata.InvalidContinuationException.class, () -> towns.findByCountry("FR", 2, jp));
    io.strata.Continuation desc = towns.queryByCountryInOrderByPopulationDesc(List.of("JP"), 2, null).next().orElseThrow();
    assertThrows(io.strata.InvalidContinuationException.class, () -> towns.findByCountry("JP", 2, desc));
  }

  @Test
  void aTransactionContextComposesWithTheCallersTransaction() {
    Town fresh = new Town(500, "Fresh", "NZ", 5, false, "F1", LocalDate.of(2020, 1, 1), null);
    List<Town> seen = db.run(tr -> {
      new io.strata.processor.fixtures.queries.TownRepository(db).save(tr, fresh);
      return towns.findByCountry(tr, "NZ");
    });
    assertEquals(List.of(fresh), seen);
    long deleted = db.run(tr -> towns.deleteByCountryIn(tr, List.of("NZ", "JP")));
    assertEquals(1 + in("JP").size(), deleted);
    assertEquals(0, towns.countByCountry("JP"));
  }

  @Test
  void orderByAloneReadsTheWholeIndexInOrder() {
    assertEquals(ids(TOWNS.stream().sorted(BY_POPULATION.reversed()).limit(10).toList()), ids(towns.findTop10ByOrderByPopulationDesc()));
  }

  @Test
  void defaultMethodsAreLeftAlone() {
    assertEquals(TOWNS.get(3), towns.getOrFail(3));
  }

  @Test
  void crudMethodsWorkById() {
    assertEquals(Optional.of(TOWNS.get(4)), towns.findById(4L));
    assertEquals(List.of(TOWNS.get(2), TOWNS.get(1)), towns.findAllById(List.of(2L, 999L, 1L)));
    assertTrue(towns.existsById(1L));
    assertTrue(towns.deleteById(1L));
    assertFalse(towns.deleteById(1L));
    assertEquals(TOWNS.size() - 1, towns.count());
    assertEquals(TOWNS.size() - 1, Pages.all(after -> towns.findAll(7, after)).size());
    assertEquals(Tuple.from(2L), Tuple.from(towns.findById(2L).orElseThrow().id()));
  }
}

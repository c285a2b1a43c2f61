package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.embedded.EmbeddedFdb;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries.TownsImpl;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Strata page's continuation is public API, "valid across transactions and processes": a token handed to a client
 * must resume after the code that made it changes. The tokens here were issued by the generated code of 2026-11-29
 * (`main` at `725657a`, before Strata's pages move onto the read core's loop) for the first page of each page shape on
 * the same 40 towns, and kept as their bytes: each must still resume exactly after its page (the rest answered as the
 * brute force over the towns says), and today's first page must still issue it (a change of the token's format fails
 * here first, where it can be made compatible, rather than in a client's next call).
 */
class PageTokensTest {
  private Database db;
  private TownsImpl towns;
  private final List<Town> all = new ArrayList<>();

  @BeforeEach
  void saveTowns() {
    db = EmbeddedFdb.open();
    towns = new TownsImpl(db);
    IntStream.rangeClosed(1, 40).forEach(i -> all.add(new Town(i, "t" + i, i % 2 == 0 ? "FR" : "DE", i * 10L, i % 5 == 0, "c" + i,
        LocalDate.of(2000, 1, 1), null)));
    towns.saveAll(all);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void anIndexPageTokenResumesAfterItsPage() {
    check("530145698dbf002602546f776e00024900026279436f756e747279506f70756c6174696f6e0002465200153c15062643acad",
        (after, n) -> towns.findByCountry("FR", n, after), 3, List.of(2L, 4L, 6L), evens(8, 40));
  }

  @Test
  void aBackwardsIndexPageTokenResumesAfterItsPage() {
    check("5301a3e04d84002702546f776e00024900026279436f756e747279506f70756c6174696f6e000246520016016815248137816a",
        (after, n) -> towns.findByCountryOrderByPopulationDesc("FR", n, after), 3, List.of(40L, 38L, 36L), descending(evens(2, 34)));
  }

  @Test
  void anInPageTokenResumesAfterItsPage() {
    // the unique index on code holds "c12" < "c3" < "c30" < "c7"
    check("53013286a5da001302546f776e0002550002636f6465000263330093054cef",
        (after, n) -> towns.findByCodeIn(List.of("c7", "c3", "c12", "c30"), n, after), 2, List.of(12L, 3L), List.of(30L, 7L));
  }

  @Test
  void aPageOfEveryRowTokenResumesAfterItsPage() {
    check("5301e68fbc03000b02546f776e00025200150508a60bbf", (after, n) -> towns.findByIdLessThan(30L, n, after), 4,
        List.of(1L, 2L, 3L, 4L), ids(t -> t.id() > 4 && t.id() < 30));
  }

  @Test
  void aFilteredIndexPageTokenResumesAfterItsPage() {
    check("530112060051001502546f776e00024900026361706974616c0027150f3a7994fe",
        (after, n) -> towns.findByCapitalAndPopulationGreaterThan(true, 50L, n, after), 2, List.of(10L, 15L),
        ids(t -> t.capital() && t.population() > 50 && t.id() > 15));
  }

  /** A page read from a continuation (null: the first) of a size. */
  private interface Pages {
    Page<Town> read(Continuation after, int n);
  }

  private void check(String issued, Pages pages, int size, List<Long> firstPage, List<Long> rest) {
    Page<Town> first = pages.read(null, size);
    assertEquals(firstPage, first.items().stream().map(Town::id).toList(), "the first page");
    assertEquals(issued, HexFormat.of().formatHex(first.next().orElseThrow().toBytes()), "the token the first page issues");
    List<Long> read = new ArrayList<>();
    Continuation after = Continuation.fromBytes(HexFormat.of().parseHex(issued));
    do {
      Page<Town> page = pages.read(after, size);
      page.items().forEach(t -> read.add(t.id()));
      after = page.next().orElse(null);
    } while (after != null);
    assertEquals(rest, read, "what the token issued on 2026-11-29 resumes");
  }

  private static List<Long> evens(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i <= to; i += 2) {
      out.add(i);
    }
    return out;
  }

  private static List<Long> descending(List<Long> ids) {
    List<Long> out = new ArrayList<>(ids);
    java.util.Collections.reverse(out);
    return out;
  }

  private List<Long> ids(java.util.function.Predicate<Town> test) {
    return all.stream().filter(test).map(Town::id).toList();
  }
}

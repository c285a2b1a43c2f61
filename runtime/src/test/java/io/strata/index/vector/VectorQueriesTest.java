package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many partitions a vector search reads first. */
class VectorQueriesTest {
  @Test
  void aLargeGroupIsProbedInOneOfEvery48PartitionsWhateverTheCandidates() {
    assertEquals(30, VectorQueries.probes(VectorQueries.DEFAULT_CANDIDATES, 64, 1_440, false, 0), "1,440 partitions / 48");
    assertEquals(30, VectorQueries.probes(20, 64, 1_440, false, 0), "fewer candidates do not probe fewer partitions");
    assertEquals(21, VectorQueries.probes(100, 64, 961, false, 0), "rounded up");
  }

  @Test
  void aSmallUngroupedIndexIsProbedForTwiceTheCandidatesInCodesAndAtLeastTwoPartitions() {
    assertEquals(4, VectorQueries.probes(100, 64, 100, false, 0), "200 codes in partitions of at least 64");
    assertEquals(13, VectorQueries.probes(400, 64, 300, false, 0));
    assertEquals(2, VectorQueries.probes(10, 64, 3, false, 0));
    assertEquals(2, VectorQueries.probes(10, 64, 0, false, 0), "no partitions yet: the probe reads none of the two");
  }

  @Test
  void aGroupOfAGroupedIndexOfManyRowsIsProbedForSixteenCodesPerCandidate() {
    assertEquals(25, VectorQueries.probes(100, 64, 80, true, 100_000), "1,600 codes in partitions of at least 64, of a group of 80 partitions");
    assertEquals(5, VectorQueries.probes(20, 64, 80, true, 100_000));
    assertEquals(30, VectorQueries.probes(100, 64, 1_440, true, 100_000), "one partition in 48 when the group is larger");
    assertEquals(4, VectorQueries.probes(100, 64, 100, false, 0), "an ungrouped index keeps twice the candidates");
  }

  @Test
  void aGroupOfASmallGroupedIndexIsProbedForAtMostOneCodeIn48OfTheIndexsRows() {
    assertEquals(7, VectorQueries.probes(100, 64, 80, true, 20_000), "416 codes, not 1,600, in an index of 20,000 rows");
    assertEquals(25, VectorQueries.probes(100, 64, 80, true, 76_800), "1,600 codes: sixteen per candidate is one in 48 here");
    assertEquals(24, VectorQueries.probes(100, 64, 80, true, 73_775), "1,536 codes in 24 partitions of 64");
    assertEquals(4, VectorQueries.probes(100, 64, 80, true, 1_000), "never fewer than twice the candidates, as ungrouped");
    assertEquals(13, VectorQueries.probes(400, 64, 80, true, 12_000), "more candidates read more, whatever the index's rows");
    assertEquals(2, VectorQueries.probes(10, 64, 80, true, 1_000), "at least two partitions");
    assertEquals(4, VectorQueries.probes(100, 64, 100, false, 1_000), "an ungrouped index goes by its own partitions, not its rows");
  }
}

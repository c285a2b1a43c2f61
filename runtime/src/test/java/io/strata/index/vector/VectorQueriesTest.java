package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many partitions a vector search reads first. */
class VectorQueriesTest {
  @Test
  void aLargeGroupIsProbedInOneOfEvery48PartitionsWhateverTheCandidates() {
    assertEquals(30, VectorQueries.probes(VectorQueries.DEFAULT_CANDIDATES, 64, 1_440, false), "1,440 partitions / 48");
    assertEquals(30, VectorQueries.probes(20, 64, 1_440, false), "fewer candidates do not probe fewer partitions");
    assertEquals(21, VectorQueries.probes(100, 64, 961, false), "rounded up");
  }

  @Test
  void aSmallUngroupedIndexIsProbedForTwiceTheCandidatesInCodesAndAtLeastTwoPartitions() {
    assertEquals(4, VectorQueries.probes(100, 64, 100, false), "200 codes in partitions of at least 64");
    assertEquals(13, VectorQueries.probes(400, 64, 300, false));
    assertEquals(2, VectorQueries.probes(10, 64, 3, false));
    assertEquals(2, VectorQueries.probes(10, 64, 0, false), "no partitions yet: the probe reads none of the two");
  }

  @Test
  void aGroupOfAGroupedIndexIsProbedForSixteenCodesPerCandidate() {
    assertEquals(25, VectorQueries.probes(100, 64, 80, true), "1,600 codes in partitions of at least 64, of a group of 80 partitions");
    assertEquals(5, VectorQueries.probes(20, 64, 80, true));
    assertEquals(30, VectorQueries.probes(100, 64, 1_440, true), "one partition in 48 when the group is larger");
    assertEquals(4, VectorQueries.probes(100, 64, 100, false), "an ungrouped index keeps twice the candidates");
  }
}

package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one union's ordered forms: branches merged by an order, each entity once. */
class UnionPagesTest {
  private static final Comparator<Integer> BY_TENS = Comparator.comparingInt(i -> i / 10);

  @Test
  void aMergeIsSortedAndTiesComeFromTheEarlierBranchFirst() {
    List<Integer> merged = UnionPages.merged(List.of(Stream.of(10, 31, 50), Stream.of(0, 30, 51)), BY_TENS).toList();
    assertEquals(List.of(0, 10, 31, 30, 50, 51), merged);
  }

  @Test
  void aMergeReadsEachBranchOnlyAsFarAsItHandsOut() {
    List<Integer> pulled = new ArrayList<>();
    Stream<Integer> first = Stream.of(1, 2, 3, 4).peek(pulled::add);
    Stream<Integer> second = Stream.of(5, 6, 7).peek(pulled::add);
    assertEquals(List.of(1, 2), UnionPages.merged(List.of(first, second), Comparator.<Integer>naturalOrder()).limit(2).toList());
    assertEquals(List.of(1, 5, 2), pulled); // each branch's head, then the next of the branch handed out last
  }

  @Test
  void aBranchSkipsWhatAnEarlierBranchsConditionMatches() {
    List<Predicate<? super Integer>> conditions = List.of(i -> i % 2 == 0, i -> i % 3 == 0);
    Stream<Integer> second = UnionPages.firstMatchedBy(Stream.of(3, 6, 9, 12), conditions, 1);
    Stream<Integer> first = UnionPages.firstMatchedBy(Stream.of(2, 6, 8), conditions, 0);
    assertEquals(List.of(2, 3, 6, 8, 9), UnionPages.merged(List.of(first, second), Comparator.<Integer>naturalOrder()).toList());
  }

  @Test
  void aBranchLeavesWhatItReadsButOnlyALaterBranchMatchesToThatBranch() {
    List<Predicate<? super Integer>> conditions = List.of(i -> i < 4, i -> i % 3 == 0);
    // the first branch's read narrows to below 6 (its index), its condition to below 4: 3 is the first branch's, 6 is not
    Stream<Integer> first = UnionPages.firstMatchedBy(Stream.of(1, 3, 5, 6), conditions, 0);
    Stream<Integer> second = UnionPages.firstMatchedBy(Stream.of(3, 6, 9), conditions, 1);
    assertEquals(List.of(1, 3, 6, 9), UnionPages.merged(List.of(first, second), Comparator.<Integer>naturalOrder())
        .filter(i -> i < 4 || i % 3 == 0).toList(), "each once, 5 matching neither");
  }

  @Test
  void aMergeByATotalOrderHandsOutWhatSeveralBranchesHoldOnceReadingNoBranchPastIt() {
    List<Integer> pulled = new ArrayList<>();
    Stream<Integer> first = Stream.of(2, 4, 6, 8, 10).peek(pulled::add);
    Stream<Integer> second = Stream.of(3, 4, 6, 9).peek(pulled::add);
    assertEquals(List.of(2, 3, 4, 6, 8), UnionPages.mergedOnce(List.of(first, second), Comparator.<Integer>naturalOrder())
        .limit(5).toList());
    // 4 and 6 of the second branch tie with the first's and are dropped: neither branch reads past its fourth element
    assertEquals(List.of(2, 3, 4, 4, 6, 6, 8, 9), pulled);
    assertEquals(List.of(1, 2, 3), UnionPages.mergedOnce(List.of(Stream.of(1, 2, 3), Stream.of(1, 2, 3), Stream.of(2)),
        Comparator.<Integer>naturalOrder()).toList(), "an element in every branch, once");
  }

  @Test
  void listsAreMergedByTheOrderTheFirstOfEachKeyKeptThenLimited() {
    List<List<Integer>> branches = List.of(List.of(30, 10), List.of(20, 10, 40));
    assertEquals(List.of(10, 20, 30), UnionPages.ofLists(branches, i -> com.apple.foundationdb.tuple.Tuple.from(i),
        Comparator.naturalOrder(), 3));
    assertEquals(List.of(30, 10, 20, 40), UnionPages.ofLists(branches, i -> com.apple.foundationdb.tuple.Tuple.from(i), null, 9));
  }
}

package io.strata.processor.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.strata.processor.model.ResultShape;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one find writer decides how many matches a find reads once, for both dialects: the same find (shape, First n,
 * Distinct) written with Strata's edge and with Jakarta Data's (no order, no {@code Limit}, no {@code PageRequest}) reads
 * the same number of matches, the number a find of that shape needs.
 */
class FindWriterTest {
  private static final FindWriter.Candidates MATCHES = new FindWriter.Candidates(CodeBlock.of("e -> true"), CodeBlock.of("c"));
  private static final Pattern STRATA = Pattern.compile("CandidateReads\\.(first|all|matching)\\((?:tr|db), store, e -> true, c(?:, (\\d+))?\\)");
  private static final Pattern JAKARTA = Pattern.compile(
      "data\\.(?:reads\\(\\)\\.some|first|sorted)\\(e -> true, c(?:, java\\.util\\.List\\.of\\(\\))?(?:, order\\$)?(?:, (\\d+))?\\)");

  @ParameterizedTest(name = "{0} First {1}: reads {2}")
  @CsvSource({
      // shape, First n, matches a result of that shape needs (0: every one)
      "LIST, 0, 0", "LIST, 1, 1", "LIST, 3, 3",
      "ARRAY, 0, 0", "ARRAY, 5, 5",
      "ONE, 0, 2", "ONE, 1, 1", "ONE, 3, 2",
      "OPTIONAL, 0, 2", "OPTIONAL, 1, 1"})
  void bothDialectsReadWhatTheShapeNeeds(ResultShape shape, int first, int needed) {
    FindWriter.Find find = new FindWriter.Find(MATCHES, shape, first, false, null, ClassName.OBJECT);
    String strata = FindWriter.value(FindWriter.strata("m", "db", false), find).toString();
    String batched = FindWriter.value(FindWriter.strata("m", "db", true), find).toString();
    MethodSpec.Builder jakarta = MethodSpec.methodBuilder("m").returns(ClassName.OBJECT);
    FindWriter.write(jakarta, FindWriter.jakarta("R.m", "data", new FindWriter.JakartaOrder(false, null), null, null), find,
        ClassName.OBJECT);

    assertEquals(needed, read(STRATA, strata));
    assertEquals(needed, read(JAKARTA, jakarta.build().toString()));
    // a Strata list of every match with no transaction given reads it in batches at one version, a bounded one in tr
    String expected = needed == 0 ? "CandidateReads.matching(db, store" : "CandidateReads.first(tr, store";
    assertTrue(batched.contains(expected), batched);
  }

  @ParameterizedTest(name = "Distinct {0} First {1}: reads every match")
  @CsvSource({"LIST, 0", "LIST, 3", "ONE, 1"})
  void distinctReadsEveryMatchThenKeepsTheFirstDistinctValues(ResultShape shape, int first) {
    FindWriter.Find find = new FindWriter.Find(MATCHES, shape, first, true, CodeBlock.of("e.name"), null);
    String strata = FindWriter.value(FindWriter.strata("m", "db", false), find).toString();

    assertEquals(0, read(STRATA, strata));
    String kept = first == 0 ? "thenApply(io.strata.query.QueryResults::distinct)" : "QueryResults.distinct(items, " + FindWriter.reads(shape, first) + ")";
    assertTrue(strata.contains(kept), strata);
  }

  @ParameterizedTest(name = "a stream of First {0}")
  @CsvSource({"0", "4"})
  void aStreamIsReadLazilyAndEndsAfterItsFirstN(int first) {
    FindWriter.Find find = new FindWriter.Find(MATCHES, ResultShape.STREAM, first, false, null, null);
    String strata = FindWriter.value(FindWriter.strata("m", "tx", false), find).toString();

    assertTrue(strata.startsWith("io.strata.query.CandidateReads.stream(tx, store, e -> true, c, "
        + (first == 0 ? "io.strata.query.CandidateReads.BATCH)" : first + ")")), strata);
    assertEquals(first > 0, strata.endsWith(".limit(" + first + ")"), strata);
    MethodSpec.Builder jakarta = MethodSpec.methodBuilder("m").returns(ClassName.OBJECT);
    FindWriter.write(jakarta, FindWriter.jakarta("R.m", "data", new FindWriter.JakartaOrder(false, null), null, null), find,
        ClassName.OBJECT);
    // Jakarta Data's unordered stream of every match is lazy; with a First n it reads its first n as a list
    String body = jakarta.build().toString();
    assertTrue(body.contains(first == 0 ? "return data.reads().stream(e -> true, c)" : "data.first(e -> true, c"), body);
  }

  /** How many matches the one read in {@code code} asks for, 0 for every one; fails when {@code code} has not one such read. */
  private static int read(Pattern read, String code) {
    List<MatchResult> found = read.matcher(code).results().toList();
    assertEquals(1, found.size(), code);
    String n = found.get(0).group(found.get(0).groupCount());
    return n == null ? 0 : Integer.parseInt(n);
  }
}

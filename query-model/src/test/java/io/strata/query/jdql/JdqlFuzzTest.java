package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The parser never fails with anything but a {@link JdqlSyntaxException} pointing inside the query, whatever it is
 * given: arbitrary text, and sequences of JDQL's own words and symbols (which reach far deeper into the grammar than
 * random characters do), and random valid queries with one piece added, removed or replaced. Random valid queries
 * ({@link RandomJdql}) parse, and their fully parenthesized rendering parses to the same tree again.
 */
class JdqlFuzzTest {
  private static final List<String> PIECES = List.of("SELECT", "FROM", "WHERE", "ORDER", "BY", "ASC", "DESC",
      "UPDATE", "SET", "DELETE", "AND", "OR", "NOT", "BETWEEN", "LIKE", "IN", "IS", "NULL", "TRUE", "FALSE", "LOCAL",
      "DATE", "TIME", "DATETIME", "COUNT", "THIS", "ID", "ABS", "LENGTH", "LOWER", "UPPER", "LEFT", "RIGHT", "a",
      "b.c", "Box", "x.y.Z", "(", ")", ",", ".", "+", "-", "*", "/", "||", "=", "<>", "<", "<=", ">", ">=", "?1",
      "?2", ":p", ":q", "'s'", "''", "'it''s'", "1", "2147483648", "3L", "1.5", "2e3", "4f", "_", "|", "!", "\"",
      "'", ":", "?", "#");

  @Property(tries = 3000)
  void arbitraryTextParsesOrFailsWithAPositionedSyntaxError(@ForAll String text) {
    parsesOrFailsCleanly(text);
  }

  @Property(tries = 20000)
  void sequencesOfJdqlPiecesParseOrFailWithAPositionedSyntaxError(@ForAll("pieces") String query) {
    parsesOrFailsCleanly(query);
  }

  @Property(tries = 5000)
  void randomValidQueriesParseAndTheirRenderingParsesToTheSameTree(@ForAll long seed) {
    String query = join(RandomJdql.statement(seed), new Random(seed));
    String rendered = JdqlRendering.render(JdqlParser.parse(query));
    assertEquals(rendered, JdqlRendering.render(JdqlParser.parse(rendered)), query);
  }

  @Property(tries = 20000)
  void nearlyValidQueriesParseOrFailWithAPositionedSyntaxError(@ForAll long seed) {
    Random random = new Random(seed);
    List<String> pieces = new ArrayList<>(RandomJdql.statement(seed));
    int at = random.nextInt(pieces.size() + 1);
    switch (pieces.isEmpty() ? 0 : random.nextInt(3)) {
      case 0 -> pieces.add(at, PIECES.get(random.nextInt(PIECES.size())));
      case 1 -> pieces.remove(Math.min(at, pieces.size() - 1));
      default -> pieces.set(Math.min(at, pieces.size() - 1), PIECES.get(random.nextInt(PIECES.size())));
    }
    parsesOrFailsCleanly(join(pieces, random));
  }

  /** The pieces separated by random whitespace (at least one character, as two words need). */
  private static String join(List<String> pieces, Random random) {
    String[] spaces = {" ", "  ", "\t", "\n", " \r\n "};
    StringBuilder query = new StringBuilder();
    for (String piece : pieces) {
      query.append(spaces[random.nextInt(spaces.length)]).append(piece);
    }
    return query.toString();
  }

  @Provide
  Arbitrary<String> pieces() {
    return Arbitraries.of(PIECES).list().ofMaxSize(14).map(list -> String.join(" ", list));
  }

  private static void parsesOrFailsCleanly(String query) {
    try {
      JdqlParser.parse(query);
    } catch (JdqlSyntaxException e) {
      assertTrue(e.offset() >= 0 && e.offset() <= query.length(), () -> e.offset() + " outside " + query);
      assertTrue(e.column() >= 1 && e.line() >= 1, e::getMessage);
    }
  }
}

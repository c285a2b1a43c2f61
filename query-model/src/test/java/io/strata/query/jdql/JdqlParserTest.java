package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.query.jdql.JdqlExpression.IntegerLiteral;
import io.strata.query.jdql.JdqlExpression.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every production of JDQL 1.0 parses to the tree it denotes (shown fully parenthesized by {@link JdqlRendering}). */
class JdqlParserTest {

  private static void parsesTo(String query, String tree) {
    assertEquals(tree, JdqlRendering.render(JdqlParser.parse(query)), query);
  }

  @Test
  void theEmptyQuerySelectsEverythingWithNoClauses() {
    assertEquals(new JdqlStatement.Select(Optional.empty(), Optional.empty(), Optional.empty(), List.of()),
        JdqlParser.parse(""));
    parsesTo(" \t\r\n\f ", "");
  }

  @Test
  void selectClausesAreEachOptionalAndKeptInOrder() {
    parsesTo("SELECT name FROM Product WHERE price > 1 ORDER BY name",
        "SELECT name FROM Product WHERE (price > 1) ORDER BY name ASC");
    parsesTo("FROM Product", "FROM Product");
    parsesTo("WHERE price > 1", "WHERE (price > 1)");
    parsesTo("ORDER BY id ASC", "ORDER BY id ASC");
    parsesTo("SELECT thisCharacter ORDER BY id DESC", "SELECT thisCharacter ORDER BY id DESC");
    parsesTo("select name from Product", "SELECT name FROM Product");
  }

  @Test
  void selectionIsAPathCountOfThisIdOfThisOrThis() {
    parsesTo("SELECT address.city", "SELECT address.city");
    parsesTo("SELECT COUNT(THIS) WHERE a = 1", "SELECT COUNT(THIS) WHERE (a = 1)");
    parsesTo("select count ( this )", "SELECT COUNT(THIS)");
    parsesTo("SELECT ID(THIS)", "SELECT ID(THIS)");
    parsesTo("SELECT THIS FROM Box", "SELECT THIS FROM Box");
    parsesTo("SELECT count", "SELECT count");
  }

  @Test
  void orderByTakesSeveralKeysAscendingUnlessDesc() {
    parsesTo("ORDER BY a, b DESC, c asc, ID(THIS) desc", "ORDER BY a ASC, b DESC, c ASC, ID(THIS) DESC");
  }

  @Test
  void updateSetsSeveralPropertiesToExpressionsOrNull() {
    parsesTo("UPDATE Box SET length = length + ?1, width = width - ?1, height = height * ?2",
        "UPDATE Box SET length = (length + ?1), width = (width - ?1), height = (height * ?2)");
    parsesTo("update Coordinate set x = :newX, y = y / :yDivisor where id = :id",
        "UPDATE Coordinate SET x = :newX, y = (y / :yDivisor) WHERE (id = :id)");
    parsesTo("UPDATE Person SET nickname = NULL", "UPDATE Person SET nickname = NULL");
  }

  @Test
  void deleteRemovesEverythingOrWhatMatches() {
    parsesTo("DELETE FROM Box", "DELETE FROM Box");
    parsesTo("DELETE FROM Coordinate WHERE x > 0.0d AND y > 0.0f",
        "DELETE FROM Coordinate WHERE ((x > 0.0D) AND (y > 0.0F))");
  }

  @Test
  void everyComparisonOperatorParses() {
    parsesTo("WHERE a = 1 AND b <> 2 AND c < 3 AND d <= 4 AND e > 5 AND f >= 6",
        "WHERE ((((((a = 1) AND (b <> 2)) AND (c < 3)) AND (d <= 4)) AND (e > 5)) AND (f >= 6))");
  }

  @Test
  void andBindsTighterThanOrAndNotTighterThanAnd() {
    parsesTo("WHERE a = 1 OR b = 2 AND c = 3", "WHERE ((a = 1) OR ((b = 2) AND (c = 3)))");
    parsesTo("WHERE a = 1 AND b = 2 OR c = 3", "WHERE (((a = 1) AND (b = 2)) OR (c = 3))");
    parsesTo("WHERE NOT a = 1 AND b = 2", "WHERE ((NOT (a = 1)) AND (b = 2))");
    parsesTo("WHERE NOT NOT a = 1", "WHERE (NOT (NOT (a = 1)))");
    parsesTo("WHERE a = 1 OR b = 2 OR c = 3", "WHERE (((a = 1) OR (b = 2)) OR (c = 3))");
  }

  @Test
  void parenthesesGroupConditionsAndValuesAlike() {
    parsesTo("WHERE isOdd = true and (id = :id or id < :max)",
        "WHERE ((isOdd = TRUE) AND ((id = :id) OR (id < :max)))");
    parsesTo("WHERE (a + b) * 2 > c", "WHERE (((a + b) * 2) > c)");
    parsesTo("WHERE ((a = 1))", "WHERE (a = 1)");
    parsesTo("WHERE (:rate * price <= :max AND :rate * price >= :min)",
        "WHERE (((:rate * price) <= :max) AND ((:rate * price) >= :min))");
    parsesTo("WHERE NOT (a = 1 OR b = 2)", "WHERE (NOT ((a = 1) OR (b = 2)))");
  }

  @Test
  void betweenLikeInAndNullChecksMayBeNegated() {
    parsesTo("WHERE id BETWEEN 21 AND ?1 AND x = 1", "WHERE ((id BETWEEN 21 AND ?1) AND (x = 1))");
    parsesTo("WHERE id NOT BETWEEN 72 AND 78", "WHERE (id NOT BETWEEN 72 AND 78)");
    parsesTo("WHERE hex LIKE '4_' AND hex NOT LIKE '%0'", "WHERE ((hex LIKE '4_') AND (hex NOT LIKE '%0'))");
    parsesTo("WHERE name LIKE :pattern", "WHERE (name LIKE :pattern)");
    parsesTo("WHERE c IN ('E', 'G', ?1) AND d NOT IN (1, -2, 3.5)",
        "WHERE ((c IN ('E', 'G', ?1)) AND (d NOT IN (1, -2, 3.5D)))");
    parsesTo("WHERE t IN (com.example.Kind.A, :k)", "WHERE (t IN (com.example.Kind.A, :k))");
    parsesTo("WHERE hex IS NOT NULL AND c IS NULL", "WHERE ((hex IS NOT NULL) AND (c IS NULL))");
    parsesTo("WHERE ID(THIS) IN (1, 2) AND ID(THIS) IS NOT NULL",
        "WHERE ((ID(THIS) IN (1, 2)) AND (ID(THIS) IS NOT NULL))");
  }

  @Test
  void arithmeticFollowsJavaPrecedenceAndAssociatesLeft() {
    parsesTo("WHERE a = 2 * -3 + 5", "WHERE (a = ((2 * -3) + 5))");
    parsesTo("WHERE a = b - c - d", "WHERE (a = ((b - c) - d))");
    parsesTo("WHERE a = b / c * d", "WHERE (a = ((b / c) * d))");
    parsesTo("WHERE a = b + c * d", "WHERE (a = (b + (c * d)))");
    parsesTo("WHERE s = a || b + c || 'x'", "WHERE (s = ((a || (b + c)) || 'x'))");
    parsesTo("WHERE a = -b AND c = +d AND e = - -1 AND f = -(1)",
        "WHERE ((((a = (-(b))) AND (c = (+(d)))) AND (e = (-(-1)))) AND (f = (-(1))))");
  }

  @Test
  void everyFunctionTakesItsArguments() {
    parsesTo("WHERE LENGTH(name) = ?1 AND abs(x - y) < 2",
        "WHERE ((LENGTH(name) = ?1) AND (ABS((x - y)) < 2))");
    parsesTo("WHERE lower(a) = upper(b) AND left(a, 2) = right(b, ?1)",
        "WHERE ((LOWER(a) = UPPER(b)) AND (LEFT(a, 2) = RIGHT(b, ?1)))");
  }

  @Test
  void literalsKeepTheirJavaTypes() {
    parsesTo("WHERE a = 'it''s' AND b = ''", "WHERE ((a = 'it''s') AND (b = ''))");
    parsesTo("WHERE a = 2147483647 AND b = -2147483648 AND c = 3000000000L AND d = 1_000",
        "WHERE ((((a = 2147483647) AND (b = -2147483648)) AND (c = 3000000000L)) AND (d = 1000))");
    parsesTo("WHERE a = 1.5 AND b = 1e4 AND c = .5 AND d = 2d AND e = 1.25f AND f = 3F AND g = 1.5E-3 AND h = 7.",
        "WHERE ((((((((a = 1.5D) AND (b = 10000.0D)) AND (c = 0.5D)) AND (d = 2.0D)) AND (e = 1.25F)) AND (f = 3.0F))"
            + " AND (g = 0.0015D)) AND (h = 7.0D))");
    parsesTo("WHERE a = TRUE AND b = false", "WHERE ((a = TRUE) AND (b = FALSE))");
    parsesTo("WHERE d < LOCAL DATE AND t < local time AND s < Local DateTime",
        "WHERE (((d < LOCAL DATE) AND (t < LOCAL TIME)) AND (s < LOCAL DATETIME))");
  }

  @Test
  void enumConstantsArePathsAndNamesAfterADotMayBeKeywords() {
    parsesTo("WHERE numType = ee.jakarta.tck.NumberType.PRIME", "WHERE (numType = ee.jakarta.tck.NumberType.PRIME)");
    parsesTo("WHERE s = com.example.order.Status.NEW", "WHERE (s = com.example.order.Status.NEW)");
    parsesTo("WHERE a . b = 1", "WHERE (a.b = 1)");
  }

  @Test
  void contextualWordsNameProperties() {
    parsesTo("UPDATE Box SET length = length + 1", "UPDATE Box SET length = (length + 1)");
    parsesTo("WHERE id = 1 AND count = 2 AND this = 3 AND left = 4 AND date = 5",
        "WHERE (((((id = 1) AND (count = 2)) AND (this = 3)) AND (left = 4)) AND (date = 5))");
  }

  @Test
  void keywordsAreCaseInsensitiveAndIdentifiersAreNot() {
    parsesTo("sElEcT Name wHeRe Name = 'x' oRdEr bY Name dEsC", "SELECT Name WHERE (Name = 'x') ORDER BY Name DESC");
  }

  @Test
  void parametersAreNamedOrPositional() {
    parsesTo("WHERE a = :first AND b = :second_2", "WHERE ((a = :first) AND (b = :second_2))");
    parsesTo("WHERE a = ?1 AND b = ?12", "WHERE ((a = ?1) AND (b = ?12))");
  }

  @Test
  void everyNodeRecordsWhereItStarts() {
    JdqlStatement.Select select = (JdqlStatement.Select) JdqlParser.parse("SELECT x FROM E WHERE a = -5 ORDER BY b");
    assertEquals(7, select.selection().orElseThrow().offset());
    assertEquals(new JdqlStatement.EntityName("E", 14), select.from().orElseThrow());
    JdqlCondition.Comparison comparison = (JdqlCondition.Comparison) select.where().orElseThrow();
    assertEquals(22, comparison.offset());
    assertEquals(new Path(List.of("a"), 22), comparison.left());
    assertEquals(new IntegerLiteral(-5, false, 26), comparison.right());
    assertEquals(new Path(List.of("b"), 38), select.orderBy().get(0).key());
  }
}

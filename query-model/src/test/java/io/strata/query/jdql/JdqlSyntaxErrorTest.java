package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every syntax error says where it is and what was expected there. */
class JdqlSyntaxErrorTest {

  private static void fails(String query, String message) {
    JdqlSyntaxException error = assertThrows(JdqlSyntaxException.class, () -> JdqlParser.parse(query), query);
    assertEquals(message, error.getMessage(), query);
  }

  @Test
  void anErrorKnowsItsOffsetLineAndColumn() {
    JdqlSyntaxException error = assertThrows(JdqlSyntaxException.class,
        () -> JdqlParser.parse("SELECT name\nWHERE price >\n  ORDER BY name"));
    assertEquals(28, error.offset());
    assertEquals(3, error.line());
    assertEquals(3, error.column());
    assertEquals("expected a value (a property, a literal or a parameter), found 'ORDER'", error.reason());
    assertEquals("at line 3, column 3: expected a value (a property, a literal or a parameter), found 'ORDER'",
        error.getMessage());
  }

  // ---- lexical errors

  @Test
  void charactersThatStartNoTokenAreNamed() {
    fails("WHERE a = 1 # x", "at column 13: unexpected character '#'");
    fails("WHERE a | b", "at column 9: '|' is not an operator: write '||' to concatenate strings, OR for a logical or");
    fails("WHERE a != 1", "at column 9: '!=' is not JDQL: write '<>' for 'not equal'");
    fails("WHERE !a", "at column 7: '!' is not JDQL: write NOT");
    fails("WHERE a = \"x\"", "at column 11: strings are quoted with ' in JDQL, not \" (write 'text'; '' is a quote inside)");
  }

  @Test
  void anUnclosedStringIsReportedWhereItStarts() {
    fails("WHERE a = 'it''s", "at column 11: the string starting here is not closed: end it with ' (write '' for a"
        + " quote inside it)");
  }

  @Test
  void parametersNeedANameOrANumber() {
    fails("WHERE a = :", "at column 12: expected a parameter name after ':' (e.g. :name), found the end of the query");
    fails("WHERE a = : x", "at column 12: expected a parameter name after ':' (e.g. :name), found ' '");
    fails("WHERE a = ?x", "at column 12: expected the number of a parameter after '?' (e.g. ?1), found 'x'");
    fails("WHERE a = ?0", "at column 11: ?0 is not a parameter number: positional parameters are numbered from ?1");
    fails("WHERE a = ?99999999999", "at column 11: ?99999999999 is not a parameter number: positional parameters are"
        + " numbered from ?1");
    fails("WHERE a = ?1x", "at column 13: unexpected character 'x' right after ?1: separate them with a space");
  }

  @Test
  void positionalAndNamedParametersCannotBeMixed() {
    fails("WHERE a = ?1 AND b = :b", "at column 22: positional (?1) and named (:name) parameters cannot be mixed in"
        + " one query, and this query already uses ?1");
    fails("WHERE a = :a AND b = ?1", "at column 22: positional (?1) and named (:name) parameters cannot be mixed in"
        + " one query, and this query already uses :a");
  }

  @Test
  void malformedNumbersAreReported() {
    fails("WHERE a = 1e", "at column 13: expected the digits of an exponent, found the end of the query");
    fails("WHERE a = 1e+x", "at column 14: expected the digits of an exponent, found 'x'");
    fails("WHERE a = 1_", "at column 12: '_' in a number must stand between two digits");
    fails("WHERE a = 1_.5", "at column 12: '_' in a number must stand between two digits");
    fails("WHERE a = 12abc", "at column 13: unexpected character 'a' right after 12: separate them with a space");
    fails("WHERE a = 1.5L", "at column 14: unexpected character 'L' right after 1.5: separate them with a space");
  }

  @Test
  void numbersMustFitTheirJavaType() {
    fails("WHERE a = 2147483648", "at column 11: the integer 2147483648 does not fit in an int: write 2147483648L for a"
        + " long");
    fails("WHERE a = -2147483649", "at column 11: the integer -2147483649 does not fit in an int: write -2147483649L"
        + " for a long");
    fails("WHERE a = 9223372036854775808L", "at column 11: the integer 9223372036854775808L does not fit in a long");
    fails("WHERE a = 1e39f", "at column 11: the number 1e39f is too large for a float");
    fails("WHERE a = 1e309", "at column 11: the number 1e309 is too large for a double");
    fails("WHERE a = 1e-400", "at column 11: the number 1e-400 is too small for a double");
  }

  // ---- statements and clauses

  @Test
  void aQueryStartsWithAClauseKeyword() {
    fails("name = 'x'", "at column 1: expected SELECT, FROM, WHERE, ORDER BY, UPDATE or DELETE, found 'name'");
    fails("(a = 1)", "at column 1: expected SELECT, FROM, WHERE, ORDER BY, UPDATE or DELETE, found '('");
  }

  @Test
  void whatMayFollowEachClauseIsListed() {
    fails("SELECT a b", "at column 10: expected '.', FROM, WHERE, ORDER BY or the end of the query, found 'b'");
    fails("SELECT COUNT(THIS) x", "at column 20: expected FROM, WHERE, ORDER BY or the end of the query, found 'x'");
    fails("FROM Box x", "at column 10: expected WHERE, ORDER BY or the end of the query, found 'x'");
    fails("WHERE a = 1 b = 2", "at column 13: expected AND, OR, ORDER BY or the end of the query, found 'b'");
    fails("ORDER BY a b", "at column 12: expected ASC, DESC, ',' or the end of the query, found 'b'");
    fails("ORDER BY a DESC b", "at column 17: expected ',' or the end of the query, found 'b'");
    fails("UPDATE Box SET a = 1 b", "at column 22: expected ',', WHERE or the end of the query, found 'b'");
    fails("UPDATE Box SET a = 1 WHERE b = 2 c", "at column 34: expected AND, OR or the end of the query, found 'c'");
    fails("DELETE FROM Box x", "at column 17: expected WHERE or the end of the query, found 'x'");
    fails("DELETE FROM Box WHERE a = 1 )", "at column 29: expected AND, OR or the end of the query, found ')'");
  }

  @Test
  void clausesOutOfOrderAreExplained() {
    fails("WHERE a = 1 FROM Box", "at column 13: expected AND, OR, ORDER BY or the end of the query, found 'FROM'"
        + " (the clauses go in the order SELECT, FROM, WHERE, ORDER BY)");
    fails("ORDER BY a SELECT b", "at column 12: expected ASC, DESC, ',' or the end of the query, found 'SELECT'"
        + " (the clauses go in the order SELECT, FROM, WHERE, ORDER BY)");
  }

  @Test
  void selectNeedsSomethingToSelect() {
    fails("SELECT FROM Box", "at column 8: expected a property name, COUNT(THIS), ID(THIS) or THIS after SELECT, found"
        + " 'FROM'");
    fails("SELECT COUNT(x)", "at column 14: expected THIS in COUNT(THIS), found 'x'");
    fails("SELECT COUNT(THIS", "at column 18: expected ')' to close COUNT(THIS, found the end of the query");
    fails("SELECT a.", "at column 10: expected a name after '.', found the end of the query");
  }

  @Test
  void orderByNeedsByAndProperties() {
    fails("ORDER id", "at column 7: expected BY after ORDER, found 'id'");
    fails("ORDER BY", "at column 9: expected a property name in ORDER BY, found the end of the query");
    fails("ORDER BY a,", "at column 12: expected a property name in ORDER BY, found the end of the query");
    fails("ORDER BY ID(x)", "at column 13: expected THIS in ID(THIS), found 'x'");
    fails("ORDER BY ID(THIS", "at column 17: expected ')' to close ID(THIS, found the end of the query");
  }

  @Test
  void entityNamesCannotBeMissingOrKeywords() {
    fails("FROM WHERE a = 1", "at column 6: expected an entity name after FROM, found 'WHERE'");
    fails("UPDATE SET a = 1", "at column 8: expected an entity name after UPDATE, found 'SET'");
    fails("DELETE FROM", "at column 12: expected an entity name after DELETE FROM, found the end of the query");
  }

  @Test
  void updateNeedsSetAndAssignments() {
    fails("UPDATE Box WHERE a = 1", "at column 12: expected SET after UPDATE Box, found 'WHERE'");
    fails("UPDATE Box SET", "at column 15: expected a property name in SET, found the end of the query");
    fails("UPDATE Box SET a 1", "at column 18: expected '=' after a in SET, found the number 1");
    fails("UPDATE Box SET a = ", "at column 20: expected a value (a property, a literal or a parameter), found the"
        + " end of the query");
  }

  @Test
  void deleteNeedsFrom() {
    fails("DELETE Box", "at column 8: expected FROM after DELETE, found 'Box'");
  }

  // ---- conditions

  @Test
  void whereNeedsACondition() {
    fails("WHERE", "at column 6: expected a condition after WHERE, found the end of the query");
    fails("WHERE ORDER BY a", "at column 7: expected a value (a property, a literal or a parameter), found 'ORDER'");
  }

  @Test
  void aBareValueIsNotACondition() {
    fails("WHERE isOdd", "at column 12: expected a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or IS"
        + " after isOdd, found the end of the query");
    fails("WHERE a = 1 AND b + 1 ORDER BY a", "at column 23: expected a comparison operator (=, <>, <, <=, >, >=),"
        + " BETWEEN, LIKE, IN or IS after b + 1, found 'ORDER'");
    fails("WHERE a OR b = 1", "at column 9: expected a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or"
        + " IS after a, found 'OR'");
    fails("WHERE NOT a", "at column 12: expected a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or IS"
        + " after a, found the end of the query");
    fails("WHERE (a)", "at column 10: expected a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or IS"
        + " after (a), found the end of the query");
  }

  @Test
  void aConditionIsNotAValue() {
    fails("WHERE (a = 1) = 2", "at column 15: a condition in parentheses cannot be the left operand of '='");
    fails("WHERE (a = 1) + 2 = 3", "at column 8: expected a value, found a condition (a comparison, BETWEEN, LIKE, IN"
        + " or IS NULL)");
    fails("WHERE b = (a = 1)", "at column 12: expected a value, found a condition (a comparison, BETWEEN, LIKE, IN or"
        + " IS NULL)");
  }

  @Test
  void parenthesesMustClose() {
    fails("WHERE (a = 1 OR b = 2", "at column 22: expected ')' to close the '(' at column 7, found the end of the"
        + " query");
  }

  @Test
  void predicatesNeedTheirParts() {
    fails("WHERE a IS 1", "at column 12: expected NULL after IS, found the number 1");
    fails("WHERE a IS NOT 1", "at column 16: expected NULL after IS NOT, found the number 1");
    fails("WHERE a + 1 IS NULL", "at column 7: IS NULL applies to a property (or ID(THIS)), not to a + 1");
    fails("WHERE (a) + 1 NOT IN (1)", "at column 7: IN applies to a property (or ID(THIS)), not to (a) + 1");
    fails("WHERE a BETWEEN 1 OR 2", "at column 19: expected AND between the bounds of BETWEEN, found 'OR'");
    fails("WHERE a LIKE b", "at column 14: expected a string literal or a parameter after LIKE, found 'b'");
    fails("WHERE 'x' IN ('x')", "at column 7: IN applies to a property (or ID(THIS)), not to 'x'");
    fails("WHERE a IN 'x'", "at column 12: expected '(' after IN, found the string 'x'");
    fails("WHERE a IN ()", "at column 13: expected a literal, an enum constant or a parameter in the IN list, found"
        + " ')'");
    fails("WHERE a IN (b + 1)", "at column 15: expected ')' to close the IN list, found '+'");
    fails("WHERE a NOT = 1", "at column 13: expected BETWEEN, LIKE or IN after NOT, found '='");
  }

  // ---- values

  @Test
  void aValueIsExpectedAfterAnOperator() {
    fails("WHERE a = )", "at column 11: expected a value (a property, a literal or a parameter), found ')'");
    fails("WHERE a = 1 + ", "at column 15: expected a value (a property, a literal or a parameter), found the end of"
        + " the query");
    fails("WHERE a = AND", "at column 11: expected a value (a property, a literal or a parameter), found 'AND'");
  }

  @Test
  void nullIsOnlyAValueInSet() {
    fails("WHERE a = NULL", "at column 11: NULL is not a value here: test for it with IS NULL or IS NOT NULL (NULL"
        + " stands alone only as a value in SET)");
  }

  @Test
  void localNeedsDateDatetimeOrTime() {
    fails("WHERE a < LOCAL NOW", "at column 17: expected DATE, DATETIME or TIME after LOCAL, found 'NOW'");
  }

  @Test
  void onlyJdqlFunctionsWithTheirArgumentsAreCalled() {
    fails("WHERE concat(a, b) = 'x'", "at column 7: unknown function 'concat': JDQL's functions are ABS, LENGTH,"
        + " LOWER, UPPER, LEFT and RIGHT");
    fails("WHERE COUNT(THIS) > 1", "at column 7: unknown function 'COUNT': COUNT(THIS) can only be selected, as in"
        + " SELECT COUNT(THIS) WHERE ...");
    fails("WHERE ABS(a, b) = 1", "at column 12: expected ')': ABS takes 1 argument, found ','");
    fails("WHERE LEFT(a) = 'x'", "at column 13: expected ',': LEFT takes 2 arguments, found ')'");
    fails("WHERE UPPER(a = 'x'", "at column 15: expected ')' to close UPPER(, found '='");
    fails("WHERE LOWER() = 'x'", "at column 13: expected a value (a property, a literal or a parameter), found ')'");
  }

  @Test
  void keywordsDoNotNameProperties() {
    fails("WHERE order = 1", "at column 7: expected a value (a property, a literal or a parameter), found 'order'");
    fails("UPDATE Box SET from = 1", "at column 16: expected a property name in SET, found 'from'");
  }
}

package io.strata.query.jdql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.And;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Condition.Not;
import io.strata.query.model.Condition.Or;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.Expression;
import io.strata.query.model.Expression.Arithmetic;
import io.strata.query.model.Expression.Call;
import io.strata.query.model.Expression.Function;
import io.strata.query.model.Expression.Negate;
import io.strata.query.model.Expression.Operator;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Operand.Literal;
import io.strata.query.model.Operand.Param;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A JDQL SELECT's WHERE and ORDER BY become the query model's conditions and sort keys, or a positioned error. */
class JdqlSelectTest {
  private static final EntityInfo BOOK = new EntityInfo("Book", List.of(
      new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("title", ValueKind.STRING, false, false),
      new FieldInfo("author", ValueKind.STRING, false, false),
      new FieldInfo("year", ValueKind.INT, false, true),
      new FieldInfo("pages", ValueKind.SHORT, false, true),
      new FieldInfo("shelf", ValueKind.BYTE, false, true),
      new FieldInfo("isbn", ValueKind.LONG, false, true),
      new FieldInfo("rating", ValueKind.DOUBLE, false, true),
      new FieldInfo("weight", ValueKind.FLOAT, false, true),
      new FieldInfo("price", ValueKind.BIG_DECIMAL, false, false),
      new FieldInfo("sold", ValueKind.BIG_INTEGER, false, false),
      new FieldInfo("initial", ValueKind.CHAR, false, true),
      new FieldInfo("inPrint", ValueKind.BOOLEAN, false, true),
      new FieldInfo("day", ValueKind.ENUM, false, false),
      new FieldInfo("published", ValueKind.LOCAL_DATE, false, false),
      new FieldInfo("cover", ValueKind.BYTES, false, false),
      new FieldInfo("address.city", ValueKind.STRING, false, false)),
      List.of(), List.of(), List.of());

  private static JdqlSelect select(String query) {
    return JdqlSelect.of(query, BOOK, EnumConstants.of(JdqlSelectTest.class.getClassLoader()));
  }

  private static Condition where(String condition) {
    JdqlSelect select = select("WHERE " + condition);
    assertEquals(List.of(), select.order());
    return select.where();
  }

  private static Compare compare(String field, Op op, Object... operands) {
    return new Compare(field, op, List.of(operands).stream().map(JdqlSelectTest::operand).toList(), false);
  }

  private static Operand operand(Object o) {
    return o instanceof Operand operand ? operand : new Literal(o);
  }

  /** The error {@code query} gives, checked to be at {@code column} and to say {@code reason}. */
  private static void refused(String query, int column, String reason) {
    JdqlTranslationException e = assertThrows(JdqlTranslationException.class, () -> select(query), query);
    assertEquals(reason, e.reason(), query);
    assertEquals(column, e.column(), query);
    assertEquals("at column " + column + ": " + reason, e.getMessage());
  }


  @Test
  void everyComparatorBecomesItsOperator() {
    assertEquals(compare("year", Op.EQUAL, 1), where("year = 1"));
    assertEquals(compare("year", Op.NOT_EQUAL, 1), where("year <> 1"));
    assertEquals(compare("year", Op.LESS_THAN, 1), where("year < 1"));
    assertEquals(compare("year", Op.LESS_THAN_EQUAL, 1), where("year <= 1"));
    assertEquals(compare("year", Op.GREATER_THAN, 1), where("year > 1"));
    assertEquals(compare("year", Op.GREATER_THAN_EQUAL, 1), where("year >= 1"));
  }

  @Test
  void aValueOnTheLeftIsComparedWithThePropertyMirrored() {
    assertEquals(compare("year", Op.GREATER_THAN, 1990), where("1990 < year"));
    assertEquals(compare("year", Op.LESS_THAN_EQUAL, new Param("y")), where(":y >= year"));
    assertEquals(compare("year", Op.EQUAL, 1990), where("1990 = year"));
    assertEquals(compare("year", Op.NOT_EQUAL, 1990), where("1990 <> year"));
  }

  @Test
  void betweenTakesBothBoundsAndNotBetweenIsOutsideEitherBound() {
    assertEquals(new Compare("year", Op.BETWEEN, List.of(new Literal(1990), new Param("to")), false),
        where("year BETWEEN 1990 AND :to"));
    // NOT BETWEEN is false on a null value, as year < 1990 OR year > 2000 is
    assertEquals(new Or(List.of(compare("year", Op.LESS_THAN, 1990), compare("year", Op.GREATER_THAN, 2000))),
        where("year NOT BETWEEN 1990 AND 2000"));
  }

  @Test
  void inOfLiteralsIsOneListAndInWithAParameterIsOneEqualityPerItem() {
    assertEquals(compare("title", Op.IN, List.of("a", "b")), where("title IN ('a', 'b')"));
    assertEquals(compare("title", Op.NOT_IN, List.of("a")), where("title NOT IN ('a')"));
    assertEquals(new Or(List.of(compare("title", Op.EQUAL, "a"), compare("title", Op.EQUAL, new Param("t")))),
        where("title IN ('a', :t)"));
    assertEquals(new And(List.of(compare("year", Op.NOT_EQUAL, new Param("1")), compare("year", Op.NOT_EQUAL, 3))),
        where("year NOT IN (?1, 3)"));
  }

  @Test
  void likeTakesALiteralOrAParameterPattern() {
    assertEquals(compare("title", Op.LIKE, "A_%"), where("title LIKE 'A_%'"));
    assertEquals(compare("title", Op.NOT_LIKE, new Param("p")), where("title NOT LIKE :p"));
  }

  @Test
  void nullChecksTakeNoOperand() {
    assertEquals(compare("title", Op.IS_NULL), where("title IS NULL"));
    assertEquals(compare("title", Op.NOT_NULL), where("title IS NOT NULL"));
    assertEquals(compare("cover", Op.IS_NULL), where("cover IS NULL"));
  }

  @Test
  void notNegatesTheConditionItGoverns() {
    assertEquals(new Not(compare("year", Op.EQUAL, 1)), where("NOT year = 1"));
    assertEquals(new Not(new Or(List.of(compare("year", Op.EQUAL, 1), compare("year", Op.EQUAL, 2)))),
        where("NOT (year = 1 OR year = 2)"));
    assertEquals(new And(List.of(new Not(compare("year", Op.EQUAL, 1)), compare("year", Op.EQUAL, 2))),
        where("NOT year = 1 AND year = 2"));
  }

  @Test
  void andBindsTighterThanOrAndChainsAreFlat() {
    Compare a = compare("year", Op.EQUAL, 1);
    Compare b = compare("year", Op.EQUAL, 2);
    Compare c = compare("year", Op.EQUAL, 3);
    assertEquals(new Or(List.of(a, new And(List.of(b, c)))), where("year = 1 OR year = 2 AND year = 3"));
    assertEquals(new Or(List.of(new And(List.of(a, b)), c)), where("year = 1 AND year = 2 OR year = 3"));
    assertEquals(new And(List.of(new Or(List.of(a, b)), c)), where("(year = 1 OR year = 2) AND year = 3"));
    assertEquals(new And(List.of(a, b, c)), where("year = 1 AND (year = 2 AND year = 3)"));
    assertEquals(new Or(List.of(a, b, c)), where("year = 1 OR year = 2 OR year = 3"));
  }

  @Test
  void namedParametersKeepTheirNamesAndOrdinalOnesTheirNumbers() {
    assertEquals(new And(List.of(compare("title", Op.EQUAL, new Param("title")), compare("year", Op.EQUAL,
        new Param("year")))), where("title = :title AND year = :year"));
    assertEquals(new And(List.of(compare("title", Op.EQUAL, new Param("1")), compare("year", Op.EQUAL,
        new Param("12")))), where("title = ?1 AND year = ?12"));
  }

  @Test
  void literalsAreValuesOfTheirPropertysJavaType() {
    assertEquals(compare("title", Op.EQUAL, "it's"), where("title = 'it''s'"));
    assertEquals(compare("initial", Op.EQUAL, 'Q'), where("initial = 'Q'"));
    assertEquals(compare("inPrint", Op.EQUAL, true), where("inPrint = TRUE"));
    assertEquals(compare("year", Op.EQUAL, -7), where("year = -7"));
    assertEquals(compare("year", Op.EQUAL, 2000), where("year = 2000.0"));
    assertEquals(compare("isbn", Op.EQUAL, 9_780_000_000_000L), where("isbn = 9780000000000L"));
    assertEquals(compare("isbn", Op.EQUAL, 12L), where("isbn = 12"));
    assertEquals(compare("pages", Op.EQUAL, (short) 300), where("pages = 300"));
    assertEquals(compare("shelf", Op.EQUAL, (byte) -3), where("shelf = -3"));
    assertEquals(compare("rating", Op.EQUAL, 4.5), where("rating = 4.5"));
    assertEquals(compare("rating", Op.EQUAL, 4.0), where("rating = 4"));
    assertEquals(compare("rating", Op.EQUAL, (double) 0.1f), where("rating = 0.1F"));
    assertEquals(compare("weight", Op.EQUAL, 0.1f), where("weight = 0.1F"));
    assertEquals(compare("weight", Op.EQUAL, 0.5f), where("weight = 0.5"));
    assertEquals(compare("price", Op.EQUAL, new BigDecimal("9.99")), where("price = 9.99"));
    assertEquals(compare("price", Op.EQUAL, BigDecimal.valueOf(10)), where("price = 10"));
    assertEquals(compare("sold", Op.EQUAL, BigInteger.valueOf(5)), where("sold = 5"));
    assertEquals(compare("day", Op.EQUAL, DayOfWeek.MONDAY), where("day = java.time.DayOfWeek.MONDAY"));
    assertEquals(compare("day", Op.IN, List.of(DayOfWeek.MONDAY, DayOfWeek.FRIDAY)),
        where("day IN (java.time.DayOfWeek.MONDAY, java.time.DayOfWeek.FRIDAY)"));
  }

  @Test
  void jakartaDataKeepsAWholeNumberOnAFloatingPropertyAsWrittenSoItComparesByValue() {
    EnumConstants enums = EnumConstants.of(JdqlSelectTest.class.getClassLoader());
    assertEquals(compare("rating", Op.GREATER_THAN_EQUAL, 0),
        JdqlSelect.of("WHERE rating >= 0", BOOK, enums, Semantics.JAKARTA).where());
    assertEquals(compare("weight", Op.EQUAL, 7L), JdqlSelect.of("WHERE weight = 7L", BOOK, enums, Semantics.JAKARTA).where());
    assertEquals(compare("rating", Op.GREATER_THAN_EQUAL, 0.0),
        JdqlSelect.of("WHERE rating >= 0.0", BOOK, enums, Semantics.JAKARTA).where(), "a decimal literal stays the property's type");
    assertEquals(compare("year", Op.EQUAL, 2000), JdqlSelect.of("WHERE year = 2000.0", BOOK, enums, Semantics.JAKARTA).where());
    assertEquals(compare("rating", Op.GREATER_THAN_EQUAL, 0.0),
        JdqlSelect.of("WHERE rating >= 0", BOOK, enums, Semantics.STRATA).where(), "Strata's: the property's type, as before");
    assertThrows(JdqlTranslationException.class,
        () -> JdqlSelect.of("WHERE weight = 16777217", BOOK, enums, Semantics.JAKARTA), "no float holds 2^24 + 1: refused still");
  }

  @Test
  void anEnumConstantIsFoundByTheCallersLookupForItsProperty() {
    EnumConstants onlyMonday = (field, type, constant) -> field.name().equals("day") && constant.equals("MONDAY")
        ? Optional.of(DayOfWeek.MONDAY) : Optional.empty();
    assertEquals(compare("day", Op.EQUAL, DayOfWeek.MONDAY),
        JdqlSelect.of("WHERE day = x.Y.MONDAY", BOOK, onlyMonday).where());
    JdqlTranslationException e = assertThrows(JdqlTranslationException.class,
        () -> JdqlSelect.of("WHERE day = x.Y.TUESDAY", BOOK, onlyMonday));
    assertEquals("'x.Y.TUESDAY' is no constant of the enum of day: write the constant with its enum's qualified name",
        e.reason());
    assertEquals(13, e.column());
  }

  @Test
  void aNestedEnumIsFoundByItsCanonicalName() {
    assertEquals(compare("day", Op.EQUAL, Thread.State.NEW), where("day = java.lang.Thread.State.NEW"));
  }

  @Test
  void upperAndLowerOfAPropertyCompareIgnoringCase() {
    assertEquals(new Compare("title", Op.EQUAL, List.of(new Param("t")), true), where("UPPER(title) = UPPER(:t)"));
    assertEquals(new Compare("title", Op.LIKE, List.of(new Literal("AB%")), true), where("UPPER(title) LIKE 'AB%'"));
    assertEquals(new Compare("title", Op.EQUAL, List.of(new Literal("ab")), true), where("LOWER(title) = LOWER('ab')"));
    assertEquals(new Compare("title", Op.GREATER_THAN, List.of(new Literal("M")), true), where("'M' < UPPER(title)"));
    assertEquals(new Compare("title", Op.BETWEEN, List.of(new Literal("A"), new Param("z")), true),
        where("UPPER(title) BETWEEN 'A' AND UPPER(:z)"));
  }

  @Test
  void pathsMayStartWithThisAndTheIdIsIdOfThis() {
    assertEquals(compare("title", Op.EQUAL, "a"), where("this.title = 'a'"));
    assertEquals(compare("id", Op.EQUAL, 3L), where("ID(THIS) = 3"));
    assertEquals(compare("address.city", Op.EQUAL, "Oslo"), where("address.city = 'Oslo'"));
  }

  @Test
  void orderByBecomesSortKeys() {
    JdqlSelect select = select("SELECT THIS FROM Book WHERE year > 1 ORDER BY title DESC, this.year, ID(THIS) ASC");
    assertEquals(compare("year", Op.GREATER_THAN, 1), select.where());
    assertEquals(List.of(new SortKey("title", true, false), new SortKey("year", false, false),
        new SortKey("id", false, false)), select.order());
  }

  @Test
  void theEmptyQueryIsEveryEntityInAnyOrder() {
    assertEquals(new JdqlSelect(Condition.ALWAYS, List.of()), select(""));
    assertEquals(new JdqlSelect(Condition.ALWAYS, List.of(new SortKey("year", false, false))), select("ORDER BY year"));
  }

  @Test
  void conditionsAComparisonOfAPropertyCannotHoldAreTestsOfExpressions() {
    Expression year = new Expression.Path("year");
    Expression title = new Expression.Path("title");
    assertEquals(new Condition.Test(new Arithmetic(Operator.ADD, year, value(1)), Op.GREATER_THAN, value(3)),
        where("year + 1 > 3"));
    assertEquals(new Condition.Test(year, Op.GREATER_THAN, new Arithmetic(Operator.MULTIPLY, value(new Param("y")), value(2))),
        where("year > :y * 2"));
    assertEquals(new Condition.Test(new Negate(year), Op.LESS_THAN, value(3)), where("-year < 3"));
    assertEquals(new Condition.Test(new Call(Function.ABS, List.of(year)), Op.EQUAL, value(1)), where("ABS(year) = 1"));
    assertEquals(new Condition.Test(title, Op.EQUAL, new Expression.Path("author")), where("title = author"));
    assertEquals(new Condition.Test(title, Op.EQUAL, new Expression.Path("id")), where("title = ID(THIS)"));
    assertEquals(new Condition.Test(value(new Param("a")), Op.EQUAL, value(new Param("b"))), where(":a = :b"));
    assertEquals(new Condition.Test(year, Op.BETWEEN, value(1), new Expression.Path("isbn")),
        where("year BETWEEN 1 AND isbn"));
    assertEquals(new Condition.Not(new Condition.Test(year, Op.BETWEEN, value(1), new Expression.Path("isbn"))),
        where("year NOT BETWEEN 1 AND isbn"));
    assertEquals(new Condition.Test(value("x"), Op.LIKE, value("y")), where("'x' LIKE 'y'"));
    assertEquals(new Condition.Test(title, Op.NOT_IN, value("ab"), new Expression.Path("author")),
        where("title NOT IN ('ab', author)"));
    assertEquals(new Condition.Test(new Expression.Path("published"), Op.LESS_THAN, new Expression.Now(Expression.Now.Kind.DATE)),
        where("published < LOCAL DATE"));
    assertEquals(new Condition.Test(new Arithmetic(Operator.CONCAT, title, value("!")), Op.EQUAL, value(new Param("t"))),
        where("title || '!' = :t"));
  }

  @Test
  void anEnumConstantComparedWithAnExpressionIsLookedUpForThePropertyItIsComparedWith() {
    EnumConstants found = (field, type, constant) -> Optional.of(field.name() + ":" + constant);
    String query = "WHERE title = com.example.Status.ACTIVE";
    JdqlCondition where = ((JdqlStatement.Select) JdqlParser.parse(query)).where().orElseThrow();
    assertEquals(new Condition.Test(new Expression.Path("title"), Op.EQUAL, value("title:ACTIVE")),
        JdqlSelect.condition(query, where, BOOK, found));
  }

  private static Expression value(Object o) {
    return new Expression.Value(operand(o));
  }

  @Test
  void aSetAssignsNullAnEnumConstantOfItsPropertyOrAnExpressionOverTheEntity() {
    EnumConstants found = (field, type, constant) -> Optional.of(field.name() + ":" + constant);
    String query = "UPDATE Book SET title = NULL, day = com.example.Day.MONDAY, year = -ABS(year) + :y, author = author || :s";
    List<JdqlStatement.Assignment> set = ((JdqlStatement.Update) JdqlParser.parse(query)).assignments();
    assertEquals(value(null), JdqlSelect.assigned(query, set.get(0), BOOK, found));
    assertEquals(value("day:MONDAY"), JdqlSelect.assigned(query, set.get(1), BOOK, found));
    assertEquals(new Arithmetic(Operator.ADD, new Expression.Negate(new Call(Function.ABS, List.of(new Expression.Path("year")))),
        value(new Param("y"))), JdqlSelect.assigned(query, set.get(2), BOOK, found));
    assertEquals(new Arithmetic(Operator.CONCAT, new Expression.Path("author"), value(new Param("s"))),
        JdqlSelect.assigned(query, set.get(3), BOOK, found));
    String unknown = "UPDATE Book SET title = subtitle";
    JdqlTranslationException refused = assertThrows(JdqlTranslationException.class, () -> JdqlSelect.assigned(unknown,
        ((JdqlStatement.Update) JdqlParser.parse(unknown)).assignments().get(0), BOOK, found));
    assertEquals(unknown.indexOf("subtitle"), refused.offset());
  }

  @Test
  void upperAndLowerOfAPropertyAreACaseInsensitiveComparisonOnlyWhenBothSidesAreOfTheSameCase() {
    Expression upperTitle = new Call(Function.UPPER, List.of(new Expression.Path("title")));
    Expression lowerTitle = new Call(Function.LOWER, List.of(new Expression.Path("title")));
    assertEquals(new Condition.Test(upperTitle, Op.EQUAL, value(new Param("t"))), where("UPPER(title) = :t"));
    assertEquals(new Condition.Test(lowerTitle, Op.EQUAL, value("Ab")), where("LOWER(title) = 'Ab'"));
    assertEquals(new Condition.Test(new Expression.Path("title"), Op.EQUAL, new Call(Function.UPPER, List.of(value(new Param("t"))))),
        where("title = UPPER(:t)"));
    assertEquals(new Condition.Test(lowerTitle, Op.LESS_THAN, new Call(Function.LOWER, List.of(value(new Param("t"))))),
        where("LOWER(title) < LOWER(:t)"));
    refused("WHERE UPPER(year) = 'X'", 7, "UPPER takes text, and year holds INT values");
  }

  @Test
  void unknownPropertiesAreNamedWithTheEntitysProperties() {
    String properties = "[id, title, author, year, pages, shelf, isbn, rating, weight, price, sold, initial, inPrint,"
        + " day, published, cover, address.city]";
    refused("WHERE titel = :t", 7, "'titel' is not a property of Book; its properties are " + properties);
    refused("WHERE :t = UPPER(titel)", 18, "'titel' is not a property of Book; its properties are " + properties);
    refused("WHERE titel IN ('a')", 7, "'titel' is not a property of Book; its properties are " + properties);
    refused("ORDER BY year, titel", 16, "'titel' is not a property of Book; its properties are " + properties);
    refused("WHERE year = com.example.Nope.X", 14, "'com.example.Nope.X' is not a property of Book, nor a value of"
        + " year, which holds INT values; its properties are " + properties);
    refused("WHERE day = java.time.DayOfWeek.NOPE", 13,
        "'java.time.DayOfWeek.NOPE' is no constant of the enum of day: write the constant with its enum's qualified name");
  }

  @Test
  void aLiteralOfAnotherTypeThanItsPropertyIsRefused() {
    refused("WHERE year = 'x'", 14, "'x' is not a value of year, which holds INT values: write a whole number in the"
        + " range of its type, or pass the value as a parameter");
    refused("WHERE year < 2.5", 14, "2.5 is not a value of year, which holds INT values: write a whole number in the"
        + " range of its type, or pass the value as a parameter");
    refused("WHERE shelf = 300", 15, "300 is not a value of shelf, which holds BYTE values: write a whole number in"
        + " the range of its type, or pass the value as a parameter");
    refused("WHERE weight = 0.1", 16, "0.1 is not a value of weight, which holds FLOAT values: write a number its"
        + " type holds exactly, or pass the value as a parameter");
    refused("WHERE initial = 'ab'", 17, "'ab' is not a value of initial, which holds CHAR values: write one character,"
        + " or pass the value as a parameter");
    refused("WHERE inPrint = 1", 17, "1 is not a value of inPrint, which holds BOOLEAN values: write TRUE or FALSE,"
        + " or pass the value as a parameter");
    refused("WHERE title = TRUE", 15, "TRUE is not a value of title, which holds STRING values: write text, or pass"
        + " the value as a parameter");
    refused("WHERE published = '2020-01-01'", 19, "'2020-01-01' is not a value of published, which holds LOCAL_DATE"
        + " values: JDQL has no literal of them, pass the value as a parameter");
    refused("WHERE year LIKE '1%'", 7, "LIKE matches text, and year holds INT values");
    refused("ORDER BY cover", 10, "cover holds BYTES values, which have no order");
  }

  @Test
  void statementsOtherThanASelectOfEntitiesAreRefused() {
    refused("UPDATE Book SET year = 1", 1, "the run-time finder reads entities: UPDATE is for a @Query method of a"
        + " repository; write [WHERE ...] [ORDER BY ...]");
    refused("DELETE FROM Book", 1, "the run-time finder reads entities: DELETE is for a @Query method of a"
        + " repository; write [WHERE ...] [ORDER BY ...]");
    refused("SELECT title", 8, "the run-time finder returns whole entities: leave out this SELECT");
    refused("SELECT COUNT(THIS) WHERE year = 1", 8, "the run-time finder returns whole entities: leave out this SELECT"
        + " and call the finder's count()");
    refused("FROM Author WHERE year = 1", 6, "'Author' is not the entity this finder queries, Book");
  }

  @Test
  void theConditionOfAnUpdateOrADeleteIsBoundByTheSameRulesWithItsLiteralsAsWritten() {
    String update = "UPDATE Book SET year = 1 WHERE title = :t AND NOT year BETWEEN 1 AND :y AND rating >= 0 AND year < 2.5";
    JdqlCondition where = ((JdqlStatement.Update) JdqlParser.parse(update)).where().orElseThrow();
    EnumConstants none = (field, type, constant) -> Optional.empty();
    assertEquals(new Condition.And(List.of(compare("title", Op.EQUAL, new Param("t")),
        new Condition.Not(compare("year", Op.BETWEEN, 1, new Param("y"))), compare("rating", Op.GREATER_THAN_EQUAL, 0),
        compare("year", Op.LESS_THAN, 2.5))), JdqlSelect.condition(update, where, BOOK, none));
    String delete = "DELETE FROM Book WHERE titel = 'x'";
    JdqlTranslationException e = assertThrows(JdqlTranslationException.class, () -> JdqlSelect.condition(delete,
        ((JdqlStatement.Delete) JdqlParser.parse(delete)).where().orElseThrow(), BOOK, none));
    assertEquals(24, e.column());
  }

  @Test
  void errorsInAQueryOfSeveralLinesNameTheLine() {
    JdqlTranslationException e = assertThrows(JdqlTranslationException.class,
        () -> select("WHERE year = 1\n  AND year = 'x'"));
    assertEquals(2, e.line());
    assertEquals(14, e.column());
    assertEquals(28, e.offset());
    assertEquals("at line 2, column 14: 'x' is not a value of year, which holds INT values: write a whole number in the"
        + " range of its type, or pass the value as a parameter", e.getMessage());
  }

  @Test
  void aQueryThatDoesNotParseIsASyntaxErrorAndBothAreJdqlExceptions() {
    JdqlException syntax = assertThrows(JdqlException.class, () -> select("WHERE year ="));
    assertInstanceOf(JdqlSyntaxException.class, syntax);
    assertEquals("at column 13: expected a value (a property, a literal or a parameter), found the end of the query",
        syntax.getMessage());
    assertInstanceOf(JdqlException.class, assertThrows(JdqlTranslationException.class, () -> select("WHERE x = 1")));
  }
}

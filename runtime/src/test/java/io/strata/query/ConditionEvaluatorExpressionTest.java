package io.strata.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Condition;
import io.strata.query.model.Expression;
import io.strata.query.model.Expression.Arithmetic;
import io.strata.query.model.Expression.Call;
import io.strata.query.model.Expression.Function;
import io.strata.query.model.Expression.Operator;
import io.strata.query.model.Expression.Path;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Tests of two expressions (issue 38's kinds a comparison of a property cannot hold) checked brute force: on random
 * entities, the evaluator takes exactly the entities a hand-written three-valued check does, and under {@code Not}
 * exactly those the check says false of (unknown stays out both ways).
 */
class ConditionEvaluatorExpressionTest {
  private static final String[] NAMES = {"ab", "Abc", "abcd", "x", "", "ZZ", "aB", "bcab"};
  private static final List<Map<String, Object>> ROWS = rows();
  private static final Map<String, Object> PARAMS = Map.of("p", 60L, "s", "ab", "lo", 20, "hi", 90, "a", 1, "b", 1L);
  private static final ConditionEvaluator<Map<String, Object>> EVALUATOR = new ConditionEvaluator<>(
      name -> row -> row.get(name), (name, value) -> value, ConditionEvaluatorExpressionTest::javaOrder);

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int javaOrder(Object a, Object b, boolean ignoreCase) {
    return ((Comparable) a).compareTo(b);
  }

  private static List<Map<String, Object>> rows() {
    Random random = new Random(38);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("name", random.nextInt(8) == 0 ? null : NAMES[random.nextInt(NAMES.length)]);
      row.put("size", random.nextInt(8) == 0 ? null : (long) random.nextInt(100) - 20);
      row.put("other", random.nextInt(8) == 0 ? null : (long) random.nextInt(100) - 20);
      row.put("price", random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextInt(2000) - 500, 1));
      row.put("born", random.nextInt(8) == 0 ? null : random.nextBoolean() ? LocalDate.of(1990, 1, 1) : LocalDate.of(2200, 1, 1));
      rows.add(row);
    }
    return rows;
  }

  private static Expression path(String name) {
    return new Path(name);
  }

  private static Expression literal(Object value) {
    return new Expression.Value(new Operand.Literal(value));
  }

  private static Expression param(String name) {
    return new Expression.Value(new Operand.Param(name));
  }

  private static Expression call(Function f, Expression... args) {
    return new Call(f, List.of(args));
  }

  private static Expression arith(Expression left, Operator op, Expression right) {
    return new Arithmetic(op, left, right);
  }

  /** A check of one row: true, false, or null for unknown. */
  private interface Check {
    Boolean of(Map<String, Object> row);
  }

  private static Long size(Map<String, Object> row) {
    return (Long) row.get("size");
  }

  private static String name(Map<String, Object> row) {
    return (String) row.get("name");
  }

  private static void agrees(String what, Condition condition, Check check) {
    List<Map<String, Object>> expectedTrue = ROWS.stream().filter(r -> check.of(r) == Boolean.TRUE).toList();
    List<Map<String, Object>> expectedFalse = ROWS.stream().filter(r -> check.of(r) == Boolean.FALSE).toList();
    assertEquals(expectedTrue, ROWS.stream().filter(EVALUATOR.predicate(condition, PARAMS)).toList(), what);
    assertEquals(expectedFalse, ROWS.stream().filter(EVALUATOR.predicate(new Condition.Not(condition), PARAMS)).toList(),
        "not " + what);
  }

  @Test
  void arithmeticInAnOperand() {
    agrees("size + other > :p", new Condition.Test(arith(path("size"), Operator.ADD, path("other")), Op.GREATER_THAN, param("p")),
        r -> size(r) == null || r.get("other") == null ? null : size(r) + (Long) r.get("other") > 60);
    agrees("-size < 3 * 2", new Condition.Test(new Expression.Negate(path("size")), Op.LESS_THAN,
        arith(literal(3), Operator.MULTIPLY, literal(2))), r -> size(r) == null ? null : -size(r) < 6);
    agrees("size / 7 = 2", new Condition.Test(arith(path("size"), Operator.DIVIDE, literal(7)), Op.EQUAL, literal(2)),
        r -> size(r) == null ? null : size(r) / 7 == 2);
    agrees("price * 2 >= 10.5", new Condition.Test(arith(path("price"), Operator.MULTIPLY, literal(2)), Op.GREATER_THAN_EQUAL,
        literal(10.5)), r -> r.get("price") == null ? null
            : ((BigDecimal) r.get("price")).multiply(BigDecimal.valueOf(2)).compareTo(new BigDecimal("10.5")) >= 0);
    agrees("name || 'c' = 'abc'", new Condition.Test(arith(path("name"), Operator.CONCAT, literal("c")), Op.EQUAL, literal("abc")),
        r -> name(r) == null ? null : (name(r) + "c").equals("abc"));
  }

  @Test
  void signedZerosFollowJavasArithmetic() {
    // a property compared with an expression, in the dialect's order: Double.compareTo puts -0.0 below 0.0
    Condition isAbsOfOther = new Condition.Test(path("score"), Op.EQUAL, call(Function.ABS, path("other")));
    assertTrue(EVALUATOR.predicate(isAbsOfOther, PARAMS).test(Map.of("score", 0.0, "other", -0.0)), "ABS(-0.0) is 0.0");
    Condition isMinusZero = new Condition.Test(path("score"), Op.EQUAL, new Expression.Negate(literal(0.0)));
    assertTrue(EVALUATOR.predicate(isMinusZero, PARAMS).test(Map.of("score", -0.0)), "-(0.0) is -0.0");
    assertFalse(EVALUATOR.predicate(isMinusZero, PARAMS).test(Map.of("score", 0.0)), "-(0.0) is not 0.0");
    // an expression over a property compared with a literal: two doubles as Double.compare, as the generated Values.lt
    Condition negatedBelowZero = new Condition.Test(new Expression.Negate(path("score")), Op.LESS_THAN, literal(0.0));
    assertTrue(EVALUATOR.predicate(negatedBelowZero, PARAMS).test(Map.of("score", 0.0)), "-score < 0.0 at 0.0: -0.0 < 0.0");
    assertFalse(EVALUATOR.predicate(negatedBelowZero, PARAMS).test(Map.of("score", -0.0)), "-score < 0.0 at -0.0: 0.0");
  }

  @Test
  void arithmeticOnABigIntegerKeepsEveryDigit() {
    // 2^53 + 1: a double holds 2^53 in its place, so through doubles big + 1 would equal 2^53 + 1, not 2^53 + 2
    Map<String, Object> row = Map.of("big", new BigInteger("9007199254740993"));
    Condition plusOne = new Condition.Test(arith(path("big"), Operator.ADD, literal(1)), Op.EQUAL, param("q"));
    assertTrue(EVALUATOR.predicate(plusOne, Map.of("q", new BigDecimal("9007199254740994"))).test(row));
    assertFalse(EVALUATOR.predicate(plusOne, Map.of("q", new BigDecimal("9007199254740993"))).test(row));
    Condition negated = new Condition.Test(new Expression.Negate(path("big")), Op.LESS_THAN, param("q"));
    assertTrue(EVALUATOR.predicate(negated, Map.of("q", new BigInteger("-9007199254740992"))).test(row));
  }

  @Test
  void functionsOfTextAndNumbersNestedAndOnTheValueSide() {
    agrees("ABS(size - 50) <= 10", new Condition.Test(call(Function.ABS, arith(path("size"), Operator.SUBTRACT, literal(50))),
        Op.LESS_THAN_EQUAL, literal(10)), r -> size(r) == null ? null : Math.abs(size(r) - 50) <= 10);
    agrees("LENGTH(name) = 3", new Condition.Test(call(Function.LENGTH, path("name")), Op.EQUAL, literal(3)),
        r -> name(r) == null ? null : name(r).length() == 3);
    agrees("LEFT(name, 2) = :s", new Condition.Test(call(Function.LEFT, path("name"), literal(2)), Op.EQUAL, param("s")),
        r -> name(r) == null ? null : name(r).substring(0, Math.min(2, name(r).length())).equals("ab"));
    agrees("RIGHT(name, 2) = 'ab'", new Condition.Test(call(Function.RIGHT, path("name"), literal(2)), Op.EQUAL, literal("ab")),
        r -> name(r) == null ? null : name(r).substring(Math.max(0, name(r).length() - 2)).equals("ab"));
    agrees("LENGTH(UPPER(LEFT(name, 3))) = 2", new Condition.Test(call(Function.LENGTH, call(Function.UPPER,
        call(Function.LEFT, path("name"), literal(3)))), Op.EQUAL, literal(2)),
        r -> name(r) == null ? null : Math.min(3, name(r).length()) == 2);
    agrees("name = UPPER(:s)", new Condition.Test(path("name"), Op.EQUAL, call(Function.UPPER, param("s"))),
        r -> name(r) == null ? null : name(r).equals("AB"));
  }

  @Test
  void lowerIsACaseFunctionNotIgnoreCase() {
    agrees("LOWER(name) = 'ab'", new Condition.Test(call(Function.LOWER, path("name")), Op.EQUAL, literal("ab")),
        r -> name(r) == null ? null : name(r).toLowerCase(Locale.ROOT).equals("ab"));
    agrees("LOWER(name) = 'AB' matches nothing", new Condition.Test(call(Function.LOWER, path("name")), Op.EQUAL, literal("AB")),
        r -> name(r) == null ? null : false);
  }

  @Test
  void twoPropertiesOrNone() {
    agrees("size > other", new Condition.Test(path("size"), Op.GREATER_THAN, path("other")),
        r -> size(r) == null || r.get("other") == null ? null : size(r) > (Long) r.get("other"));
    agrees(":a = :b (an Integer and a Long, equal by value)", new Condition.Test(param("a"), Op.EQUAL, param("b")), r -> true);
    agrees("1 = 2", new Condition.Test(literal(1), Op.EQUAL, literal(2)), r -> false);
  }

  @Test
  void theCurrentDate() {
    agrees("born < LOCAL DATE", new Condition.Test(path("born"), Op.LESS_THAN, new Expression.Now(Expression.Now.Kind.DATE)),
        r -> r.get("born") == null ? null : ((LocalDate) r.get("born")).getYear() == 1990);
  }

  @Test
  void betweenInLikeAndIsNullOfAnExpression() {
    agrees("size * 2 BETWEEN :lo AND :hi", new Condition.Test(arith(path("size"), Operator.MULTIPLY, literal(2)), Op.BETWEEN,
        param("lo"), param("hi")), r -> size(r) == null ? null : size(r) * 2 >= 20 && size(r) * 2 <= 90);
    agrees("LENGTH(name) IN (1, 2)", new Condition.Test(call(Function.LENGTH, path("name")), Op.IN, literal(1), literal(2)),
        r -> name(r) == null ? null : name(r).length() == 1 || name(r).length() == 2);
    agrees("LENGTH(name) NOT IN (1, :nothing)", new Condition.Test(call(Function.LENGTH, path("name")), Op.NOT_IN, literal(1),
        literal(null)), r -> name(r) == null || name(r).length() != 1 ? null : false);
    agrees("LOWER(name) LIKE 'a%'", new Condition.Test(call(Function.LOWER, path("name")), Op.LIKE, literal("a%")),
        r -> name(r) == null ? null : name(r).toLowerCase(Locale.ROOT).startsWith("a"));
    agrees("name || 'x' IS NULL", new Condition.Test(arith(path("name"), Operator.CONCAT, literal("x")), Op.IS_NULL),
        r -> name(r) == null);
  }

  @Test
  void literalsThatDoNotFitTheirProperty() {
    agrees("size = 7 (an Integer literal, a Long property)", new Condition.Test(path("size"), Op.EQUAL, literal(7)),
        r -> size(r) == null ? null : size(r) == 7);
    agrees("UPPER(name) = 'ab' matches nothing", new Condition.Test(call(Function.UPPER, path("name")), Op.EQUAL, literal("ab")),
        r -> name(r) == null ? null : false);
  }

  @Test
  void theCurrentDateComparedWithAPropertyTakesThePropertysStoredForm() {
    ConditionEvaluator<Map<String, Object>> asDays = new ConditionEvaluator<>(name -> row -> row.get(name),
        (name, value) -> value instanceof LocalDate d ? (Object) d.toEpochDay() : value,
        ConditionEvaluatorExpressionTest::javaOrder);
    Expression today = new Expression.Now(Expression.Now.Kind.DATE);
    Map<String, Object> past = Map.of("day", LocalDate.of(2000, 1, 1).toEpochDay());
    Map<String, Object> future = Map.of("day", LocalDate.of(2200, 1, 1).toEpochDay());
    Condition before = new Condition.Test(path("day"), Op.LESS_THAN, today);
    Condition after = new Condition.Test(today, Op.LESS_THAN, path("day"));
    assertEquals(List.of(past), List.of(past, future).stream().filter(asDays.predicate(before, Map.of())).toList());
    assertEquals(List.of(future), List.of(past, future).stream().filter(asDays.predicate(after, Map.of())).toList());
  }
}

package io.strata.query.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.model.Condition.Compare;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConditionTest {

  @Test
  void aComparisonWithTheWrongNumberOfOperandsIsRefusedNamingFieldAndOperator() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Compare("age", Op.BETWEEN, new Operand.Param("low")));
    assertTrue(e.getMessage().contains("BETWEEN on age takes 2"), e.getMessage());
  }

  @Test
  void aTestOfExpressionsIsRefusedWithTheWrongRightHandSideOrAnIndexOnlyOperator() {
    Expression size = new Expression.Path("size");
    Expression one = new Expression.Value(new Operand.Literal(1));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new Condition.Test(size, Op.BETWEEN, one))
        .getMessage().contains("BETWEEN of an expression takes 2"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new Condition.Test(size, Op.IN))
        .getMessage().contains("IN of an expression takes one or more"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new Condition.Test(size, Op.NEAR, one, one))
        .getMessage().contains("NEAR compares a property through its index"));
    assertEquals(3, new Condition.Test(size, Op.IN, one, one, one).right().size(), "IN lists its items");
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> new Expression.Call(Expression.Function.LEFT, List.of(size))).getMessage().contains("LEFT takes 2"));
  }

  @Test
  void theFieldsAConditionFixesAreThoseAnEqualityTheWholeConditionRequiresFixes() {
    Condition cityIsA = new Compare("city", Op.EQUAL, new Operand.Param("a"));
    Condition sizeIsNotS = new Compare("size", Op.NOT_EQUAL, new Operand.Param("s"));
    Condition kindBelowK = new Compare("kind", Op.LESS_THAN, new Operand.Param("k"));
    assertEquals(Set.of("city"), Condition.fixedFields(new Condition.And(List.of(cityIsA, kindBelowK))));
    assertEquals(Set.of(), Condition.fixedFields(new Condition.Or(List.of(cityIsA, cityIsA))), "an Or requires no branch");
    assertEquals(Set.of("size"), Condition.fixedFields(new Condition.Not(sizeIsNotS)), "NOT (size <> s) is size = s");
    assertEquals(Set.of("city", "size"), Condition.fixedFields(new Condition.Not(new Condition.Or(List.of(
        new Condition.Not(cityIsA), sizeIsNotS)))), "NOT (NOT a OR b) is a AND NOT b");
    assertEquals(Set.of(), Condition.fixedFields(new Condition.Not(new Condition.And(List.of(cityIsA, kindBelowK)))));
    assertEquals(Set.of(), Condition.fixedFields(new Compare("city", Op.EQUAL, List.of(new Operand.Param("a")), true)),
        "an equality ignoring case lets the case vary");
  }

  @Test
  void negationIsAnInvolutionWhereItExists() {
    for (Op op : Op.values()) {
      if (op.negated() == null) {
        assertTrue(op == Op.BETWEEN || op.name().endsWith("WITH") || op == Op.CONTAINS || op == Op.WITHIN || op == Op.NEAR
            || op == Op.NEAREST, op.name());
      } else {
        assertEquals(op, op.negated().negated(), op.name());
        assertEquals(op.arity(), op.negated().arity(), op.name());
      }
    }
    assertNull(Op.WITHIN.negated());
  }

  @Test
  void anEntityHasExactlyOneId() {
    FieldInfo a = new FieldInfo("a", ValueKind.LONG, true, true);
    FieldInfo b = new FieldInfo("b", ValueKind.LONG, true, true);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new EntityInfo("E", List.of(a, b), List.of(), List.of(), List.of()));
    assertTrue(e.getMessage().contains("[a, b]"), e.getMessage());
    assertEquals(a, new EntityInfo("E", List.of(a), List.of(), List.of(), List.of()).id());
  }

  @Test
  void onlyJakartaKeepsEnumsUuidsAndFloatingValuesOutOfKeyOrder() {
    assertTrue(Semantics.STRATA.keyOrdered(ValueKind.DOUBLE));
    assertTrue(!Semantics.JAKARTA.keyOrdered(ValueKind.DOUBLE));
    for (Semantics s : Semantics.values()) {
      assertTrue(!s.keyOrdered(ValueKind.ENUM) && !s.keyOrdered(ValueKind.UUID) && !s.keyOrdered(ValueKind.OTHER), s.name());
      assertTrue(s.keyOrdered(ValueKind.STRING) && s.keyOrdered(ValueKind.LONG), s.name());
    }
  }
}

package io.strata.processor.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.ValueType;
import io.strata.query.model.Condition;
import io.strata.query.model.Expression;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Java expressions the one predicate writer makes of condition trees, in Jakarta Data's semantics. */
class PredicateWriterTest {
  private static final FieldModel ID = field("id", ValueType.Kind.LONG, TypeName.LONG, true);
  private static final FieldModel CITY = field("city", ValueType.Kind.STRING, ClassName.get(String.class), false);
  private static final FieldModel SIZE = field("size", ValueType.Kind.LONG, TypeName.LONG, false);
  private static final PredicateWriter JAKARTA = PredicateWriter.jakarta(new EntityModel(ClassName.get("test", "Place"), "Place",
      List.of(ID, CITY, SIZE), List.of(), List.of(), List.of(), List.of(), List.of(), false, false));

  private static FieldModel field(String name, ValueType.Kind kind, TypeName type, boolean id) {
    return new FieldModel(name, ValueType.simple(kind, type), "e." + name + "()", null, id);
  }

  private static Condition compare(String field, Op op, String parameter) {
    return new Condition.Compare(field, op, List.of(new Operand.Param(parameter)), false);
  }

  private static Condition and(Condition... parts) {
    return new Condition.And(List.of(parts));
  }

  private static Condition or(Condition... parts) {
    return new Condition.Or(List.of(parts));
  }

  private static String text(CodeBlock code) {
    return code.toString().replace("io.strata.jakarta.data.", "");
  }

  @Test
  void anOrAmongTheConditionsOfAnAndKeepsItsParentheses() {
    Condition c = and(or(compare("city", Op.EQUAL, "a"), compare("city", Op.EQUAL, "b")), compare("size", Op.GREATER_THAN, "min"));
    assertEquals("(Values.eq(e.city(), a) || Values.eq(e.city(), b)) && Values.gt(e.size(), min)", text(JAKARTA.write(c)));
  }

  @Test
  void theNegationOfAnAndIsTrueWhereAPartIsFalseNeverWhereAPartIsUnknown() {
    Condition c = new Condition.Not(and(compare("city", Op.EQUAL, "a"), compare("size", Op.LESS_THAN, "max")));
    // a null size leaves size < max unknown, and NOT (city = a AND size < max) with it when city is a
    assertEquals("(Values.ne(e.city(), a)) || ((!Values.isNull(e.size()) && !Values.lt(e.size(), max)))",
        text(JAKARTA.write(c)));
  }

  @Test
  void theConjunctionsOfAnOrNeedNoParentheses() {
    Condition c = or(and(compare("city", Op.EQUAL, "a"), compare("size", Op.EQUAL, "s")), compare("id", Op.EQUAL, "id"));
    assertEquals("Values.eq(e.city(), a) && Values.eq(e.size(), s) || Values.eq(e.id(), id)", text(JAKARTA.write(c)));
  }

  @Test
  void oneTableNamesTheJakartaTestOfEveryOperatorForMethodNamesAndJdqlAlike() {
    assertEquals("Values.between(e.size(), lo, hi)", text(PredicateWriter.jakartaTest(Op.BETWEEN, CodeBlock.of("e.size()"),
        List.of(CodeBlock.of("lo"), CodeBlock.of("hi")))));
    assertEquals("Values.in(e.city(), \"a\", \"b\")", text(PredicateWriter.jakartaTest(Op.IN, CodeBlock.of("e.city()"),
        List.of(CodeBlock.of("$S", "a"), CodeBlock.of("$S", "b")))));
    assertEquals("Values.isNull(e.city())", text(PredicateWriter.jakartaTest(Op.IS_NULL, CodeBlock.of("e.city()"), List.of())));
    assertEquals("Values.inAny(e.city(), cities)", text(JAKARTA.write(compare("city", Op.IN, "cities"))));
  }

  private static Condition literal(String field, Op op, Object value) {
    return new Condition.Compare(field, op, List.of(new Operand.Literal(value)), false);
  }

  @Test
  void literalsAreWrittenAsJavaLiteralsOfTheirValues() {
    assertEquals("Values.gt(e.size(), 0) && Values.lt(e.size(), 2L) && Values.ge(e.size(), 1.5d) && Values.le(e.size(), 2.5f)",
        text(JAKARTA.write(and(literal("size", Op.GREATER_THAN, 0), literal("size", Op.LESS_THAN, 2L),
            literal("size", Op.GREATER_THAN_EQUAL, 1.5), literal("size", Op.LESS_THAN_EQUAL, 2.5F)))));
    assertEquals("Values.eq(e.city(), \"it's\") || Values.eq(e.city(), \"x\") || Values.eq(e.size(), new java.math.BigDecimal(\"0.10\"))",
        text(JAKARTA.write(or(literal("city", Op.EQUAL, "it's"), literal("city", Op.EQUAL, 'x'),
            literal("size", Op.EQUAL, new java.math.BigDecimal("0.10"))))));
    assertEquals("Values.eq(e.city(), Place.Kind.TOWN)", text(JAKARTA.write(literal("city", Op.EQUAL,
        CodeBlock.of("$T.$N", ClassName.get("test", "Place", "Kind"), "TOWN")))).replace("test.", ""));
  }

  @Test
  void anInOfLiteralsListsThemAndItsNegationsAreFalseOnANullValue() {
    assertEquals("Values.in(e.city(), \"a\", \"b\")", text(JAKARTA.write(literal("city", Op.IN, List.of("a", "b")))));
    assertEquals("(!Values.isNull(e.city()) && !Values.in(e.city(), \"a\"))", text(JAKARTA.write(literal("city", Op.NOT_IN, List.of("a")))));
    assertEquals("(!Values.isNull(e.city()) && !Values.like(e.city(), p))", text(JAKARTA.write(compare("city", Op.NOT_LIKE, "p"))));
    assertEquals("(!Values.isNull(e.size()) && !Values.gt(e.size(), min))",
        text(JAKARTA.write(new Condition.Not(compare("size", Op.GREATER_THAN, "min")))));
  }

  @Test
  void nullTestsAndTheirNegationsTestTheNullItself() {
    Condition notNull = new Condition.Compare("city", Op.NOT_NULL);
    assertEquals("!Values.isNull(e.city())", text(JAKARTA.write(notNull)));
    assertEquals("Values.isNull(e.city())", text(JAKARTA.write(new Condition.Not(notNull))));
    assertEquals("!Values.isNull(e.city())", text(JAKARTA.write(new Condition.Not(new Condition.Compare("city", Op.IS_NULL)))));
  }

  @Test
  void aParameterIsWrittenAsTheVariableItIsBoundTo() {
    PredicateWriter ordinal = PredicateWriter.jakarta(new EntityModel(ClassName.get("test", "Place"), "Place",
        List.of(ID, CITY, SIZE), List.of(), List.of(), List.of(), List.of(), List.of(), false, false), p -> "conv$" + p);
    assertEquals("Values.eq(e.city(), conv$1)", text(ordinal.write(compare("city", Op.EQUAL, "1"))));
  }

  private static Condition lengthOfCityAbove(String parameter) {
    return new Condition.Test(new Expression.Call(Expression.Function.LENGTH, List.of(new Expression.Path("city"))),
        Op.GREATER_THAN, new Expression.Value(new Operand.Param(parameter)));
  }

  @Test
  void aTestOfExpressionsComputesEachSideThroughValues() {
    Condition twice = new Condition.Test(new Expression.Arithmetic(Expression.Operator.MULTIPLY, new Expression.Path("size"),
        new Expression.Value(new Operand.Literal(2))), Op.LESS_THAN, new Expression.Path("id"));
    assertEquals("Values.lt(Values.multiply(e.size(), 2), e.id())", text(JAKARTA.write(twice)));
    assertEquals("Values.gt(Values.length(e.city()), n)", text(JAKARTA.write(lengthOfCityAbove("n"))));
  }

  @Test
  void theNegationOfATestIsFalseWhereAComparedValueIsNullAsUnderAnyNot() {
    assertEquals("(!Values.isNull(Values.length(e.city())) && !Values.isNull(n)) && !Values.gt(Values.length(e.city()), n)",
        text(JAKARTA.write(new Condition.Not(lengthOfCityAbove("n")))));
    // NOT (a AND b) is true where either part is false, never where one is unknown
    assertEquals("((!Values.isNull(Values.length(e.city())) && !Values.isNull(n)) && !Values.gt(Values.length(e.city()), n))"
        + " || ((!Values.isNull(e.size()) && !Values.lt(e.size(), max)))",
        text(JAKARTA.write(new Condition.Not(and(lengthOfCityAbove("n"), compare("size", Op.LESS_THAN, "max"))))));
  }
}

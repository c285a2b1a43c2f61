package io.strata.query.jdql;

import io.strata.query.jdql.JdqlCondition.Comparator;
import io.strata.query.jdql.JdqlExpression.Function;
import io.strata.query.jdql.JdqlExpression.Operator;
import io.strata.query.jdql.JdqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;

/**
 * Reads JDQL's conditions and values for {@link JdqlParser}. Precedence, loosest first: {@code OR}, {@code AND},
 * {@code NOT}, the predicates (comparisons, {@code BETWEEN}, {@code LIKE}, {@code IN}, {@code IS NULL}), {@code ||},
 * {@code + -}, {@code * /}, unary {@code + -}. Conditions and values share one precedence climb, so a {@code (} is
 * read without backtracking whether it groups a condition, {@code (a = 1 OR b = 2)}, or a value,
 * {@code (a + b) * 2 > c}; the kind of node is checked where it is used.
 */
final class JdqlExpressionParser {
  private static final Map<Kind, Comparator> COMPARATORS = Map.of(Kind.EQUAL, Comparator.EQUAL,
      Kind.NOT_EQUAL, Comparator.NOT_EQUAL, Kind.LESS, Comparator.LESS, Kind.LESS_EQUAL, Comparator.LESS_EQUAL,
      Kind.GREATER, Comparator.GREATER, Kind.GREATER_EQUAL, Comparator.GREATER_EQUAL);
  private static final String PREDICATES = "a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or IS";

  private final JdqlCursor in;
  private final JdqlLiterals literals;
  /** Where the last value that stood without a comparison began, for the error if a condition was needed there. */
  private int bareValueStart;

  JdqlExpressionParser(JdqlCursor in) {
    this.in = in;
    this.literals = new JdqlLiterals(in.query());
  }

  /** A scalar value, such as the right side of a {@code SET} assignment. */
  JdqlExpression value() {
    return scalar(concat());
  }

  // ---- conditions: OR < AND < NOT < predicates

  /** The condition of a {@code WHERE} clause; {@code where} says where it stands, for the error if it is missing. */
  JdqlCondition condition(String where) {
    if (in.current().kind() == Kind.END) {
      throw in.error("expected a condition " + where);
    }
    return condition(or());
  }

  /** {@code node} as a condition; a bare value there is missing its comparison, reported at the token after it. */
  private JdqlCondition condition(Object node) {
    if (node instanceof JdqlCondition condition) {
      return condition;
    }
    throw in.error("expected " + PREDICATES + " after " + in.source(bareValueStart, in.position()));
  }

  private Object or() {
    return logical("OR", this::and, (left, right) -> new JdqlCondition.Or(left, right, left.offset()));
  }

  private Object and() {
    return logical("AND", this::not, (left, right) -> new JdqlCondition.And(left, right, left.offset()));
  }

  /** {@code operand (keyword operand)*}, left-associative; with a keyword, both sides must be conditions. */
  private Object logical(String keyword, Supplier<Object> operand, BinaryOperator<JdqlCondition> combine) {
    Object left = operand.get();
    while (in.at(keyword)) {
      JdqlCondition first = condition(left);
      in.advance();
      left = combine.apply(first, condition(operand.get()));
    }
    return left;
  }

  private Object not() {
    if (in.at("NOT")) {
      int offset = in.advance().offset();
      return new JdqlCondition.Not(condition(not()), offset);
    }
    return predicate();
  }

  private Object predicate() {
    int start = in.current().offset();
    Object left = concat();
    int end = in.position();
    if (left instanceof JdqlCondition) {
      boolean compared = COMPARATORS.containsKey(in.current().kind())
          || in.at("BETWEEN") || in.at("LIKE") || in.at("IN") || in.at("IS");
      if (compared) {
        throw in.error("a condition in parentheses cannot be the left operand of " + in.current().describe(), "");
      }
      return left;
    }
    JdqlExpression value = (JdqlExpression) left;
    Comparator comparator = COMPARATORS.get(in.current().kind());
    if (comparator != null) {
      in.advance();
      return new JdqlCondition.Comparison(value, comparator, scalar(concat()), value.offset());
    }
    if (in.accept("IS")) {
      requireProperty(value, start, end, "IS NULL");
      boolean negated = in.accept("NOT");
      in.expect("NULL", negated ? "after IS NOT" : "after IS");
      return new JdqlCondition.NullCheck(value, negated, value.offset());
    }
    boolean negated = in.accept("NOT");
    if (in.accept("BETWEEN")) {
      JdqlExpression low = scalar(concat());
      in.expect("AND", "between the bounds of BETWEEN");
      return new JdqlCondition.Between(value, negated, low, scalar(concat()), value.offset());
    }
    if (in.accept("LIKE")) {
      Kind kind = in.current().kind();
      if (kind != Kind.STRING && kind != Kind.NAMED_PARAMETER && kind != Kind.ORDINAL_PARAMETER) {
        throw in.error("expected a string literal or a parameter after LIKE");
      }
      return new JdqlCondition.Like(value, negated, scalar(primaryOrCondition()), value.offset());
    }
    if (in.accept("IN")) {
      requireProperty(value, start, end, "IN");
      return new JdqlCondition.In(value, negated, inItems(), value.offset());
    }
    if (negated) {
      throw in.error("expected BETWEEN, LIKE or IN after NOT");
    }
    bareValueStart = start;
    return value;
  }

  private List<JdqlExpression> inItems() {
    in.expectSymbol(Kind.LEFT_PAREN, "after IN");
    List<JdqlExpression> items = new ArrayList<>();
    do {
      Kind kind = in.current().kind();
      boolean literal = kind == Kind.STRING || kind == Kind.NAMED_PARAMETER || kind == Kind.ORDINAL_PARAMETER
          || literals.isNumber(in.current()) || kind == Kind.MINUS && literals.isNumber(in.next());
      if (!literal && !in.atName()) {
        throw in.error("expected a literal, an enum constant or a parameter in the IN list");
      }
      items.add(literal ? scalar(unary()) : path("in the IN list"));
    } while (in.acceptSymbol(Kind.COMMA));
    in.expectSymbol(Kind.RIGHT_PAREN, "to close the IN list");
    return items;
  }

  /** Checks that {@code value}, written from offset {@code start} to token {@code end}, is a property or ID(THIS). */
  private void requireProperty(JdqlExpression value, int start, int end, String operator) {
    if (!(value instanceof JdqlExpression.Path) && !(value instanceof JdqlExpression.IdOfThis)) {
      throw in.errorAt(start,
          operator + " applies to a property (or ID(THIS)), not to " + in.source(start, end));
    }
  }

  // ---- scalar expressions: || < + - < * / < unary

  /** {@code node} as a scalar expression; a condition there (say {@code (a = 1) + 2}) is an error at its start. */
  private JdqlExpression scalar(Object node) {
    if (node instanceof JdqlExpression expression) {
      return expression;
    }
    throw in.errorAt(((JdqlCondition) node).offset(),
        "expected a value, found a condition (a comparison, BETWEEN, LIKE, IN or IS NULL)");
  }

  private Object concat() {
    Object left = additive();
    while (in.current().kind() == Kind.CONCAT) {
      left = binary(left, Operator.CONCAT, this::additive);
    }
    return left;
  }

  private Object additive() {
    Object left = multiplicative();
    while (in.current().kind() == Kind.PLUS || in.current().kind() == Kind.MINUS) {
      left = binary(left, in.current().kind() == Kind.PLUS ? Operator.ADD : Operator.SUBTRACT, this::multiplicative);
    }
    return left;
  }

  private Object multiplicative() {
    Object left = unary();
    while (in.current().kind() == Kind.STAR || in.current().kind() == Kind.SLASH) {
      left = binary(left, in.current().kind() == Kind.STAR ? Operator.MULTIPLY : Operator.DIVIDE, this::unary);
    }
    return left;
  }

  private Object binary(Object left, Operator operator, Supplier<Object> operand) {
    JdqlExpression first = scalar(left);
    in.advance();
    return new JdqlExpression.Binary(first, operator, scalar(operand.get()), first.offset());
  }

  private Object unary() {
    Kind kind = in.current().kind();
    if (kind != Kind.PLUS && kind != Kind.MINUS) {
      return primaryOrCondition();
    }
    JdqlToken sign = in.advance();
    if (kind == Kind.MINUS && literals.isNumber(in.current())) {
      return literals.number(in.advance(), true, sign.offset());
    }
    return new JdqlExpression.Unary(kind == Kind.PLUS ? JdqlExpression.Sign.PLUS : JdqlExpression.Sign.MINUS,
        scalar(unary()), sign.offset());
  }

  /** A primary value, or whatever a parenthesis holds: a value or a condition. */
  private Object primaryOrCondition() {
    JdqlToken token = in.current();
    switch (token.kind()) {
      case LEFT_PAREN -> {
        in.advance();
        Object inner = or();
        in.expectSymbol(Kind.RIGHT_PAREN, "to close the '(' at column " + JdqlException.columnOf(in.query(),
            token.offset()));
        return inner;
      }
      case STRING -> {
        return new JdqlExpression.StringLiteral(in.advance().value(), token.offset());
      }
      case INTEGER, LONG, FLOAT, DOUBLE -> {
        return literals.number(in.advance(), false, token.offset());
      }
      case NAMED_PARAMETER, ORDINAL_PARAMETER -> {
        return literals.parameter(in.advance());
      }
      case IDENTIFIER -> {
        return word(token);
      }
      default -> throw in.error("expected a value (a property, a literal or a parameter)");
    }
  }

  private JdqlExpression word(JdqlToken token) {
    if (token.is("TRUE") || token.is("FALSE")) {
      return new JdqlExpression.BooleanLiteral(in.advance().is("TRUE"), token.offset());
    }
    if (token.is("NULL")) {
      throw in.error("NULL is not a value here: test for it with IS NULL or IS NOT NULL"
          + " (NULL stands alone only as a value in SET)", "");
    }
    if (token.is("LOCAL")) {
      in.advance();
      for (JdqlExpression.Temporal temporal : JdqlExpression.Temporal.values()) {
        if (in.accept(temporal.name().substring("LOCAL_".length()))) {
          return new JdqlExpression.CurrentTemporal(temporal, token.offset());
        }
      }
      throw in.error("expected DATE, DATETIME or TIME after LOCAL");
    }
    if (atIdOfThis()) {
      return idOfThis();
    }
    if (in.next().kind() == Kind.LEFT_PAREN) {
      return call(token);
    }
    if (!in.atName()) {
      throw in.error("expected a value (a property, a literal or a parameter)");
    }
    return path("");
  }

  private JdqlExpression call(JdqlToken name) {
    Function function = functionNamed(name);
    in.advance();
    in.advance();
    List<JdqlExpression> arguments = new ArrayList<>();
    String arity = function.name() + " takes " + function.arity() + (function.arity() == 1 ? " argument" : " arguments");
    while (true) {
      arguments.add(scalar(concat()));
      if (in.current().kind() != Kind.COMMA) {
        break;
      }
      if (arguments.size() == function.arity()) {
        throw in.error("expected ')': " + arity);
      }
      in.advance();
    }
    if (arguments.size() < function.arity()) {
      throw in.error("expected ',': " + arity);
    }
    in.expectSymbol(Kind.RIGHT_PAREN, "to close " + function.name() + "(");
    return new JdqlExpression.Call(function, arguments, name.offset());
  }

  private Function functionNamed(JdqlToken name) {
    for (Function function : Function.values()) {
      if (name.is(function.name())) {
        return function;
      }
    }
    String hint = name.is("COUNT") ? ": COUNT(THIS) can only be selected, as in SELECT COUNT(THIS) WHERE ..."
        : ": JDQL's functions are ABS, LENGTH, LOWER, UPPER, LEFT and RIGHT";
    throw in.error("unknown function '" + name.text() + "'" + hint, "");
  }

  boolean atIdOfThis() {
    return in.at("ID") && in.next().kind() == Kind.LEFT_PAREN;
  }

  JdqlExpression idOfThis() {
    int offset = in.advance().offset();
    in.advance();
    in.expect("THIS", "in ID(THIS)");
    in.expectSymbol(Kind.RIGHT_PAREN, "to close ID(THIS");
    return new JdqlExpression.IdOfThis(offset);
  }

  /** A dotted path; its first name must not be a keyword, the names after a dot may be anything. */
  JdqlExpression.Path path(String where) {
    if (!in.atName()) {
      throw in.error("expected a property name" + (where.isEmpty() ? "" : " " + where));
    }
    int offset = in.current().offset();
    List<String> names = new ArrayList<>(List.of(in.advance().text()));
    while (in.acceptSymbol(Kind.DOT)) {
      if (in.current().kind() != Kind.IDENTIFIER) {
        throw in.error("expected a name after '.'");
      }
      names.add(in.advance().text());
    }
    return new JdqlExpression.Path(names, offset);
  }
}

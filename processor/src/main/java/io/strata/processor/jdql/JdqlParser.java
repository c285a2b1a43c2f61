package io.strata.processor.jdql;

import io.strata.processor.jdql.JdqlCondition.Comparator;
import io.strata.processor.jdql.JdqlExpression.Function;
import io.strata.processor.jdql.JdqlExpression.Operator;
import io.strata.processor.jdql.JdqlStatement.Assignment;
import io.strata.processor.jdql.JdqlStatement.EntityName;
import io.strata.processor.jdql.JdqlStatement.OrderItem;
import io.strata.processor.jdql.JdqlStatement.Selection;
import io.strata.processor.jdql.JdqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A recursive-descent parser for JDQL, Jakarta Data 1.0's query language. {@link #parse(String)} returns the
 * {@link JdqlStatement} or throws a {@link JdqlSyntaxException} at the first token that does not fit, naming what
 * was expected there.
 *
 * <p>Precedence, loosest first: {@code OR}, {@code AND}, {@code NOT}, the predicates (comparisons, {@code BETWEEN},
 * {@code LIKE}, {@code IN}, {@code IS NULL}), {@code ||}, {@code + -}, {@code * /}, unary {@code + -}. Conditions and
 * scalar expressions share one precedence climb, so a {@code (} is read without backtracking whether it groups a
 * condition, {@code (a = 1 OR b = 2)}, or a value, {@code (a + b) * 2 > c}; the kind of node is checked where it is
 * used.
 */
public final class JdqlParser {
  /** JDQL's keywords, which cannot name a property or an entity (JDQL 1.0 section "Identifiers and keywords"). */
  private static final Set<String> RESERVED = Set.of("SELECT", "UPDATE", "SET", "DELETE", "FROM", "WHERE", "ORDER",
      "BY", "ASC", "DESC", "NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "NULL", "LOCAL", "TRUE", "FALSE", "IS");
  private static final Map<Kind, Comparator> COMPARATORS = Map.of(Kind.EQUAL, Comparator.EQUAL,
      Kind.NOT_EQUAL, Comparator.NOT_EQUAL, Kind.LESS, Comparator.LESS, Kind.LESS_EQUAL, Comparator.LESS_EQUAL,
      Kind.GREATER, Comparator.GREATER, Kind.GREATER_EQUAL, Comparator.GREATER_EQUAL);
  private static final String PREDICATES = "a comparison operator (=, <>, <, <=, >, >=), BETWEEN, LIKE, IN or IS";

  private final String query;
  private final List<JdqlToken> tokens;
  private final JdqlLiterals literals;
  private int pos;
  /** Where the last value that stood without a comparison began, for the error if a condition was needed there. */
  private int bareValueStart;

  private JdqlParser(String query) {
    this.query = query;
    this.tokens = JdqlLexer.tokenize(query);
    this.literals = new JdqlLiterals(query);
  }

  /** Parses one JDQL statement; throws {@link JdqlSyntaxException} if {@code query} is not valid JDQL. */
  public static JdqlStatement parse(String query) {
    JdqlParser parser = new JdqlParser(query);
    if (parser.at("UPDATE")) {
      return parser.update();
    }
    if (parser.at("DELETE")) {
      return parser.delete();
    }
    if (!parser.at("SELECT") && !parser.at("FROM") && !parser.at("WHERE") && !parser.at("ORDER")
        && parser.current().kind() != Kind.END) {
      throw parser.error("expected SELECT, FROM, WHERE, ORDER BY, UPDATE or DELETE");
    }
    return parser.select();
  }

  // ---- statements

  private JdqlStatement select() {
    List<String> clauses = List.of("SELECT", "FROM", "WHERE", "ORDER BY");
    int last = -1;
    List<String> after = List.of();
    Optional<Selection> selection = Optional.empty();
    Optional<EntityName> from = Optional.empty();
    Optional<JdqlCondition> where = Optional.empty();
    List<OrderItem> orderBy = List.of();
    if (accept("SELECT")) {
      selection = Optional.of(selection());
      after = selection.get() instanceof JdqlStatement.SelectValue ? List.of("'.'") : List.of();
      last = 0;
    }
    if (accept("FROM")) {
      from = Optional.of(entityName("after FROM"));
      after = List.of();
      last = 1;
    }
    if (accept("WHERE")) {
      where = Optional.of(condition("after WHERE"));
      after = List.of("AND", "OR");
      last = 2;
    }
    if (at("ORDER")) {
      orderBy = orderBy();
      boolean directed = tokens.get(pos - 1).is("ASC") || tokens.get(pos - 1).is("DESC");
      after = directed ? List.of("','") : List.of("ASC", "DESC", "','");
      last = 3;
    }
    List<String> expected = new ArrayList<>(after);
    expected.addAll(clauses.subList(last + 1, clauses.size()));
    return end(new JdqlStatement.Select(selection, from, where, orderBy), expected);
  }

  private JdqlStatement update() {
    advance();
    EntityName entity = entityName("after UPDATE");
    expect("SET", "after UPDATE " + entity.name());
    List<Assignment> assignments = new ArrayList<>();
    do {
      JdqlExpression.Path target = path("in SET");
      if (current().kind() != Kind.EQUAL) {
        throw error("expected '=' after " + target.dotted() + " in SET");
      }
      advance();
      JdqlExpression value;
      if (at("NULL")) {
        value = new JdqlExpression.NullLiteral(advance().offset());
      } else {
        value = scalar(concat());
      }
      assignments.add(new Assignment(target, value));
    } while (acceptSymbol(Kind.COMMA));
    Optional<JdqlCondition> where = accept("WHERE") ? Optional.of(condition("after WHERE")) : Optional.empty();
    return end(new JdqlStatement.Update(entity, assignments, where),
        where.isPresent() ? List.of("AND", "OR") : List.of("','", "WHERE"));
  }

  private JdqlStatement delete() {
    advance();
    expect("FROM", "after DELETE");
    EntityName entity = entityName("after DELETE FROM");
    Optional<JdqlCondition> where = accept("WHERE") ? Optional.of(condition("after WHERE")) : Optional.empty();
    return end(new JdqlStatement.Delete(entity, where), where.isPresent() ? List.of("AND", "OR") : List.of("WHERE"));
  }

  private JdqlStatement end(JdqlStatement statement, List<String> expected) {
    if (current().kind() == Kind.END) {
      return statement;
    }
    List<String> options = new ArrayList<>(expected);
    options.add("the end of the query");
    String reason = "expected " + oneOf(options);
    boolean misplacedClause = Set.of("SELECT", "FROM", "WHERE", "ORDER").stream().anyMatch(this::at);
    throw error(reason, misplacedClause ? " (the clauses go in the order SELECT, FROM, WHERE, ORDER BY)" : "");
  }

  private Selection selection() {
    if (at("COUNT") && next().kind() == Kind.LEFT_PAREN) {
      int offset = advance().offset();
      advance();
      expect("THIS", "in COUNT(THIS)");
      expectSymbol(Kind.RIGHT_PAREN, "to close COUNT(THIS");
      return new JdqlStatement.SelectCount(offset);
    }
    if (at("THIS") && next().kind() != Kind.DOT) {
      return new JdqlStatement.SelectThis(advance().offset());
    }
    if (atIdOfThis()) {
      return new JdqlStatement.SelectValue(idOfThis());
    }
    if (!atName()) {
      throw error("expected a property name, COUNT(THIS), ID(THIS) or THIS after SELECT");
    }
    return new JdqlStatement.SelectValue(path("after SELECT"));
  }

  private List<OrderItem> orderBy() {
    advance();
    expect("BY", "after ORDER");
    List<OrderItem> items = new ArrayList<>();
    do {
      JdqlExpression key = atIdOfThis() ? idOfThis() : path("in ORDER BY");
      boolean descending = accept("DESC");
      if (!descending) {
        accept("ASC");
      }
      items.add(new OrderItem(key, descending));
    } while (acceptSymbol(Kind.COMMA));
    return items;
  }

  private EntityName entityName(String where) {
    if (!atName()) {
      throw error("expected an entity name " + where);
    }
    JdqlToken name = advance();
    return new EntityName(name.text(), name.offset());
  }

  // ---- conditions: OR < AND < NOT < predicates

  private JdqlCondition condition(String where) {
    if (current().kind() == Kind.END) {
      throw error("expected a condition " + where);
    }
    return condition(or());
  }

  /** {@code node} as a condition; a bare value there is missing its comparison, reported at the token after it. */
  private JdqlCondition condition(Object node) {
    if (node instanceof JdqlCondition condition) {
      return condition;
    }
    throw error("expected " + PREDICATES + " after " + source(bareValueStart, pos));
  }

  private Object or() {
    Object left = and();
    while (at("OR")) {
      JdqlCondition first = condition(left);
      advance();
      left = new JdqlCondition.Or(first, condition(and()), first.offset());
    }
    return left;
  }

  private Object and() {
    Object left = not();
    while (at("AND")) {
      JdqlCondition first = condition(left);
      advance();
      left = new JdqlCondition.And(first, condition(not()), first.offset());
    }
    return left;
  }

  private Object not() {
    if (at("NOT")) {
      int offset = advance().offset();
      return new JdqlCondition.Not(condition(not()), offset);
    }
    return predicate();
  }

  private Object predicate() {
    int start = current().offset();
    Object left = concat();
    int end = pos;
    if (left instanceof JdqlCondition) {
      if (COMPARATORS.containsKey(current().kind()) || at("BETWEEN") || at("LIKE") || at("IN") || at("IS")) {
        throw error("a condition in parentheses cannot be the left operand of " + current().describe(), "");
      }
      return left;
    }
    JdqlExpression value = (JdqlExpression) left;
    Comparator comparator = COMPARATORS.get(current().kind());
    if (comparator != null) {
      advance();
      return new JdqlCondition.Comparison(value, comparator, scalar(concat()), value.offset());
    }
    if (accept("IS")) {
      requireProperty(value, start, end, "IS NULL");
      boolean negated = accept("NOT");
      expect("NULL", negated ? "after IS NOT" : "after IS");
      return new JdqlCondition.NullCheck(value, negated, value.offset());
    }
    boolean negated = accept("NOT");
    if (accept("BETWEEN")) {
      JdqlExpression low = scalar(concat());
      expect("AND", "between the bounds of BETWEEN");
      return new JdqlCondition.Between(value, negated, low, scalar(concat()), value.offset());
    }
    if (accept("LIKE")) {
      Kind kind = current().kind();
      if (kind != Kind.STRING && kind != Kind.NAMED_PARAMETER && kind != Kind.ORDINAL_PARAMETER) {
        throw error("expected a string literal or a parameter after LIKE");
      }
      return new JdqlCondition.Like(value, negated, scalar(primaryOrCondition()), value.offset());
    }
    if (accept("IN")) {
      requireProperty(value, start, end, "IN");
      return new JdqlCondition.In(value, negated, inItems(), value.offset());
    }
    if (negated) {
      throw error("expected BETWEEN, LIKE or IN after NOT");
    }
    bareValueStart = start;
    return value;
  }

  private List<JdqlExpression> inItems() {
    expectSymbol(Kind.LEFT_PAREN, "after IN");
    List<JdqlExpression> items = new ArrayList<>();
    do {
      Kind kind = current().kind();
      boolean literal = kind == Kind.STRING || kind == Kind.NAMED_PARAMETER || kind == Kind.ORDINAL_PARAMETER
          || literals.isNumber(current()) || kind == Kind.MINUS && literals.isNumber(next());
      if (!literal && !atName()) {
        throw error("expected a literal, an enum constant or a parameter in the IN list");
      }
      items.add(literal ? scalar(unary()) : path("in the IN list"));
    } while (acceptSymbol(Kind.COMMA));
    expectSymbol(Kind.RIGHT_PAREN, "to close the IN list");
    return items;
  }

  /** Checks that {@code value}, written from offset {@code start} to token {@code end}, is a property or ID(THIS). */
  private void requireProperty(JdqlExpression value, int start, int end, String operator) {
    if (!(value instanceof JdqlExpression.Path) && !(value instanceof JdqlExpression.IdOfThis)) {
      throw new JdqlSyntaxException(query, start,
          operator + " applies to a property (or ID(THIS)), not to " + source(start, end));
    }
  }

  // ---- scalar expressions: || < + - < * / < unary

  /** {@code node} as a scalar expression; a condition there (say {@code (a = 1) + 2}) is an error at its start. */
  private JdqlExpression scalar(Object node) {
    if (node instanceof JdqlExpression expression) {
      return expression;
    }
    throw new JdqlSyntaxException(query, ((JdqlCondition) node).offset(),
        "expected a value, found a condition (a comparison, BETWEEN, LIKE, IN or IS NULL)");
  }

  private Object concat() {
    Object left = additive();
    while (current().kind() == Kind.CONCAT) {
      left = binary(left, Operator.CONCAT, this::additive);
    }
    return left;
  }

  private Object additive() {
    Object left = multiplicative();
    while (current().kind() == Kind.PLUS || current().kind() == Kind.MINUS) {
      left = binary(left, current().kind() == Kind.PLUS ? Operator.ADD : Operator.SUBTRACT, this::multiplicative);
    }
    return left;
  }

  private Object multiplicative() {
    Object left = unary();
    while (current().kind() == Kind.STAR || current().kind() == Kind.SLASH) {
      left = binary(left, current().kind() == Kind.STAR ? Operator.MULTIPLY : Operator.DIVIDE, this::unary);
    }
    return left;
  }

  private Object binary(Object left, Operator operator, java.util.function.Supplier<Object> operand) {
    JdqlExpression first = scalar(left);
    advance();
    return new JdqlExpression.Binary(first, operator, scalar(operand.get()), first.offset());
  }

  private Object unary() {
    Kind kind = current().kind();
    if (kind != Kind.PLUS && kind != Kind.MINUS) {
      return primaryOrCondition();
    }
    JdqlToken sign = advance();
    if (kind == Kind.MINUS && literals.isNumber(current())) {
      return literals.number(advance(), true, sign.offset());
    }
    return new JdqlExpression.Unary(kind == Kind.PLUS ? JdqlExpression.Sign.PLUS : JdqlExpression.Sign.MINUS,
        scalar(unary()), sign.offset());
  }

  /** A primary value, or whatever a parenthesis holds: a value or a condition. */
  private Object primaryOrCondition() {
    JdqlToken token = current();
    switch (token.kind()) {
      case LEFT_PAREN -> {
        advance();
        Object inner = or();
        expectSymbol(Kind.RIGHT_PAREN, "to close the '(' at column " + JdqlSyntaxException.columnOf(query,
            token.offset()));
        return inner;
      }
      case STRING -> {
        return new JdqlExpression.StringLiteral(advance().value(), token.offset());
      }
      case INTEGER, LONG, FLOAT, DOUBLE -> {
        return literals.number(advance(), false, token.offset());
      }
      case NAMED_PARAMETER, ORDINAL_PARAMETER -> {
        return literals.parameter(advance());
      }
      case IDENTIFIER -> {
        return word(token);
      }
      default -> throw error("expected a value (a property, a literal or a parameter)");
    }
  }

  private JdqlExpression word(JdqlToken token) {
    if (token.is("TRUE") || token.is("FALSE")) {
      return new JdqlExpression.BooleanLiteral(advance().is("TRUE"), token.offset());
    }
    if (token.is("NULL")) {
      throw error("NULL is not a value here: test for it with IS NULL or IS NOT NULL"
          + " (NULL stands alone only as a value in SET)", "");
    }
    if (token.is("LOCAL")) {
      advance();
      for (JdqlExpression.Temporal temporal : JdqlExpression.Temporal.values()) {
        if (accept(temporal.name().substring("LOCAL_".length()))) {
          return new JdqlExpression.CurrentTemporal(temporal, token.offset());
        }
      }
      throw error("expected DATE, DATETIME or TIME after LOCAL");
    }
    if (atIdOfThis()) {
      return idOfThis();
    }
    if (next().kind() == Kind.LEFT_PAREN) {
      return call(token);
    }
    if (!atName()) {
      throw error("expected a value (a property, a literal or a parameter)");
    }
    return path("");
  }

  private JdqlExpression call(JdqlToken name) {
    Function function = functionNamed(name);
    advance();
    advance();
    List<JdqlExpression> arguments = new ArrayList<>();
    String arity = function.name() + " takes " + function.arity() + (function.arity() == 1 ? " argument" : " arguments");
    while (true) {
      arguments.add(scalar(concat()));
      if (current().kind() != Kind.COMMA) {
        break;
      }
      if (arguments.size() == function.arity()) {
        throw error("expected ')': " + arity);
      }
      advance();
    }
    if (arguments.size() < function.arity()) {
      throw error("expected ',': " + arity);
    }
    expectSymbol(Kind.RIGHT_PAREN, "to close " + function.name() + "(");
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
    throw error("unknown function '" + name.text() + "'" + hint, "");
  }

  private boolean atIdOfThis() {
    return at("ID") && next().kind() == Kind.LEFT_PAREN;
  }

  private JdqlExpression idOfThis() {
    int offset = advance().offset();
    advance();
    expect("THIS", "in ID(THIS)");
    expectSymbol(Kind.RIGHT_PAREN, "to close ID(THIS");
    return new JdqlExpression.IdOfThis(offset);
  }

  /** A dotted path; its first name must not be a keyword, the names after a dot may be anything. */
  private JdqlExpression.Path path(String where) {
    if (!atName()) {
      throw error("expected a property name" + (where.isEmpty() ? "" : " " + where));
    }
    int offset = current().offset();
    List<String> names = new ArrayList<>(List.of(advance().text()));
    while (acceptSymbol(Kind.DOT)) {
      if (current().kind() != Kind.IDENTIFIER) {
        throw error("expected a name after '.'");
      }
      names.add(advance().text());
    }
    return new JdqlExpression.Path(names, offset);
  }

  // ---- tokens

  private JdqlToken current() {
    return tokens.get(pos);
  }

  private JdqlToken next() {
    return tokens.get(Math.min(pos + 1, tokens.size() - 1));
  }

  private JdqlToken advance() {
    return tokens.get(pos++);
  }

  private boolean at(String word) {
    return current().is(word);
  }

  private boolean atName() {
    return current().kind() == Kind.IDENTIFIER && !RESERVED.contains(current().text().toUpperCase(Locale.ROOT));
  }

  private boolean accept(String word) {
    if (at(word)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean acceptSymbol(Kind kind) {
    if (current().kind() == kind) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(String word, String where) {
    if (!accept(word)) {
      throw error("expected " + word + " " + where);
    }
  }

  private void expectSymbol(Kind kind, String why) {
    if (!acceptSymbol(kind)) {
      throw error("expected '" + kind.symbol() + "' " + why);
    }
  }

  private JdqlSyntaxException error(String expected) {
    return error(expected, "");
  }

  /** An error at the current token: {@code reason, found <token>suffix}, or just the reason if it names no expectation. */
  private JdqlSyntaxException error(String reason, String suffix) {
    String text = reason.startsWith("expected") ? reason + ", found " + current().describe() + suffix : reason;
    return new JdqlSyntaxException(query, current().offset(), text);
  }

  /** The query's text from offset {@code start} to the end of the token before token {@code end}. */
  private String source(int start, int end) {
    JdqlToken last = tokens.get(end - 1);
    return query.substring(start, last.offset() + last.text().length());
  }

  private static String oneOf(List<String> options) {
    if (options.size() == 1) {
      return options.get(0);
    }
    return String.join(", ", options.subList(0, options.size() - 1)) + " or " + options.get(options.size() - 1);
  }
}

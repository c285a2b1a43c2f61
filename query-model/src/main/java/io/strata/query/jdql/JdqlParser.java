package io.strata.query.jdql;

import io.strata.query.jdql.JdqlStatement.Assignment;
import io.strata.query.jdql.JdqlStatement.EntityName;
import io.strata.query.jdql.JdqlStatement.OrderItem;
import io.strata.query.jdql.JdqlStatement.Selection;
import io.strata.query.jdql.JdqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A recursive-descent parser for JDQL, Jakarta Data 1.0's query language. {@link #parse(String)} returns the
 * {@link JdqlStatement} or throws a {@link JdqlSyntaxException} at the first token that does not fit, naming what
 * was expected there. This class reads the statements and their clauses; {@link JdqlExpressionParser} reads the
 * conditions and values inside them.
 */
public final class JdqlParser {
  private final JdqlCursor in;
  private final JdqlExpressionParser expressions;

  private JdqlParser(String query) {
    this.in = new JdqlCursor(query);
    this.expressions = new JdqlExpressionParser(in);
  }

  /** Parses one JDQL statement; throws {@link JdqlSyntaxException} if {@code query} is not valid JDQL. */
  public static JdqlStatement parse(String query) {
    JdqlParser parser = new JdqlParser(query);
    JdqlCursor in = parser.in;
    if (in.at("UPDATE")) {
      return parser.update();
    }
    if (in.at("DELETE")) {
      return parser.delete();
    }
    if (!in.at("SELECT") && !in.at("FROM") && !in.at("WHERE") && !in.at("ORDER") && in.current().kind() != Kind.END) {
      throw in.error("expected SELECT, FROM, WHERE, ORDER BY, UPDATE or DELETE");
    }
    return parser.select();
  }

  private JdqlStatement select() {
    List<String> clauses = List.of("SELECT", "FROM", "WHERE", "ORDER BY");
    int last = -1;
    List<String> after = List.of();
    Optional<Selection> selection = Optional.empty();
    Optional<EntityName> from = Optional.empty();
    List<OrderItem> orderBy = List.of();
    if (in.accept("SELECT")) {
      selection = Optional.of(selection());
      after = selection.get() instanceof JdqlStatement.SelectValue ? List.of("'.'") : List.of();
      last = 0;
    }
    if (in.accept("FROM")) {
      from = Optional.of(entityName("after FROM"));
      after = List.of();
      last = 1;
    }
    Optional<JdqlCondition> where = where();
    if (where.isPresent()) {
      after = List.of("AND", "OR");
      last = 2;
    }
    if (in.at("ORDER")) {
      orderBy = orderBy();
      boolean directed = in.previous().is("ASC") || in.previous().is("DESC");
      after = directed ? List.of("','") : List.of("ASC", "DESC", "','");
      last = 3;
    }
    List<String> expected = new ArrayList<>(after);
    expected.addAll(clauses.subList(last + 1, clauses.size()));
    return end(new JdqlStatement.Select(selection, from, where, orderBy), expected);
  }

  private JdqlStatement update() {
    in.advance();
    EntityName entity = entityName("after UPDATE");
    in.expect("SET", "after UPDATE " + entity.name());
    List<Assignment> assignments = new ArrayList<>();
    do {
      JdqlExpression.Path target = expressions.path("in SET");
      if (in.current().kind() != Kind.EQUAL) {
        throw in.error("expected '=' after " + target.dotted() + " in SET");
      }
      in.advance();
      JdqlExpression value;
      if (in.at("NULL")) {
        value = new JdqlExpression.NullLiteral(in.advance().offset());
      } else {
        value = expressions.value();
      }
      assignments.add(new Assignment(target, value));
    } while (in.acceptSymbol(Kind.COMMA));
    Optional<JdqlCondition> where = where();
    return end(new JdqlStatement.Update(entity, assignments, where),
        where.isPresent() ? List.of("AND", "OR") : List.of("','", "WHERE"));
  }

  private JdqlStatement delete() {
    in.advance();
    in.expect("FROM", "after DELETE");
    EntityName entity = entityName("after DELETE FROM");
    Optional<JdqlCondition> where = where();
    return end(new JdqlStatement.Delete(entity, where), where.isPresent() ? List.of("AND", "OR") : List.of("WHERE"));
  }

  /** The optional {@code WHERE} clause. */
  private Optional<JdqlCondition> where() {
    return in.accept("WHERE") ? Optional.of(expressions.condition("after WHERE")) : Optional.empty();
  }

  private JdqlStatement end(JdqlStatement statement, List<String> expected) {
    if (in.current().kind() == Kind.END) {
      return statement;
    }
    List<String> options = new ArrayList<>(expected);
    options.add("the end of the query");
    String reason = "expected " + oneOf(options);
    boolean misplacedClause = Set.of("SELECT", "FROM", "WHERE", "ORDER").stream().anyMatch(in::at);
    throw in.error(reason, misplacedClause ? " (the clauses go in the order SELECT, FROM, WHERE, ORDER BY)" : "");
  }

  private Selection selection() {
    if (in.at("COUNT") && in.next().kind() == Kind.LEFT_PAREN) {
      int offset = in.advance().offset();
      in.advance();
      in.expect("THIS", "in COUNT(THIS)");
      in.expectSymbol(Kind.RIGHT_PAREN, "to close COUNT(THIS");
      return new JdqlStatement.SelectCount(offset);
    }
    if (in.at("THIS") && in.next().kind() != Kind.DOT) {
      return new JdqlStatement.SelectThis(in.advance().offset());
    }
    if (expressions.atIdOfThis()) {
      return new JdqlStatement.SelectValue(expressions.idOfThis());
    }
    if (!in.atName()) {
      throw in.error("expected a property name, COUNT(THIS), ID(THIS) or THIS after SELECT");
    }
    return new JdqlStatement.SelectValue(expressions.path("after SELECT"));
  }

  private List<OrderItem> orderBy() {
    in.advance();
    in.expect("BY", "after ORDER");
    List<OrderItem> items = new ArrayList<>();
    do {
      JdqlExpression key = expressions.atIdOfThis() ? expressions.idOfThis() : expressions.path("in ORDER BY");
      boolean descending = in.accept("DESC");
      if (!descending) {
        in.accept("ASC");
      }
      items.add(new OrderItem(key, descending));
    } while (in.acceptSymbol(Kind.COMMA));
    return items;
  }

  private EntityName entityName(String where) {
    if (!in.atName()) {
      throw in.error("expected an entity name " + where);
    }
    JdqlToken name = in.advance();
    return new EntityName(name.text(), name.offset());
  }

  private static String oneOf(List<String> options) {
    if (options.size() == 1) {
      return options.get(0);
    }
    return String.join(", ", options.subList(0, options.size() - 1)) + " or " + options.get(options.size() - 1);
  }
}

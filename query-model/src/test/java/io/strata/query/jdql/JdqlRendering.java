package io.strata.query.jdql;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders a parsed JDQL tree back to text with every operation in parentheses, so tests can state the tree a query
 * parses to in one readable line: {@code a = 1 OR b = 2 AND c = 3} renders as {@code ((a = 1) OR ((b = 2) AND (c = 3)))}.
 */
final class JdqlRendering {
  private JdqlRendering() {}

  static String render(JdqlStatement statement) {
    List<String> parts = new ArrayList<>();
    if (statement instanceof JdqlStatement.Select select) {
      select.selection().ifPresent(s -> parts.add("SELECT " + selection(s)));
      select.from().ifPresent(e -> parts.add("FROM " + e.name()));
      select.where().ifPresent(w -> parts.add("WHERE " + condition(w)));
      if (!select.orderBy().isEmpty()) {
        parts.add("ORDER BY " + select.orderBy().stream()
            .map(o -> expression(o.key()) + (o.descending() ? " DESC" : " ASC")).collect(Collectors.joining(", ")));
      }
    } else if (statement instanceof JdqlStatement.Update update) {
      parts.add("UPDATE " + update.entity().name() + " SET " + update.assignments().stream()
          .map(a -> expression(a.target()) + " = " + expression(a.value())).collect(Collectors.joining(", ")));
      update.where().ifPresent(w -> parts.add("WHERE " + condition(w)));
    } else {
      JdqlStatement.Delete delete = (JdqlStatement.Delete) statement;
      parts.add("DELETE FROM " + delete.entity().name());
      delete.where().ifPresent(w -> parts.add("WHERE " + condition(w)));
    }
    return String.join(" ", parts);
  }

  private static String selection(JdqlStatement.Selection selection) {
    if (selection instanceof JdqlStatement.SelectValue value) {
      return expression(value.value());
    }
    return selection instanceof JdqlStatement.SelectCount ? "COUNT(THIS)" : "THIS";
  }

  static String condition(JdqlCondition condition) {
    if (condition instanceof JdqlCondition.And and) {
      return "(" + condition(and.left()) + " AND " + condition(and.right()) + ")";
    } else if (condition instanceof JdqlCondition.Or or) {
      return "(" + condition(or.left()) + " OR " + condition(or.right()) + ")";
    } else if (condition instanceof JdqlCondition.Not not) {
      return "(NOT " + condition(not.operand()) + ")";
    } else if (condition instanceof JdqlCondition.Comparison c) {
      return "(" + expression(c.left()) + " " + c.comparator().symbol() + " " + expression(c.right()) + ")";
    } else if (condition instanceof JdqlCondition.Between b) {
      return "(" + expression(b.value()) + not(b.negated()) + " BETWEEN " + expression(b.low()) + " AND "
          + expression(b.high()) + ")";
    } else if (condition instanceof JdqlCondition.Like l) {
      return "(" + expression(l.value()) + not(l.negated()) + " LIKE " + expression(l.pattern()) + ")";
    } else if (condition instanceof JdqlCondition.In in) {
      return "(" + expression(in.value()) + not(in.negated()) + " IN ("
          + in.items().stream().map(JdqlRendering::expression).collect(Collectors.joining(", ")) + "))";
    }
    JdqlCondition.NullCheck n = (JdqlCondition.NullCheck) condition;
    return "(" + expression(n.value()) + " IS" + not(n.negated()) + " NULL)";
  }

  private static String not(boolean negated) {
    return negated ? " NOT" : "";
  }

  static String expression(JdqlExpression expression) {
    if (expression instanceof JdqlExpression.Path p) {
      return p.dotted();
    } else if (expression instanceof JdqlExpression.IdOfThis) {
      return "ID(THIS)";
    } else if (expression instanceof JdqlExpression.NamedParameter n) {
      return ":" + n.name();
    } else if (expression instanceof JdqlExpression.OrdinalParameter o) {
      return "?" + o.position();
    } else if (expression instanceof JdqlExpression.StringLiteral s) {
      return "'" + s.value().replace("'", "''") + "'";
    } else if (expression instanceof JdqlExpression.IntegerLiteral i) {
      return i.value() + (i.isLong() ? "L" : "");
    } else if (expression instanceof JdqlExpression.DecimalLiteral d) {
      return d.isFloat() ? (float) d.value() + "F" : d.value() + "D";
    } else if (expression instanceof JdqlExpression.BooleanLiteral b) {
      return b.value() ? "TRUE" : "FALSE";
    } else if (expression instanceof JdqlExpression.NullLiteral) {
      return "NULL";
    } else if (expression instanceof JdqlExpression.CurrentTemporal t) {
      return t.temporal().name().replace('_', ' ');
    } else if (expression instanceof JdqlExpression.Unary u) {
      return "(" + (u.sign() == JdqlExpression.Sign.MINUS ? "-" : "+") + "(" + expression(u.operand()) + "))";
    } else if (expression instanceof JdqlExpression.Binary b) {
      return "(" + expression(b.left()) + " " + b.operator().symbol() + " " + expression(b.right()) + ")";
    }
    JdqlExpression.Call c = (JdqlExpression.Call) expression;
    return c.function().name() + "("
        + c.arguments().stream().map(JdqlRendering::expression).collect(Collectors.joining(", ")) + ")";
  }
}

package io.strata.query;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Expression;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.query.plan.PlanText;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A plan in words and keys, as {@code Finder.explain()} shows it: which keys are read (the index and its ranges,
 * the rows by id, every row), in which order, and which conditions are checked on what is read. An index read and a
 * vector search are worded by {@link PlanText}, as the generated javadoc of a declared method of the same query words
 * them (parameters by name: {@code $0}, {@code $1} for a run-time restriction's values); elsewhere parameters show as
 * {@code :name}, values as written.
 */
final class Explain {
  private Explain() {}

  static String plan(String entity, Plan plan) {
    StringBuilder out = new StringBuilder();
    describe(entity, plan, out, "");
    return out.toString();
  }

  /** {@link #plan}, then, where {@code sort} is applied after reading ({@link PlanReads#sortsInMemory}), that order. */
  static String plan(String entity, Plan plan, List<SortKey> sort) {
    String read = plan(entity, plan);
    return PlanReads.sortsInMemory(plan, sort) ? read + "\nthen sorted in memory in order " + order(sort) + ", ties by id" : read;
  }

  private static void describe(String entity, Plan plan, StringBuilder out, String indent) {
    if (plan instanceof Plan.IndexRead read) {
      // worded as the generated method's javadoc (PlanText.indexKeys, code spans dropped), then how it is read
      out.append(indent).append(plain(PlanText.indexKeys(entity, read))).append(read.reverse() ? ", backwards" : ", forwards");
      if (!read.order().isEmpty()) {
        out.append(" in order ").append(order(read.order()));
      }
      out.append(read.rowsRead() ? ", then each entry's row" : ", entries alone");
      residual(read.residual(), out);
    } else if (plan instanceof Plan.ById byId) {
      out.append(indent).append("rows by id: (\"").append(entity).append("\", \"R\", id) where ").append(condition(byId.id()));
      residual(byId.residual(), out);
    } else if (plan instanceof Plan.AllRows all) {
      out.append(indent).append("every row: (\"").append(entity).append("\", \"R\", ...) in id order");
      residual(all.residual(), out);
    } else if (plan instanceof Plan.SpatialRead read) {
      // worded as the generated findBy<Field>Within's javadoc: the same reads, the same budget
      out.append(indent).append("spatial index of ").append(read.spatial().field()).append(": a cover of at most ")
          .append(read.spatial().maxRanges()).append(" ranges of (\"").append(entity).append("\", \"Z\", \"")
          .append(read.spatial().field()).append("\", z, id) read concurrently, then the rows, where ")
          .append(condition(read.criterion()));
      residual(read.residual(), out);
    } else if (plan instanceof Plan.Union union) {
      out.append(indent).append("union without duplicates of ").append(union.branches().size()).append(" reads")
          .append(union.order().isEmpty() ? ", in id order" : ", merged in order " + order(union.order())).append(':');
      for (Plan branch : union.branches()) {
        out.append('\n');
        describe(entity, branch, out, indent + "  ");
      }
    } else if (plan instanceof Plan.VectorRead read) {
      // worded as a declared Near method's javadoc (PlanText.vectorSearch), then the keys
      out.append(indent).append(plain(PlanText.vectorSearch(read))).append(": keys (\"")
          .append(entity).append("\", \"N\", \"").append(read.vector().field()).append('"');
      read.vector().groupBy().forEach(g -> out.append(", ").append(g));
      out.append(", ...): the group's token and centroids, the codes of its nearest partitions, the full vectors of the"
          + " best codes, then the row of each candidate nearest first");
    } else if (plan instanceof Plan.AggregateRead read) {
      out.append(indent).append("aggregate ").append(read.aggregate().name()).append(": one key where ")
          .append(read.groups().stream().map(Explain::condition).collect(Collectors.joining(" and ")));
    }
  }

  /** {@link PlanText}'s words without javadoc's code-span markers. */
  private static String plain(String javadoc) {
    return javadoc.replaceAll("\\{@code ([^}]*)}", "$1");
  }

  private static void residual(List<Condition> residual, StringBuilder out) {
    if (!residual.isEmpty()) {
      out.append("; checks on each: ").append(residual.stream().map(Explain::condition).collect(Collectors.joining(" and ")));
    }
  }

  private static String order(List<SortKey> order) {
    return order.stream().map(k -> k.field() + (k.descending() ? " desc" : " asc")).collect(Collectors.joining(", "));
  }

  static String condition(Condition condition) {
    if (condition instanceof Condition.And and) {
      return and.parts().isEmpty() ? "true" : "(" + and.parts().stream().map(Explain::condition).collect(Collectors.joining(" and ")) + ")";
    }
    if (condition instanceof Condition.Or or) {
      return or.parts().isEmpty() ? "false" : "(" + or.parts().stream().map(Explain::condition).collect(Collectors.joining(" or ")) + ")";
    }
    if (condition instanceof Condition.Not not) {
      return "not " + condition(not.part());
    }
    if (condition instanceof Condition.Test t) {
      return comparison(expression(t.left()), t.op(), t.op() == Op.IN || t.op() == Op.NOT_IN
          ? List.of("(" + t.right().stream().map(Explain::expression).collect(Collectors.joining(", ")) + ")")
          : t.right().stream().map(Explain::expression).toList());
    }
    Compare c = (Compare) condition;
    String field = c.ignoreCase() ? "upper(" + c.field() + ")" : c.field();
    return comparison(field, c.op(), c.operands().stream().map(Explain::operand).toList());
  }

  /** {@code field op values}, in words. */
  private static String comparison(String field, Op op, List<String> values) {
    return switch (op) {
      case EQUAL -> field + " = " + values.get(0);
      case NOT_EQUAL -> field + " <> " + values.get(0);
      case LESS_THAN -> field + " < " + values.get(0);
      case LESS_THAN_EQUAL -> field + " <= " + values.get(0);
      case GREATER_THAN -> field + " > " + values.get(0);
      case GREATER_THAN_EQUAL -> field + " >= " + values.get(0);
      case BETWEEN -> field + " between " + values.get(0) + " and " + values.get(1);
      case IN -> field + " in " + values.get(0);
      case NOT_IN -> field + " not in " + values.get(0);
      case IS_NULL -> field + " is null";
      case NOT_NULL -> field + " is not null";
      case TRUE -> field + " is true";
      case FALSE -> field + " is false";
      default -> field + " " + op.name().toLowerCase(Locale.ROOT) + " " + String.join(", ", values);
    };
  }

  /** A test's expression as JDQL writes it, functions in lower case: {@code length(name)}, {@code (size + 1)}. */
  private static String expression(Expression e) {
    if (e instanceof Expression.Path path) {
      return path.name();
    }
    if (e instanceof Expression.Value value) {
      return operand(value.operand());
    }
    if (e instanceof Expression.Call call) {
      return call.function().name().toLowerCase(Locale.ROOT) + "("
          + call.arguments().stream().map(Explain::expression).collect(Collectors.joining(", ")) + ")";
    }
    if (e instanceof Expression.Arithmetic a) {
      return "(" + expression(a.left()) + " " + a.operator().symbol() + " " + expression(a.right()) + ")";
    }
    if (e instanceof Expression.Negate negate) {
      return "-" + expression(negate.operand());
    }
    return "local " + ((Expression.Now) e).kind().name().toLowerCase(Locale.ROOT);
  }

  private static String operand(Operand operand) {
    if (operand instanceof Operand.Param param) {
      return ":" + param.name();
    }
    Object value = ((Operand.Literal) operand).value();
    return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
  }
}

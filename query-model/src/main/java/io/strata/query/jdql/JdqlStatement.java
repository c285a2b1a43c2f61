package io.strata.query.jdql;

import java.util.List;
import java.util.Optional;

/** A whole JDQL query: a {@link Select}, an {@link Update} or a {@link Delete}. */
public sealed interface JdqlStatement {

  /**
   * {@code [SELECT selection] [FROM entity] [WHERE condition] [ORDER BY key [ASC|DESC], ...]}; every clause is
   * optional, so the empty query selects every entity of the repository's primary type.
   */
  record Select(Optional<Selection> selection, Optional<EntityName> from, Optional<JdqlCondition> where,
      List<OrderItem> orderBy) implements JdqlStatement {
    public Select {
      orderBy = List.copyOf(orderBy);
    }
  }

  /** {@code UPDATE entity SET path = value, ... [WHERE condition]}. */
  record Update(EntityName entity, List<Assignment> assignments, Optional<JdqlCondition> where)
      implements JdqlStatement {
    public Update {
      assignments = List.copyOf(assignments);
    }
  }

  /** {@code DELETE FROM entity [WHERE condition]}. */
  record Delete(EntityName entity, Optional<JdqlCondition> where) implements JdqlStatement {}

  /** The name of the queried entity, as written after {@code FROM} or {@code UPDATE}. */
  record EntityName(String name, int offset) {}

  /** What a {@code SELECT} returns. */
  sealed interface Selection {
    /** The 0-based offset in the query of the selection's first character. */
    int offset();
  }

  /** {@code SELECT path} or {@code SELECT ID(THIS)}: one value per matching entity. */
  record SelectValue(JdqlExpression value) implements Selection {
    @Override
    public int offset() {
      return value.offset();
    }
  }

  /** {@code SELECT COUNT(THIS)}: the number of matching entities. */
  record SelectCount(int offset) implements Selection {}

  /** {@code SELECT THIS}: the matching entities themselves (a Jakarta Data 1.1 form; the same as no SELECT). */
  record SelectThis(int offset) implements Selection {}

  /** One key of {@code ORDER BY}: a path or {@code ID(THIS)}, ascending unless {@code DESC}. */
  record OrderItem(JdqlExpression key, boolean descending) {}

  /** {@code path = value} in {@code SET}; the value may be a {@link JdqlExpression.NullLiteral}. */
  record Assignment(JdqlExpression.Path target, JdqlExpression value) {}
}

package io.strata.query.jdql;

import io.strata.query.model.Condition;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.Expression;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import java.util.List;

/**
 * A JDQL {@code SELECT}'s {@code WHERE} and {@code ORDER BY} as values of the one query model: what a run-time
 * {@code repository.jdql("WHERE ... ORDER BY ...")} asks. {@link #of} parses the query and binds it to one entity;
 * the rules (which forms are taken, the Java type of each literal, how negations meet null values) are in
 * {@code query-model/README.md}, "JDQL".
 *
 * @param where the condition ({@link Condition#ALWAYS} when the query has no {@code WHERE})
 * @param order the {@code ORDER BY} keys, most significant first
 */
public record JdqlSelect(Condition where, List<SortKey> order) {
  public JdqlSelect {
    order = List.copyOf(order);
  }

  /**
   * {@code query} bound to {@code entity}: {@code [SELECT THIS] [FROM entity] [WHERE ...] [ORDER BY ...]}, with
   * {@code :name} parameters as {@code Param("name")}, {@code ?1} as {@code Param("1")}, and literals as values of
   * their property's Java type (an enum constant, written with its qualified class, found by {@code enums}).
   *
   * @throws JdqlSyntaxException when the query does not parse
   * @throws JdqlTranslationException when it parses but is no finder query of {@code entity}
   */
  public static JdqlSelect of(String query, EntityInfo entity, EnumConstants enums) {
    return new JdqlTranslator(query, entity, enums).select(JdqlParser.parse(query));
  }

  /**
   * {@link #of} as a run-time finder in {@code semantics} reads it: in Jakarta Data's, a whole-number literal compared
   * with a {@code double} or {@code float} property stays the whole number written (an {@code Integer} or a
   * {@code Long}, still refused when the property's type cannot hold it exactly), so it compares by value as a
   * repository's {@code @Query} does ({@code score >= 0} takes a stored {@code -0.0}, which {@code Double.compare}
   * puts below {@code 0.0}); in Strata's, as {@link #of}.
   */
  public static JdqlSelect of(String query, EntityInfo entity, EnumConstants enums, Semantics semantics) {
    return new JdqlTranslator(query, entity, enums, semantics).select(JdqlParser.parse(query));
  }

  /**
   * The condition {@code where} of a parsed {@code query} (a {@code SELECT}, {@code UPDATE} or {@code DELETE}, or one
   * part of its {@code WHERE}) bound to {@code entity} by the rules of {@link #of}, except that a literal is the value
   * JDQL writes ({@code 0} an {@code Integer}, {@code 1.5} a {@code Double}, {@code 1.5F} a {@code Float}, {@code 2L} a
   * {@code Long}), whatever its property's type: how a repository's {@code @Query} states the conditions the model
   * holds, for Jakarta Data's checks, which compare numbers by value.
   *
   * @throws JdqlTranslationException when the condition is no condition of the query model over {@code entity}
   */
  public static Condition condition(String query, JdqlCondition where, EntityInfo entity, EnumConstants enums) {
    return new JdqlTranslator(query, entity, enums, true).where(where);
  }

  /**
   * The value an {@code UPDATE}'s {@code SET} assignment {@code set} of a parsed {@code query} gives its property, as a
   * model expression, literals as JDQL writes them (as {@link #condition}): {@code NULL} a null literal, an enum constant
   * looked up for the property assigned, paths the entity's properties.
   *
   * @throws JdqlTranslationException when the value names no property of {@code entity} nor a value the property holds
   */
  public static Expression assigned(String query, JdqlStatement.Assignment set, EntityInfo entity, EnumConstants enums) {
    if (set.value() instanceof JdqlExpression.NullLiteral) {
      return new Expression.Value(new Operand.Literal(null));
    }
    JdqlExpressions expressions = new JdqlExpressions(query, entity, enums, true);
    return expressions.expression(set.value(), expressions.property(set.target()));
  }
}

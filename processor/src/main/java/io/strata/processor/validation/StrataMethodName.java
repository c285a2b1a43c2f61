package io.strata.processor.validation;

import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.QueryMethod.Criterion;
import io.strata.processor.model.QueryMethod.Order;
import io.strata.query.names.MethodName;
import io.strata.query.names.MethodNameException;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import java.util.List;
import java.util.Set;

/**
 * A Strata repository method's name as a {@link QueryMethod}: read by the query model's one method-name parser in
 * Strata's vocabulary ({@link MethodNameParser}), its operators as the planner's.
 */
final class StrataMethodName {
  private StrataMethodName() {}

  /**
   * @param properties the entity's queryable properties by the names methods use ({@code population},
   *     {@code addressCity}); a name the grammar does not read is {@link Messages#QUERY_UNPARSEABLE}
   */
  static QueryMethod parse(String name, Set<String> properties) throws QueryError {
    return parse(name, properties, Set.of());
  }

  /**
   * As {@link #parse(String, Set)}; {@code Near} on a property of {@code vectors} (the {@code float[]} ones) is a
   * nearest-neighbour search, elsewhere the spatial {@code Near}.
   */
  static QueryMethod parse(String name, Set<String> properties, Set<String> vectors) throws QueryError {
    MethodName parsed;
    try {
      parsed = MethodNameParser.parse(name, properties, vectors, Vocabulary.STRATA);
    } catch (MethodNameException e) {
      throw new QueryError(Messages.QUERY_UNPARSEABLE, name);
    }
    List<List<Criterion>> alternatives = parsed.where().isEmpty() ? List.of(List.of())
        : parsed.where().stream().map(and -> and.stream()
            .map(t -> new Criterion(t.property(), Operator.of(t.op()).orElseThrow())).toList()).toList();
    return new QueryMethod(name, parsed.action(), parsed.projection(), parsed.distinct(), parsed.first(), alternatives,
        parsed.order().stream().map(o -> new Order(o.property(), o.descending(), o.explicit())).toList());
  }
}

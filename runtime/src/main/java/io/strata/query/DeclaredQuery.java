package io.strata.query;

import io.strata.query.model.Condition;
import io.strata.query.model.SortKey;
import java.util.List;
import java.util.Objects;

/**
 * What the compiler knows of a declared repository method that takes a {@code Restriction<E>} parameter: its own
 * conditions (over its other parameters, as {@code Operand.Param}s named after them), order and limit, and whether it
 * may read every row. A generated repository holds one per such method as a constant; at each call
 * {@link RuntimeQueries#declared} ands the caller's restriction to it and plans the whole at run time.
 *
 * @param method the method's name, as errors and results of the wrong size name it
 * @param where the method's own conditions ({@link Condition#ALWAYS} when its name states none)
 * @param parameters the names of the parameters {@code where} refers to, in the order their values are passed
 * @param order the method's {@code OrderBy}
 * @param limit its {@code First}/{@code Top} (2 for a single result, to tell one from several); 0 for none
 * @param allowScan it is {@code @AllowFiltering}: a query no index narrows reads every row instead of being refused
 */
public record DeclaredQuery(String method, Condition where, List<String> parameters, List<SortKey> order, int limit,
    boolean allowScan) {
  public DeclaredQuery {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(where, "where");
    parameters = List.copyOf(parameters);
    order = List.copyOf(order);
    if (limit < 0) {
      throw new IllegalArgumentException(method + ": limit " + limit + " is negative");
    }
    for (String p : parameters) {
      if (p.startsWith("$")) {
        // a restriction's values are the parameters $0, $1, ... of the combined query
        throw new IllegalArgumentException(method + ": parameter name '" + p + "' starts with '$'; rename it");
      }
    }
  }
}

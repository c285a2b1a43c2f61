package io.strata.processor.model;

import com.palantir.javapoet.TypeName;
import io.strata.query.model.Condition;
import java.util.List;

/**
 * A declared query method that takes a {@code Restriction<E>} parameter, validated but not planned: its own part
 * (conditions, order, limit) is planned at run time together with the caller's restriction.
 *
 * @param name the method name
 * @param params every declared parameter, in order (the restriction among them)
 * @param restriction the name of the {@code Restriction<E>} parameter
 * @param values the parameters {@code where} refers to, in the order the generated code passes them
 * @param where the method's own conditions over {@code values} ({@code Condition.ALWAYS} when its name states none)
 * @param order its {@code OrderBy}
 * @param limit how many results to read (its {@code First}/{@code Top}; 2 for a single result, to tell one from several);
 *     0 for all
 * @param allowScan it is {@code @AllowFiltering}
 * @param shape what it returns
 * @param returnType the declared return type
 */
public record RestrictedMethod(String name, List<QueryMethodModel.Param> params, String restriction, List<String> values,
    Condition where, List<OrderItem> order, int limit, boolean allowScan, ResultShape shape, TypeName returnType) {

  public RestrictedMethod {
    params = List.copyOf(params);
    values = List.copyOf(values);
    order = List.copyOf(order);
  }
}

package io.strata.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * One declared query method, validated and planned: everything {@code RepositoryImplWriter} needs.
 *
 * @param name the method name
 * @param parsed the parsed name
 * @param params every declared parameter (name and type), the context first when there is one
 * @param context the transaction context parameter kind
 * @param shape what the method returns
 * @param async the result is a {@code CompletableFuture} of {@code shape}
 * @param returnType the declared return type
 * @param element the element type of the results (entity, projected property, or record)
 * @param projection the fields a projection reads, in component order; empty for whole entities
 * @param record the result elements are records built from {@code projection}
 * @param order the resolved {@code OrderBy}
 * @param plans one plan per {@code Or} branch; when every one reads every row ({@link #everyRowOnce}), the planner's one
 *     read of every row for the whole {@code Or}
 * @param paged the last two parameters are {@code int limit, Continuation after}
 */
public record QueryMethodModel(String name, QueryMethod parsed, List<Param> params, Context context, ResultShape shape, boolean async,
    TypeName returnType, TypeName element, List<FieldModel> projection, boolean record, List<OrderItem> order,
    List<QueryPlan> plans, boolean paged) {

  public QueryMethodModel {
    params = List.copyOf(params);
    projection = List.copyOf(projection);
    order = List.copyOf(order);
    plans = List.copyOf(plans);
  }

  /**
   * Whether the {@code Or} branches are read by one read of every row, each row checked against any branch's criteria
   * (the one planner's {@code AllRows} of the whole condition: some branch no index narrows, {@code @AllowFiltering},
   * no order), rather than branch by branch.
   */
  public boolean everyRowOnce() {
    return plans.size() > 1 && plans.stream().allMatch(QueryPlan::allRows);
  }

  /** A declared parameter. */
  public record Param(String name, TypeName type) {}

  /** The optional leading transaction parameter. */
  public enum Context { NONE, READ, WRITE }
}

package io.strata.processor.codegen;

import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryMethodModel.Context;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.ResultShape;

/**
 * Where a declared Strata find reads, for its writer ({@link RepositoryImplWriter}) and its javadoc ({@link PlanDoc}):
 * a list of every match with no transaction given (of an index, ids, every row, or an index's keys alone) and a stream
 * (of an index, every row, a {@code Within}'s box) read batch by batch at one read version; every other find reads in
 * one transaction (its own, or the caller's).
 */
final class FindReads {
  private FindReads() {}

  /**
   * Whether {@code m} is a list (or array, {@code Distinct}, projection) of every match, with no transaction given and
   * not asynchronous, of rows the read core's candidates hold (an index, ids, every row; an {@code Or} read from every
   * row) or of an index's keys: read in batches at one read version ({@code CandidateReads.matching}, {@code keys}), so
   * that a list of any size returns. One transaction fails past FoundationDB's five seconds, and its retry loop retries
   * for ever.
   */
  static boolean inBatches(QueryMethodModel m) {
    boolean everyMatch = m.parsed().distinct() || FindWriter.reads(m.shape(), m.parsed().limit()) == 0;
    if (m.context() != Context.NONE || m.async() || !everyMatch || QueryBodies.Result.action(m.shape()) != null
        || m.shape() == ResultShape.PAGE || m.shape() == ResultShape.STREAM) {
      return false;
    }
    return m.plans().size() > 1 ? m.everyRowOnce() : readsCandidates(m, m.plans().get(0)) || readsKeys(m, m.plans().get(0));
  }

  /** Whether {@code m} is a projection read from {@code plan}'s index keys alone (no row read). */
  static boolean readsKeys(QueryMethodModel m, QueryPlan plan) {
    return !m.projection().isEmpty() && plan.fromKeys() && plan.index() != null && plan.aggregate() == null;
  }

  /**
   * Whether {@code m} is a stream of the rows the read core's candidates hold (an index, every row, a {@code Within}'s
   * box), read lazily by its loop ({@code CandidateReads.stream}); a stream of index keys or of ids reads pages.
   */
  static boolean streamsCandidates(QueryMethodModel m) {
    QueryPlan plan = m.plans().get(0);
    boolean within = plan.spatial() != null && plan.spatialCriterion().operator() == Operator.WITHIN;
    return m.shape() == ResultShape.STREAM && m.plans().size() == 1 && !plan.byId()
        && (readsCandidates(m, plan) || within);
  }

  /** Whether {@code plan} reads rows the candidates hold: not a vector search, an aggregate, a spatial read or index keys alone. */
  private static boolean readsCandidates(QueryMethodModel m, QueryPlan plan) {
    return plan.nearest() == null && plan.aggregate() == null && plan.spatial() == null && (m.projection().isEmpty() || !plan.fromKeys());
  }
}

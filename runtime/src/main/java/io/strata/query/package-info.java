/**
 * Reading through plain and spatial indexes and shaping results: {@code IndexScan} (the path of declared
 * queries: equality, ranges, {@code In}, prefixes, filters, order, limits, paged with bound continuations),
 * {@code IndexQueries} (the fixed finders of generated repositories), {@code MappedRows} (entries and rows in
 * one mapped range read), {@code SpatialQueries}, {@code FilteredRows} ({@code @AllowFiltering} scans under
 * a read budget) and {@code QueryResults}/{@code Matches} (what declared methods return). The one candidates type of
 * both dialects, {@code Candidates} (an index's entries, a built scan's, the rows of ids, every row, a union), and its
 * reads in no order, {@code CandidateReads} (list, count, test, a few, a lazy stream in batches at one read version,
 * and the batch loop of a write to every match; a dialect's edge supplies how failures surface), and its reads in a
 * sort order, {@code OrderedReads} (limits, streams, offset and cursor reads in the query model's {@code SortKey}s,
 * read in the order of an {@code IndexOrder}'s keys and stopping early, else sorted in memory), every ordered read
 * breaking ties by the one rule of {@code ResultOrder} (the sorts, then the id in the last sort's direction). Run-time queries:
 * {@code RuntimeQueries} (a repository's finders and its plan cache per query shape), {@code PlanReads} (the
 * planner's {@code Plan} values executed on the readers above; {@code BoundScans} binds an index read to a query's
 * values, {@code MemoryOrder} sorts an order no index holds, keeping the first results while reading),
 * {@code OffsetPage} (an offset page and its total in one read), {@code ConditionEvaluator} (the one evaluator of
 * condition trees, with a dialect's {@code ValueOrder}), {@code Explain} (a plan in keys) and {@code NearestFinder}
 * (a finder with a nearest-neighbour order, searched by {@code io.strata.index.vector.VectorQueries}).
 *
 * <p>May use: {@code io.strata.index.vector} (the one vector search, for run-time nearest finders), {@code io.strata.repository}, {@code io.strata.index}, {@code io.strata.row}, the algorithms,
 * {@code io.strata.metamodel}, the query model and {@code io.strata}. Nothing in the runtime uses it; generated code does.
 */
package io.strata.query;

/**
 * Run-time support of repositories generated for Jakarta Data 1.0, keeping only what is Jakarta's: its value
 * order and null policy ({@link io.strata.jakarta.data.Values}), the persistent properties of an entity by name
 * ({@link io.strata.jakarta.data.Attributes}) and the static metamodel's attributes that are also run-time
 * restriction builders, pages and cursors ({@link io.strata.jakarta.data.ResultPages},
 * and the lazily read pages behind them), Jakarta {@code Sort}s turned into the read core's sort keys at its edge
 * ({@link io.strata.jakarta.data.DataStore}), the lifecycle methods, and its exceptions.
 *
 * <p>Depends on {@code jakarta.data-api} and on {@code strata-runtime} (with {@code strata-query-model}), not on the
 * API alone: it reads through Strata's run-time read core ({@code io.strata.query}: the
 * one candidates type {@code Candidates} and its reads in no order {@code CandidateReads}, its reads in a sort order
 * {@code OrderedReads} over the orders an index's keys hold {@code IndexOrder}, the one tie rule {@code ResultOrder}, index scans, the one all-rows
 * reader {@code FilteredRows}, the one union {@code UnionPages}, paged or merged by an order, result shaping) and its
 * metamodel ({@code io.strata.metamodel}); which key order equals Jakarta's value order is the query model's
 * {@code Semantics}'; the planning of its queries happens in the processor, with the one planner of
 * {@code strata-query-model}.
 */
package io.strata.jakarta.data;

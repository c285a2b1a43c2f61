/**
 * Observations (metrics and traces through Micrometer's Observation API) of repository calls and transactions, owned
 * here so the rest of the runtime and generated code see one small, Micrometer-free surface:
 * {@link io.strata.observation.RepositoryCalls#observe} (and its {@code observeAsync}/{@code observeStream} forms),
 * which costs one {@code instanceof} when nothing observes.
 *
 * <p>Micrometer is an optional dependency: only {@link io.strata.observation.StrataObservations} and the package-private
 * {@code ObservedDatabase} (with {@code CallObservation} and {@code ObservedStream}, which only it
 * uses) name its types, and none is loaded unless an application passes a registry. The names of
 * every observation and key are documented in {@code docs/observability.md}. May use {@code io.strata} and fdb-java.
 */
package io.strata.observation;

/**
 * The recipe layers beyond entities: queues (with high-contention dequeue), priority queues, vectors,
 * tables, multimaps, sharded counters, blob streams and blue/green workspaces, each typed by
 * {@code io.strata.Codec}s over a {@code Subspace}.
 *
 * <p>May use: {@code io.strata}, {@code io.strata.blob} and the other algorithms. Independent of entities:
 * nothing else in the runtime uses it.
 */
package io.strata.layers;

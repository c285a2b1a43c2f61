/**
 * Hierarchical documents: nested maps, lists and records flattened into path keys and assembled back,
 * under one bound on padded list positions.
 *
 * <p>May use: {@code io.strata} (its exceptions) and fdb-java's tuples.
 */
package io.strata.document;

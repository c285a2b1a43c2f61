/**
 * Chunked blobs: bytes split into fixed-size chunks under a subspace, read whole or by range.
 *
 * <p>May use: fdb-java, {@code io.strata.tuple} (packing keys), {@code io.strata} (its exceptions) and the JDK.
 */
package io.strata.blob;

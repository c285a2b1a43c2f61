/**
 * Chunked blobs: bytes split into fixed-size chunks under a subspace, read whole or by range.
 *
 * <p>May use: fdb-java and the JDK only.
 */
package io.strata.blob;

/**
 * Versionstamped tuple packing without the native client (fdb-java's needs it).
 *
 * <p>May use: fdb-java's tuple classes and the JDK only.
 */
package io.strata.tuple;

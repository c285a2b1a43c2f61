/**
 * Tuple packing without fdb-java's {@code Tuple} objects: {@code TuplePacker} writes elements straight into
 * a byte array, byte-identical to {@code Tuple.pack()} (the save paths use it), and
 * {@code VersionstampTuples} packs a tuple holding an incomplete versionstamp without the native client
 * (fdb-java's needs it).
 *
 * <p>May use: fdb-java's tuple classes and the JDK only.
 */
package io.strata.tuple;

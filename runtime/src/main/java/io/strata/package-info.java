/**
 * Strata's API: the value types ({@code Point}, {@code GeoPoint}, {@code BoundingBox}, {@code Page},
 * {@code Continuation}), {@code Codec}, the exceptions, {@code Strata.connect} and {@code StrataDb}, the
 * reports users hold ({@code IndexReport}, {@code IndexState}), {@code TransactionLimits} and
 * {@code Blocking}, which every blocking call uses to rethrow what failed; run-time queries ({@code Restriction},
 * {@code Restrict}, {@code Finder}, {@code OrderBy}, {@code QueryNotServedException}, {@code Queryable}, which every
 * generated implementation of a declared repository implements).
 *
 * <p>May use: fdb-java, the query model (strata-query-model's conditions and plans) and the JDK only. Everything else in the runtime builds on it.
 */
package io.strata;

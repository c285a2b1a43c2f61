/**
 * Reading through plain and spatial indexes and shaping results: {@code IndexScan} (the path of declared
 * queries: equality, ranges, {@code In}, prefixes, filters, order, limits, paged with bound continuations),
 * {@code IndexQueries} (the fixed finders of generated repositories), {@code MappedRows} (entries and rows in
 * one mapped range read), {@code SpatialQueries}, {@code FilteredRows} ({@code @AllowFiltering} scans under
 * a read budget) and {@code QueryResults}/{@code Matches} (what declared methods return).
 *
 * <p>May use: {@code io.strata.repository}, {@code io.strata.index}, {@code io.strata.row}, the algorithms
 * and {@code io.strata}. Nothing in the runtime uses it; generated code does.
 */
package io.strata.query;

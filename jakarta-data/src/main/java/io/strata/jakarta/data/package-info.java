/**
 * Run-time support of repositories generated for Jakarta Data 1.0: {@link io.strata.jakarta.data.Attributes}, the
 * persistent properties of an entity by name and the order of their values, and
 * {@link io.strata.jakarta.data.ResultPages}, limits, offset pages and cursored pages over results sorted in memory
 * (a query whose order no index serves). Depends on {@code jakarta.data-api} only.
 */
package io.strata.jakarta.data;

/**
 * The one query model: what an entity offers a query ({@link EntityInfo}: fields, indexes, spatial indexes,
 * aggregates, vector indexes) and what a query asks ({@link QuerySpec}: a {@link Condition} tree over {@link Op}s, an order,
 * a {@link Window}, the fields the result needs, and the {@link Semantics} of the dialect that asked it).
 * Every front end produces these values: Strata method names, Jakarta method names, {@code @Find}, JDQL, and
 * run-time restrictions. All are immutable records and enums with no dependency outside the JDK, so the same
 * values are built inside javac by the processor and inside the application by the runtime.
 */
package io.strata.query.model;

package io.strata.query.plan;

/** What planning a query gives: a {@link Plan}, or the {@link Unserved} reason nothing serves it. */
public sealed interface Planned permits Plan, Unserved {}

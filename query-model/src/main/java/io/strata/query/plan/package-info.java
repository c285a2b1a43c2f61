/**
 * The one planner's output: a {@link Plan} (how a query's keys are read) or an {@link Unserved} reason (which
 * index would serve it). Plans are values: the processor writes code from them, the runtime executes them,
 * tests compare them.
 */
package io.strata.query.plan;

/**
 * The method-name front end: one parser ({@link io.strata.query.names.MethodNameParser}) for the names of both
 * repository dialects, each a {@link io.strata.query.names.Vocabulary} of the one grammar, producing a
 * {@link io.strata.query.names.MethodName} that gives the query model's condition, sort keys and window.
 */
package io.strata.query.names;

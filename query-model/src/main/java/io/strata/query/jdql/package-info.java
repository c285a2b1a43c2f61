/**
 * The front end of Jakarta Data's query language (JDQL, Jakarta Data 1.0 chapter "Jakarta Data Query Language"):
 * a hand-written lexer ({@link io.strata.query.jdql.JdqlLexer}) and recursive-descent parser
 * ({@link io.strata.query.jdql.JdqlParser}) turning the text of a {@code @Query} into an immutable syntax tree
 * ({@link io.strata.query.jdql.JdqlStatement}, {@link io.strata.query.jdql.JdqlCondition},
 * {@link io.strata.query.jdql.JdqlExpression}).
 *
 * <p>This package owns syntax only. It knows nothing of entities, fields or {@code javax.lang.model}: a name such as
 * {@code numType} or {@code com.example.Color.RED} is a {@link io.strata.query.jdql.JdqlExpression.Path} here,
 * and whether it is a property or an enum constant is decided when the tree is bound to an entity (the
 * {@code validation} package's job, as for Strata's own query methods). Every node keeps the 0-based offset of its
 * first character in the query, so later errors ("unknown property") can point at the right column too.
 *
 * <p>{@link io.strata.query.jdql.JdqlSelect#of} binds a {@code SELECT} to one entity's description as the one query
 * model's values (a {@code Condition} tree and {@code SortKey}s), for queries written while the program runs; what the
 * model cannot say is a {@link io.strata.query.jdql.JdqlTranslationException} at its position.
 *
 * <p>A syntax error is a {@link io.strata.query.jdql.JdqlSyntaxException} saying where (1-based line and column)
 * and what was expected, e.g. {@code at column 17: expected a property name, found ')'}. The grammar and the choices
 * made where the specification is loose are documented in {@code docs/jakarta-data.md}.
 */
package io.strata.query.jdql;

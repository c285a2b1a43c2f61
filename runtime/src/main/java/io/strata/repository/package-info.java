/**
 * The store: {@code EntityStore} keeps one entity's rows and all its indexes consistent in a caller's
 * transaction (save, saveAll, delete; the save's steps read top to bottom there), and {@code DocumentPaths}
 * changes one path of a {@code @Document} with the index moves it implies. Generated repositories delegate
 * here (see runtime/README.md for the whole surface generated code calls).
 *
 * <p>May use: {@code io.strata.index}, {@code io.strata.row}, the algorithms and {@code io.strata}. Never a
 * concrete derived kind or the queries, which build on it.
 */
package io.strata.repository;

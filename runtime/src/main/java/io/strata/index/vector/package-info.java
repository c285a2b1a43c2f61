/**
 * {@code @Embedding} vector indexes: k-nearest-neighbour search over {@code float[]} fields.
 *
 * <p>The surface generated code calls:
 * <ul>
 *   <li>{@code EntityStore.builder(...).derived(new VectorDefinition(name, field, dimensions, Metric.X, groupBy))}
 *       for each {@code @Embedding} field (name: the field's name; {@link io.strata.index.vector.Metric} named as
 *       the annotation's metric);</li>
 *   <li>codecs store the field with {@link io.strata.index.vector.Vectors#element} and read it with
 *       {@link io.strata.index.vector.Vectors#floats} (little-endian float32 bytes);</li>
 *   <li>{@code new VectorQueries<>(store).nearest(tr, name, groupValues, query, k, candidates, residual)} returns
 *       {@code CompletableFuture<List<io.strata.Scored<T>>>}, nearest first; {@code candidates} is the per-call
 *       search-quality knob ({@link io.strata.index.vector.VectorQueries#DEFAULT_CANDIDATES} when the method has
 *       none), {@code residual} the conditions the index does not take, checked on each candidate's entity.</li>
 * </ul>
 * A vector of another length than {@code dimensions} is refused on save ({@code IllegalArgumentException} naming
 * entity, id, field and both sizes; nothing written) and on query, and so is one with a NaN or infinite component
 * (naming the first, by position).
 *
 * <p>The index is an inverted file of partitions per group, split by 2-means as they fill, each split in a
 * transaction of its own ({@code Splits}) asked for by an insert into the full partition or, when the inserting
 * transaction's writer commits it itself ({@code io.strata.index.AfterCommit}), after that commit ({@code VectorIndex};
 * keys in {@code Partitions}: a token, centroids, sizes, one-byte-per-component codes per partition, full vectors
 * apart). A query reads the codes of the partitions nearest to it, rescores the {@code candidates} best exactly
 * with their full vectors and reads their rows ({@code VectorQueries}); docs/indexes.md has the layout, the rule
 * from {@code candidates} to partitions read, and the costs. Built online, verified and kept in the row's
 * transaction like the other derived kinds.
 *
 * <p>May use: {@code io.strata.index}, {@code io.strata.row}, {@code io.strata.repository}, {@code io.strata}. No other kind.
 */
package io.strata.index.vector;

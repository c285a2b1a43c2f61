package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A vector index on a {@code float[]} field, for k-nearest-neighbour queries: {@code findTop10By<F>Near(float[] query)},
 * with results nearest first (as {@code List<E>} or, carrying the distance, {@code List<io.strata.Scored<E>>}). Every
 * stored vector must have exactly {@link #dimensions} components: a save with another length is an
 * {@code IllegalArgumentException} naming the entity, the field and both sizes, and writes nothing. A null vector is
 * not indexed. The index is kept in the row's transaction and built online over existing rows like the other kinds;
 * its key layout is in docs/indexes.md.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD})
public @interface Embedding {
  /** The number of components of every vector (at least 1). */
  int dimensions();

  /** How distance is measured; nearest first. */
  Metric metric() default Metric.COSINE;

  /**
   * Fields whose values form a group, most significant first: a query with an equality on each searches that
   * group's vectors only (one tenant, one category). An entity with a null group value is not indexed.
   */
  String[] groupBy() default {};

  /** The distance between two vectors. */
  enum Metric {
    /** {@code 1 - cos(a, b)}: 0 for the same direction, 2 for opposite ones; a zero vector is at distance 1 from all. */
    COSINE,
    /** The Euclidean distance {@code |a - b|}. */
    EUCLIDEAN,
    /** {@code -(a . b)}: the larger the dot product, the nearer. */
    DOT_PRODUCT
  }
}

package io.strata.index.vector;

/** The distance of a vector index, as {@code @Embedding(metric = ...)} names it; smaller is nearer. */
public enum Metric {
  /** {@code 1 - cos(a, b)}; a zero vector is at distance 1 from every vector. */
  COSINE {
    @Override
    public double distance(float[] a, float[] b) {
      double dot = 0;
      double na = 0;
      double nb = 0;
      for (int i = 0; i < a.length; i++) {
        dot += (double) a[i] * b[i];
        na += (double) a[i] * a[i];
        nb += (double) b[i] * b[i];
      }
      return na == 0 || nb == 0 ? 1 : 1 - dot / Math.sqrt(na * nb);
    }
  },
  /** {@code |a - b|}. */
  EUCLIDEAN {
    @Override
    public double distance(float[] a, float[] b) {
      double sum = 0;
      for (int i = 0; i < a.length; i++) {
        double d = (double) a[i] - b[i];
        sum += d * d;
      }
      return Math.sqrt(sum);
    }
  },
  /** {@code -(a . b)}; vectors are placed in partitions by Euclidean distance ({@link #placing}). */
  DOT_PRODUCT {
    @Override
    public double distance(float[] a, float[] b) {
      double dot = 0;
      for (int i = 0; i < a.length; i++) {
        dot += (double) a[i] * b[i];
      }
      return -dot;
    }

    @Override
    double placing(float[] v, float[] centroid) {
      return EUCLIDEAN.distance(v, centroid);
    }
  };

  /** The distance between {@code a} and {@code b}, of the same length. */
  public abstract double distance(float[] a, float[] b);

  /**
   * The distance by which a vector is placed in the partition of the nearest centroid, and a partition split in two:
   * {@link #distance}, but the Euclidean for {@link #DOT_PRODUCT}. A centroid is a mean, the longer the tighter its
   * vectors lie, so placing by inner product put a vector in the tightest partition facing its way rather than the one
   * it lies in; placed by Euclidean distance, the partitions are k-means'. A query still orders the partitions by
   * {@link #distance} to their centroids: under {@code DOT_PRODUCT}, the inner product with a centroid is the mean
   * inner product of the partition's vectors with the query, what a search for the largest wants to read first.
   */
  double placing(float[] v, float[] centroid) {
    return distance(v, centroid);
  }
}

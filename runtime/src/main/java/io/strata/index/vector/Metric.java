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
  /** {@code -(a . b)}. */
  DOT_PRODUCT {
    @Override
    public double distance(float[] a, float[] b) {
      double dot = 0;
      for (int i = 0; i < a.length; i++) {
        dot += (double) a[i] * b[i];
      }
      return -dot;
    }
  };

  /** The distance between {@code a} and {@code b}, of the same length. */
  public abstract double distance(float[] a, float[] b);
}

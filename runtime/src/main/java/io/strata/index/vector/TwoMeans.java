package io.strata.index.vector;

/**
 * Two centroids of a set of vectors and which vectors go to the second, by a few rounds of 2-means (Lloyd's
 * iterations) started from two far-apart members: the member farthest from the first, then the member farthest from
 * that one. Deterministic. When the vectors do not separate (all equal), the second half is the later half.
 */
record TwoMeans(float[][] centroids, boolean[] second) {
  private static final int ROUNDS = 6;

  static TwoMeans split(Metric metric, float[][] vs) {
    float[] a = vs[farthest(metric, vs, vs[0])].clone();
    float[] b = vs[farthest(metric, vs, a)].clone();
    boolean[] second = new boolean[vs.length];
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < vs.length; i++) {
        second[i] = metric.placing(vs[i], b) < metric.placing(vs[i], a);
      }
      a = mean(vs, second, false, a);
      b = mean(vs, second, true, b);
    }
    int moved = 0;
    for (boolean s : second) {
      moved += s ? 1 : 0;
    }
    if (moved == 0 || moved == vs.length) {
      for (int i = 0; i < vs.length; i++) {
        second[i] = i >= vs.length / 2;
      }
      a = mean(vs, second, false, a);
      b = mean(vs, second, true, b);
    }
    return new TwoMeans(new float[][] {a, b}, second);
  }

  private static int farthest(Metric metric, float[][] vs, float[] from) {
    int best = 0;
    double far = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < vs.length; i++) {
      double d = metric.placing(vs[i], from);
      if (d > far) {
        far = d;
        best = i;
      }
    }
    return best;
  }

  /** The mean of the vectors on {@code side}, or {@code otherwise} when there is none. */
  private static float[] mean(float[][] vs, boolean[] second, boolean side, float[] otherwise) {
    double[] sum = new double[otherwise.length];
    int n = 0;
    for (int i = 0; i < vs.length; i++) {
      if (second[i] == side) {
        n++;
        for (int j = 0; j < sum.length; j++) {
          sum[j] += vs[i][j];
        }
      }
    }
    if (n == 0) {
      return otherwise;
    }
    float[] out = new float[sum.length];
    for (int j = 0; j < sum.length; j++) {
      out[j] = (float) (sum[j] / n);
    }
    return out;
  }
}

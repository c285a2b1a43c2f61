package io.strata.samples;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;

/**
 * A place's sketch: a 64-component unit vector computed from what the data says of it, so that places with similar
 * names, in the same part of the world, of a similar size, lie near each other under cosine distance. Components 0-47
 * count the name's character trigrams (accents removed, lower case, padded with spaces), each hashed to one component
 * with a sign; 48-55 hash the country code and the time zone; 56-58 place it on the unit sphere (latitude,
 * longitude); 59 is the logarithm of its population. Each part is weighted, then the whole is scaled to length 1.
 * Deterministic: the same place always has the same sketch.
 */
final class Sketch {
  static final int DIMENSIONS = 64;
  private static final int NAME = 48;

  private Sketch() {}

  static float[] of(Place p) {
    double[] v = new double[DIMENSIONS];
    String name = " " + Normalizer.normalize(p.name(), Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT) + " ";
    for (int i = 0; i + 3 <= name.length(); i++) {
      int h = hash(name.substring(i, i + 3));
      v[Math.floorMod(h, NAME)] += (h & 1 << 20) == 0 ? 1 : -1;
    }
    scale(v, 0, NAME, 1.0);
    v[NAME + Math.floorMod(hash(p.country()), 4)] += 0.5;
    v[NAME + 4 + Math.floorMod(hash(p.details().timezone()), 4)] += 0.3;
    double lat = Math.toRadians(p.location().lat());
    double lon = Math.toRadians(p.location().lon());
    v[56] = 0.6 * Math.cos(lat) * Math.cos(lon);
    v[57] = 0.6 * Math.cos(lat) * Math.sin(lon);
    v[58] = 0.6 * Math.sin(lat);
    v[59] = 0.05 * Math.log10(Math.max(1, p.population()));
    scale(v, 0, DIMENSIONS, 1.0);
    float[] out = new float[DIMENSIONS];
    for (int i = 0; i < DIMENSIONS; i++) {
      out[i] = (float) v[i];
    }
    return out;
  }

  /** Cosine distance, {@code 1 - cos}, of two sketches (both of length 1): what the index orders by. */
  static double distance(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * (double) b[i];
      na += a[i] * (double) a[i];
      nb += b[i] * (double) b[i];
    }
    return 1 - dot / Math.sqrt(na * nb);
  }

  /** Scales {@code v[from..to)} to length {@code length} (left alone when all zero). */
  private static void scale(double[] v, int from, int to, double length) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += v[i] * v[i];
    }
    if (sum == 0) {
      return;
    }
    double f = length / Math.sqrt(sum);
    for (int i = from; i < to; i++) {
      v[i] *= f;
    }
  }

  /** FNV-1a over the UTF-8 bytes: stable across JVMs, unlike {@code String.hashCode}'s use here would not be. */
  private static int hash(String s) {
    int h = 0x811c9dc5;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x01000193;
    }
    return h;
  }
}

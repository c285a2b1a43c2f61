package io.strata.benchmarks;

import io.strata.testkit.Cities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The vector data sets of {@link VectorMeasurement}, generated at run time, deterministically (fixed seeds): every
 * call with the same arguments returns the same vectors. Each set has {@code size} stored vectors, a hold-out of
 * {@code queries} query vectors that are not stored, and the exact top {@value #K} of each query by brute force.
 *
 * <ul>
 *   <li>{@link #places}: GeoNames cities500 places. Features: the lower-cased name's character 1-, 2- and 3-grams
 *   (with a space before and after the name), together weighing 1; the country code token, weight 1; each
 *   {@code /}-separated part of the time zone, weight 0.5 each; the position on the unit sphere
 *   (x, y, z), weight 2 each. Each feature is hashed (FNV-1a of its text with a kind prefix) and projected by a signed
 *   random projection: feature {@code h} adds {@code weight * s_i} to dimension {@code i}, where the signs
 *   {@code s_i} are the bits of {@code new SplittableRandom(SEED ^ h).nextLong()}; the 64-dimension sum is
 *   normalized to unit length (COSINE). The group is the country. Queries are places drawn out by a seeded shuffle.
 *   <li>{@link #clustered}: a Gaussian mixture of {@value #CLUSTERS} centres (standard normal per dimension), each
 *   point a centre plus normal noise of standard deviation {@value #SPREAD} per dimension, normalized; group
 *   {@code g0..g19} at random. Queries are fresh draws of the same mixture.
 *   <li>{@link #uniform}: each dimension uniform in [-1, 1), normalized; queries fresh draws.
 * </ul>
 */
public final class VectorDataSets {
  /** Dimensions of every set. */
  public static final int DIMENSIONS = 64;
  /** Answers kept per query. */
  public static final int K = 10;
  static final long SEED = 35L;
  static final int CLUSTERS = 100;
  static final double SPREAD = 0.35;
  static final int SYNTHETIC_GROUPS = 20;

  /** One vector and its group (a place's country; a synthetic group). */
  public record Item(long id, String group, float[] vector) {}

  /**
   * A set: the stored vectors, the hold-out queries, and for each query the ids of its exact top {@value #K} among all
   * stored vectors ({@code exact}) and among those of its own group ({@code exactInGroup}).
   */
  public record DataSet(String name, List<Item> stored, List<Item> queries, long[][] exact, long[][] exactInGroup) {}

  private VectorDataSets() {}

  /** {@code size} places stored and {@code queries} others held out, from cities500 (see the class javadoc). */
  public static DataSet places(int size, int queries) {
    List<String> lines;
    try {
      lines = Files.readAllLines(Cities.file(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    lines = new ArrayList<>(lines.subList(1, lines.size()));
    if (size + queries > lines.size()) {
      throw new IllegalArgumentException("cities500 has " + lines.size() + " places: ask for at most that many stored plus queries, not "
          + size + " + " + queries);
    }
    java.util.Collections.shuffle(lines, new Random(SEED));
    List<Item> items = lines.subList(0, size + queries).parallelStream().map(VectorDataSets::place).toList();
    return withAnswers("places", items.subList(0, size), items.subList(size, size + queries));
  }

  /** The place of one cities500 line as a vector (see the class javadoc). */
  static Item place(String line) {
    Cities.City city = Cities.parse(line);
    String timezone = line.substring(line.lastIndexOf(',') + 1);
    double[] v = new double[DIMENSIONS];
    String name = " " + city.name().toLowerCase(Locale.ROOT) + " ";
    List<String> grams = new ArrayList<>();
    for (int n = 1; n <= 3; n++) {
      for (int i = 0; i + n <= name.length(); i++) {
        grams.add(name.substring(i, i + n));
      }
    }
    double gramWeight = 1 / Math.sqrt(grams.size());
    grams.forEach(g -> add(v, "n:" + g, gramWeight));
    add(v, "c:" + city.country(), 1);
    for (String part : timezone.split("/")) {
      add(v, "t:" + part, 0.5);
    }
    double lat = Math.toRadians(city.where().lat());
    double lon = Math.toRadians(city.where().lon());
    add(v, "x", 2 * Math.cos(lat) * Math.cos(lon));
    add(v, "y", 2 * Math.cos(lat) * Math.sin(lon));
    add(v, "z", 2 * Math.sin(lat));
    return new Item(city.id(), city.country(), unit(v));
  }

  /** Adds one hashed feature's signed projection, {@code weight} times. */
  private static void add(double[] v, String feature, double weight) {
    long h = 0xcbf29ce484222325L;
    for (byte b : feature.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    long signs = new SplittableRandom(SEED ^ h).nextLong();
    for (int i = 0; i < DIMENSIONS; i++) {
      v[i] += ((signs >>> i) & 1) == 0 ? weight : -weight;
    }
  }

  /** A Gaussian mixture set (see the class javadoc). */
  public static DataSet clustered(int size, int queries) {
    Random random = new Random(SEED + 1);
    double[][] centres = new double[CLUSTERS][DIMENSIONS];
    for (double[] c : centres) {
      for (int i = 0; i < DIMENSIONS; i++) {
        c[i] = random.nextGaussian();
      }
    }
    return synthetic("clustered", size, queries, random, r -> {
      double[] c = centres[r.nextInt(CLUSTERS)];
      double[] v = new double[DIMENSIONS];
      for (int i = 0; i < DIMENSIONS; i++) {
        v[i] = c[i] + SPREAD * r.nextGaussian();
      }
      return v;
    });
  }

  /** A uniformly random set (see the class javadoc). */
  public static DataSet uniform(int size, int queries) {
    return synthetic("uniform", size, queries, new Random(SEED + 2), r -> {
      double[] v = new double[DIMENSIONS];
      for (int i = 0; i < DIMENSIONS; i++) {
        v[i] = 2 * r.nextDouble() - 1;
      }
      return v;
    });
  }

  private static DataSet synthetic(String name, int size, int queries, Random random,
      java.util.function.Function<Random, double[]> draw) {
    List<Item> items = new ArrayList<>(size + queries);
    for (int i = 0; i < size + queries; i++) {
      items.add(new Item(i + 1, "g" + random.nextInt(SYNTHETIC_GROUPS), unit(draw.apply(random))));
    }
    return withAnswers(name, items.subList(0, size), items.subList(size, size + queries));
  }

  private static float[] unit(double[] v) {
    double norm = 0;
    for (double x : v) {
      norm += x * x;
    }
    double scale = 1 / Math.sqrt(norm);
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] * scale);
    }
    return out;
  }

  private static DataSet withAnswers(String name, List<Item> stored, List<Item> queries) {
    long[][] exact = IntStream.range(0, queries.size()).parallel()
        .mapToObj(q -> exactTop(stored, queries.get(q).vector(), null)).toArray(long[][]::new);
    long[][] inGroup = IntStream.range(0, queries.size()).parallel()
        .mapToObj(q -> exactTop(stored, queries.get(q).vector(), queries.get(q).group())).toArray(long[][]::new);
    return new DataSet(name, List.copyOf(stored), List.copyOf(queries), exact, inGroup);
  }

  /**
   * The ids of the {@value #K} stored vectors nearest {@code query} by cosine distance (in {@code group} when not
   * null), nearest first, ties by id: a brute-force scan with its own arithmetic, apart from the index's.
   */
  static long[] exactTop(List<Item> stored, float[] query, String group) {
    record Hit(long id, double distance) {}
    Comparator<Hit> farthestFirst = Comparator.comparingDouble(Hit::distance).thenComparingLong(Hit::id).reversed();
    java.util.PriorityQueue<Hit> best = new java.util.PriorityQueue<>(K + 1, farthestFirst);
    double qq = 0;
    for (float x : query) {
      qq += (double) x * x;
    }
    for (Item item : stored) {
      if (group != null && !group.equals(item.group())) {
        continue;
      }
      double dot = 0;
      double vv = 0;
      float[] v = item.vector();
      for (int i = 0; i < v.length; i++) {
        dot += (double) query[i] * v[i];
        vv += (double) v[i] * v[i];
      }
      best.add(new Hit(item.id(), 1 - dot / Math.sqrt(qq * vv)));
      if (best.size() > K) {
        best.poll();
      }
    }
    List<Hit> hits = new ArrayList<>(best);
    hits.sort(farthestFirst.reversed());
    return hits.stream().mapToLong(Hit::id).toArray();
  }
}

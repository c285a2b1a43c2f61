package io.strata.testkit;

import io.strata.GeoPoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/** The GeoNames cities500 data set from {@code ../shared/data} (see its README), for tests. */
public final class Cities {
  /** One populated place. */
  public record City(long id, String name, GeoPoint where, String country, long population) {}

  private Cities() {}

  /** The data file, or a skipped test (with the reason) when the shared data folder is absent. */
  public static Path file() {
    String dir = System.getProperty("strata.data.dir", "../../shared/data");
    Path path = Path.of(dir, "cities500.csv");
    Assumptions.assumeTrue(Files.isReadable(path), "cities500.csv not found at " + path.toAbsolutePath()
        + " (set -Dstrata.data.dir to the shared data folder)");
    return path;
  }

  public static List<City> load() {
    try {
      List<String> lines = Files.readAllLines(file(), StandardCharsets.UTF_8);
      List<City> out = new ArrayList<>(lines.size());
      for (String line : lines.subList(1, lines.size())) {
        out.add(parse(line));
      }
      return out;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Parses {@code id,"name",lat,lon,country,population,timezone}; names may contain commas and doubled quotes. */
  public static City parse(String line) {
    int firstComma = line.indexOf(',');
    int nameEnd = line.indexOf("\",", firstComma + 2);
    while (nameEnd > 0 && line.charAt(nameEnd - 1) == '"' && countQuotes(line, firstComma + 2, nameEnd) % 2 == 1) {
      nameEnd = line.indexOf("\",", nameEnd + 1);
    }
    String name = line.substring(firstComma + 2, nameEnd).replace("\"\"", "\"");
    String[] rest = line.substring(nameEnd + 2).split(",", -1);
    return new City(Long.parseLong(line.substring(0, firstComma)), name,
        new GeoPoint(Double.parseDouble(rest[0]), Double.parseDouble(rest[1])), rest[2], Long.parseLong(rest[3]));
  }

  /** A box of log-uniform size (about 1 km to 2,000 km across) centred on a random place. */
  public static io.strata.BoundingBox randomBox(java.util.Random random, List<City> cities) {
    GeoPoint c = cities.get(random.nextInt(cities.size())).where();
    double half = Math.pow(10, -2 + random.nextDouble() * 3.3);
    double minLon = c.lon() - half * 1.5;
    double maxLon = c.lon() + half * 1.5;
    if (minLon < -180) {
      minLon += 360;
    }
    if (maxLon > 180) {
      maxLon -= 360;
    }
    return io.strata.BoundingBox.geo(Math.max(-90, c.lat() - half), minLon, Math.min(90, c.lat() + half), maxLon);
  }

  private static int countQuotes(String s, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      if (s.charAt(i) == '"') {
        n++;
      }
    }
    return n;
  }
}

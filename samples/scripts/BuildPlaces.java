import java.io.BufferedReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Rebuilds samples/src/main/resources/io/strata/samples/places15k.tsv.gz from the shared GeoNames data:
 * the places with at least 15,000 people, tab-separated (id, name, lat, lon, country, population,
 * timezone; names unquoted). Data © GeoNames, CC BY 4.0 (https://www.geonames.org).
 *
 * <p>Run from the repository root: {@code java samples/scripts/BuildPlaces.java [../shared/data/cities500.csv]}
 */
public class BuildPlaces {
  public static void main(String[] args) throws Exception {
    Path src = Path.of(args.length > 0 ? args[0] : "../shared/data/cities500.csv");
    Path out = Path.of("samples/src/main/resources/io/strata/samples/places15k.tsv.gz");
    int count = 0;
    try (BufferedReader in = Files.newBufferedReader(src, StandardCharsets.UTF_8);
         Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(out)), StandardCharsets.UTF_8)) {
      in.readLine();
      for (String line; (line = in.readLine()) != null; ) {
        int nameStart = line.indexOf(",\"") + 2;
        int nameEnd = nameStart;
        while (true) {
          nameEnd = line.indexOf('"', nameEnd);
          if (line.startsWith("\"\"", nameEnd)) {
            nameEnd += 2;
          } else {
            break;
          }
        }
        String id = line.substring(0, nameStart - 2);
        String name = line.substring(nameStart, nameEnd).replace("\"\"", "\"");
        String[] rest = line.substring(nameEnd + 2).split(",", -1);
        if (Long.parseLong(rest[3]) >= 15_000) {
          w.write(String.join("\t", id, name, rest[0], rest[1], rest[2], rest[3], rest[4]) + "\n");
          count++;
        }
      }
    }
    System.out.println("wrote " + out + " (" + count + " places)");
  }
}

package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The corpus is what its origins published, byte for byte: every file under {@code src/test/java} outside
 * {@code io/strata} is listed in the module's README table, whose last column is the file's git blob id (the id the
 * same bytes have in the origin commit), and the id computed from the file equals it.
 */
class CorpusOriginsTest {
  private static final Path SOURCES = Path.of("src/test/java");
  /** A row of the README's corpus table: the file, four columns of origin, the blob id. */
  private static final Pattern ROW =
      Pattern.compile("^\\| `([^`]+\\.java)` \\|.*\\| `([0-9a-f]{40})` \\|$", Pattern.MULTILINE);

  @Test
  void everyCopiedFileIsListedWithTheBlobIdOfItsOrigin() throws IOException {
    Map<String, String> listed = new TreeMap<>();
    Matcher row = ROW.matcher(Files.readString(Path.of("README.md")));
    while (row.find()) {
      listed.put(row.group(1), row.group(2));
    }
    Map<String, String> found = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      files.filter(f -> f.toString().endsWith(".java") && !f.startsWith(SOURCES.resolve("io/strata")))
          .forEach(f -> found.put(SOURCES.relativize(f).toString().replace('\\', '/'), blobId(f)));
    }
    assertEquals(listed, found, "README.md's corpus table against the files (edit neither to make the other fit:"
        + " a copied file stays as its origin published it)");
  }

  /** Git's object id of a file's bytes: SHA-1 over {@code "blob <length>\0"} and the bytes. */
  private static String blobId(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
      return HexFormat.of().formatHex(sha1.digest(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-1", e);
    }
  }
}

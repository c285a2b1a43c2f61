package io.strata.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 38's "no class over ~450 lines in the processor, runtime or Jakarta module", kept: every main source file of
 * {@code processor}, {@code runtime} and {@code jakarta-data} is at most {@link #LIMIT} lines, except those listed in
 * {@link #OVER_LIMIT} with the reason and the work that will split them; a listed file back under the limit fails
 * too, so the list stays true (remove its entry).
 */
class ClassSizesTest {
  private static final int LIMIT = 450;
  private static final List<String> MODULES = List.of("processor", "runtime", "jakarta-data");

  /** Files over the limit today, by path from the repository's root, with why and what will split them. */
  private static final Map<String, String> OVER_LIMIT = Map.of();

  @Test
  void noMainClassOfTheProcessorRuntimeOrJakartaModuleIsOverTheLimitUnlessListed() {
    Map<String, Long> over = new TreeMap<>();
    Path root = Path.of("..");
    for (String module : MODULES) {
      try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
          long lines = lines(f);
          if (lines > LIMIT) {
            over.put(root.relativize(f).toString().replace('\\', '/'), lines);
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    assertEquals(new TreeMap<>(OVER_LIMIT).keySet(), over.keySet(),
        "main classes over " + LIMIT + " lines (split a new one, or list it with the reason; remove an entry once its"
            + " file is back under): " + over);
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

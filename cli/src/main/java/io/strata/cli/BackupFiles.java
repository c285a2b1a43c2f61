package io.strata.cli;

import com.apple.foundationdb.Database;
import io.strata.Strata;
import io.strata.embedded.EmbeddedFdb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Copies a {@code strata:file:} database's directory while the tool holds it: the embedded engine allows one process
 * per directory, so holding it open (as {@link EmbeddedFdb#open(Path)} does) is what proves nobody else uses it, and
 * no commit can change the files during the copy. The lock files themselves are not copied.
 */
final class BackupFiles {
  /** The engine's lock files (DirectoryLock): they belong to the process holding the directory, not to the data. */
  private static final Set<String> LOCK_FILES = Set.of("LOCK", "HOLDER");

  private BackupFiles() {}

  /** The directory of a {@code strata:file:} URL, or a usage error naming {@code option}. */
  static Path directory(String option, String url) {
    if (url == null || url.isBlank()) {
      throw CliException.usage(option + " is missing: give a strata:file:DIR database");
    }
    try {
      return Strata.fileDirectory(url).orElseThrow(() -> CliException.usage(option + " " + url + ": backup and restore copy"
          + " the files of a strata:file:DIR database; for strata:fdb: use FoundationDB's fdbbackup, for any URL strata export"));
    } catch (IllegalArgumentException e) {
      throw CliException.usage(option + ": " + e.getMessage());
    }
  }

  /** Opens {@code dir} with the embedded engine: refused with the engine's message when in use or damaged. */
  static Database hold(Path dir) {
    try {
      return EmbeddedFdb.open(dir);
    } catch (RuntimeException e) {
      throw CliException.database(e.getMessage(), e);
    }
  }

  /** A target that is new or empty, or a usage error naming {@code option}. */
  static void requireEmpty(String option, Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> list = Files.list(dir)) {
      if (!Files.isDirectory(dir) || list.findAny().isPresent()) {
        throw CliException.usage(option + " " + dir + ": exists and is not an empty directory; give a new or empty"
            + " directory (nothing is overwritten)");
      }
    } catch (IOException e) {
      throw new CliException(ExitCodes.FILE, option + " " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Copies every file of {@code from} but the lock files into {@code to}; returns the bytes copied. */
  static long copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    long bytes = 0;
    List<Path> files;
    try (Stream<Path> walk = Files.walk(from)) {
      files = walk.sorted().toList();
    }
    for (Path f : files) {
      Path target = to.resolve(from.relativize(f).toString());
      if (Files.isDirectory(f)) {
        Files.createDirectories(target);
      } else if (!LOCK_FILES.contains(f.getFileName().toString())) {
        Files.copy(f, target);
        bytes += Files.size(f);
      }
    }
    return bytes;
  }
}

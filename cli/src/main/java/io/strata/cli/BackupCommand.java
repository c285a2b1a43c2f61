package io.strata.cli;

import com.apple.foundationdb.Database;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code strata backup --to DIR}: a copy of a {@code strata:file:} database that no other process has open. */
@Command(name = "backup", description = "Copies a strata:file: database into a new directory while holding it, so it must"
    + " not be in use by another process (refused with the engine's message when it is).")
final class BackupCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Option(names = "--to", paramLabel = "DIR", required = true, description = "a new or empty directory for the copy")
  Path to;

  @Override
  public void run() {
    Path dir = BackupFiles.directory("--url", cli.url);
    if (!java.nio.file.Files.isDirectory(dir)) {
      throw CliException.usage("--url " + cli.url + ": there is no database directory " + dir);
    }
    BackupFiles.requireEmpty("--to", to);
    Database held = BackupFiles.hold(dir);
    try {
      cli.err.println("copying " + dir + " to " + to + "...");
      long bytes = BackupFiles.copy(dir, to);
      cli.out.println("backed up " + dir + " to " + to + " (" + KeySpaceReport.size(bytes) + ")");
    } catch (IOException e) {
      throw new CliException(ExitCodes.FILE, "--to " + to + ": " + e.getMessage(), e);
    } finally {
      held.close();
    }
  }
}

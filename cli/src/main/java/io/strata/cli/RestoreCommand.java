package io.strata.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code strata restore --from DIR}: a backup copied into a new {@code strata:file:} directory, then opened to check it. */
@Command(name = "restore", description = "Copies a backup into the --url strata:file: directory, which must be new or empty,"
    + " then opens it once to check that it reads.")
final class RestoreCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Option(names = "--from", paramLabel = "DIR", required = true, description = "a directory strata backup wrote")
  Path from;

  @Override
  public void run() {
    Path dir = BackupFiles.directory("--url", cli.url);
    if (!Files.isDirectory(from)) {
      throw CliException.usage("--from " + from + ": no such directory; give the directory strata backup --to wrote");
    }
    BackupFiles.requireEmpty("--url", dir);
    long bytes;
    try {
      bytes = BackupFiles.copy(from, dir);
    } catch (IOException e) {
      throw new CliException(ExitCodes.FILE, "--url " + dir + ": " + e.getMessage(), e);
    }
    BackupFiles.hold(dir).close();
    cli.out.println("restored " + from + " into " + dir + " (" + KeySpaceReport.size(bytes) + "); it opens");
  }
}

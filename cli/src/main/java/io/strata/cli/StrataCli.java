package io.strata.cli;

import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.StrataException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code strata} command: looks inside a Strata database with no application classes on its class path. The
 * entities and their indexes come from the schema files the annotation processor writes ({@code --schema DIR});
 * results go to stdout, progress and notes to stderr. Exit codes: {@link ExitCodes}.
 */
@Command(name = "strata", mixinStandardHelpOptions = true, version = "strata 0.1.0",
    description = "Looks inside a Strata database: keys, rows, queries and plans, indexes, export and import, backups and a key-space report.",
    subcommands = {KeysCommand.class, EntitiesCommand.class, ShowCommand.class, QueryCommand.class, ExplainCommand.class,
        IndexesCommand.class, VerifyCommand.class, RepackCommand.class, BuildIndexCommand.class, ExportCommand.class,
        ImportCommand.class, StatsCommand.class, BackupCommand.class, RestoreCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done", "1:verify found problems, or show found no such row", "2:a bad argument or option",
        "3:the database could not be opened or read (damaged, in use, unreachable)", "4:a file could not be read or written"})
public final class StrataCli {
  @Option(names = "--url", paramLabel = "URL", scope = ScopeType.INHERIT, description = "the database: strata:file:DIR, strata:mem: or strata:fdb:[CLUSTER_FILE],"
      + " optionally with ?root=dir/path&tenant=name (default: the environment variable STRATA_URL)", defaultValue = "${env:STRATA_URL}")
  String url;

  @Option(names = "--schema", paramLabel = "DIR", scope = ScopeType.INHERIT, description = "a directory of *.schema files the processor wrote"
      + " (-Astrata.schemaDir); repeatable")
  List<Path> schemaDirs = new ArrayList<>();

  PrintStream out = System.out;
  PrintStream err = System.err;

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, args));
  }

  /** Runs the tool with {@code args}, printing to {@code out} and {@code err}; returns the exit code. */
  public static int run(PrintStream out, PrintStream err, String... args) {
    StrataCli cli = new StrataCli();
    cli.out = out;
    cli.err = err;
    CommandLine line = new CommandLine(cli);
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    line.setExitCodeExceptionMapper(e -> e instanceof CliException c ? c.exitCode()
        : e instanceof CommandLine.ParameterException ? ExitCodes.USAGE : ExitCodes.DATABASE);
    line.setExecutionExceptionHandler((e, cmd, parsed) -> {
      CliException c = explain(e);
      err.println("strata " + cmd.getCommandName() + ": " + c.getMessage());
      return c.exitCode();
    });
    line.getCommandSpec().exitCodeOnInvalidInput(ExitCodes.USAGE);
    for (CommandLine sub : line.getSubcommands().values()) {
      sub.getCommandSpec().exitCodeOnInvalidInput(ExitCodes.USAGE);
    }
    return line.execute(args);
  }

  /** Any failure as one message: the engine's own text for a damaged or busy database, never a stack trace. */
  static CliException explain(Throwable e) {
    if (e instanceof CliException c) {
      return c;
    }
    if (e instanceof IllegalArgumentException || e instanceof io.strata.QueryNotServedException) {
      return CliException.usage(e.getMessage());
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      if (root instanceof CliException c) {
        return c;
      }
      root = root.getCause();
    }
    String message = e instanceof StrataException ? e.getMessage() : root.getMessage() != null ? root.getMessage() : root.toString();
    return CliException.database(message, e);
  }

  /** Opens the database and reads the schema files; {@code creating}: a {@code strata:file:} directory may be new. */
  Session open(boolean creating) {
    if (url == null || url.isBlank()) {
      throw CliException.usage("--url is missing: give the database, e.g. --url strata:file:data/places (or set STRATA_URL);"
          + " the forms are strata:file:DIR, strata:mem: and strata:fdb:[CLUSTER_FILE]");
    }
    Path dir;
    try {
      dir = Strata.fileDirectory(url).orElse(null);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--url: " + e.getMessage());
    }
    if (dir != null && !creating && !Files.isDirectory(dir)) {
      throw CliException.usage("--url " + url + ": there is no database directory " + dir + " (give the directory a"
          + " strata:file: database was created in)");
    }
    SchemaSet schemas = SchemaSet.read(schemaDirs, err);
    StrataDb db;
    try {
      db = Strata.connect(url);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--url: " + e.getMessage());
    } catch (RuntimeException e) {
      throw explain(e);
    }
    return new Session(db, schemas, err);
  }
}

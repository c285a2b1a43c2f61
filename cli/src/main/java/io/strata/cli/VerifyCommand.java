package io.strata.cli;

import io.strata.IndexReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code strata verify [Entity]}: checks every row against its index entries and back, with the runtime's verifier. */
@Command(name = "verify", description = "Checks that every row decodes and that its index entries match it (both ways);"
    + " exits 1 and lists the problems when they do not.")
final class VerifyCommand implements Callable<Integer> {
  @ParentCommand
  StrataCli cli;

  @Parameters(paramLabel = "ENTITY", arity = "0..1", description = "one entity (default: every entity)")
  String entity;

  @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "500", description = "rows read per transaction (default ${DEFAULT-VALUE})")
  int batch;

  @Override
  public Integer call() {
    if (batch <= 0) {
      throw CliException.usage("--batch " + batch + ": give a positive number of rows per transaction");
    }
    long problems = 0;
    try (Session s = cli.open(false)) {
      for (String name : entity == null ? s.schemas().entities().keySet() : java.util.Set.of(entity)) {
        SchemaEntity e = s.entity("ENTITY", name);
        cli.err.println("verifying " + e.name() + "...");
        IndexReport report = s.store(e).verifyIndexes(s.db().database(), batch);
        cli.out.println(e.name() + ": " + report.rowsChecked() + " rows and " + report.entriesChecked() + " index entries checked, "
            + report.problemCount() + " problem(s)");
        report.problems().forEach(p -> cli.out.println("  " + p));
        problems += report.problemCount();
      }
    }
    return problems == 0 ? ExitCodes.OK : ExitCodes.FOUND_PROBLEMS;
  }
}

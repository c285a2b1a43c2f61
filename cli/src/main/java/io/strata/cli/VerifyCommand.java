package io.strata.cli;

import io.strata.IndexReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code strata verify [Entity]}: checks every row against its index entries and back, with the runtime's verifier. */
@Command(name = "verify", description = "Checks that every row decodes and that its index entries match it (both ways);"
    + " exits 1 and lists the problems when they do not.")
final class VerifyCommand implements Callable<Integer> {
  @ParentCommand
  StrataCli cli;

  @Mixin
  EntityChoice choice;

  @Mixin
  BatchOption batchOption;

  @Override
  public Integer call() {
    int batch = batchOption.rows();
    long problems = 0;
    try (Session s = cli.open(false)) {
      for (SchemaEntity e : choice.entities(s)) {
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

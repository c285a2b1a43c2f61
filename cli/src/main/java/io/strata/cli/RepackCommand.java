package io.strata.cli;

import io.strata.row.Repacker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code strata repack [Entity]}: the runtime's resumable repack, with progress on stderr. */
@Command(name = "repack", description = "Rewrites rows stored in the other layout than the schema's"
    + " (entity.packed) in its layout, and moves keys written before they were sharded into their shards;"
    + " resumable (a stopped repack continues where it stopped).")
final class RepackCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Mixin
  EntityChoice choice;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      for (SchemaEntity e : choice.entities(s)) {
        var maintenance = s.store(e).maintenance(s.db().database());
        long rewritten = 0;
        Repacker.Repacked step;
        do {
          step = maintenance.repackBatch(io.strata.index.IndexMaintenance.DEFAULT_BATCH);
          rewritten += step.rewritten();
          cli.err.println(e.name() + ": " + rewritten + " rows rewritten so far");
        } while (step.next().isPresent());
        long moved = 0;
        for (int n; (n = maintenance.reshardBatch(io.strata.index.IndexMaintenance.DEFAULT_BATCH)) > 0; ) {
          moved += n;
        }
        cli.out.println(e.name() + ": " + rewritten + " rows rewritten, " + moved + " keys moved into shards");
      }
    }
  }
}

package io.strata.cli;

import io.strata.IndexState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code strata indexes [Entity]}: each index's state, and how far a build has come. */
@Command(name = "indexes", description = "Lists each index with its state: ready, or building with the rows indexed so far.")
final class IndexesCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Mixin
  EntityChoice choice;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      for (SchemaEntity e : choice.entities(s)) {
        var store = s.store(e);
        long rows = s.db().read(tr -> store.count(tr).join());
        for (IndexState state : store.maintenance(s.db().database()).states().values()) {
          cli.out.println(e.name() + "\t" + state.index() + "\t" + (state.ready() ? "ready"
              : "building: " + state.rowsIndexed() + " of " + rows + " rows indexed (strata build-index " + e.name() + " "
              + state.index() + " resumes it)"));
        }
      }
    }
  }
}

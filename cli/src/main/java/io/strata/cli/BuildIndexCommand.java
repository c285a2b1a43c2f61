package io.strata.cli;

import io.strata.IndexState;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code strata build-index <Entity> [index...]}: the runtime's online build, batch by batch, with progress on stderr. */
@Command(name = "build-index", description = "Builds indexes that are not ready, in batches while others go on writing;"
    + " resumable. Without index names, builds every index of the entity that is not ready.")
final class BuildIndexCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name")
  String entity;

  @Parameters(index = "1..*", paramLabel = "INDEX", arity = "0..*", description = "index names (see: strata indexes)")
  List<String> indexes = new ArrayList<>();

  @Mixin
  BatchOption batchOption;

  @Override
  public void run() {
    int batch = batchOption.rows();
    try (Session s = cli.open(false)) {
      SchemaEntity e = s.entity("ENTITY", entity);
      var store = s.store(e);
      var maintenance = store.maintenance(s.db().database());
      var states = maintenance.states();
      List<String> names = indexes.isEmpty() ? new ArrayList<>(states.keySet()) : indexes;
      for (String index : names) {
        if (!states.containsKey(index)) {
          throw CliException.usage("INDEX '" + index + "': " + e.name() + " has no such index; it has " + states.keySet());
        }
      }
      long rows = s.db().read(tr -> store.count(tr).join());
      for (String index : names) {
        IndexState state = states.get(index);
        while (!state.ready()) {
          state = maintenance.buildBatch(index, batch);
          cli.err.println(e.name() + " " + index + ": " + state.rowsIndexed() + " of " + rows + " rows indexed");
        }
        cli.out.println(e.name() + "\t" + index + "\tready");
      }
    }
  }
}

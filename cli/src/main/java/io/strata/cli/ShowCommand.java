package io.strata.cli;

import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code strata show <Entity> <id>}: one row as JSON, decoded from its keys with the schema alone. */
@Command(name = "show", description = "Prints one row as JSON (documents as objects, blobs as {\"$bytes\": base64}).")
final class ShowCommand implements java.util.concurrent.Callable<Integer> {
  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name (see: strata entities)")
  String entity;

  @Parameters(index = "1", paramLabel = "ID", description = "the id, as JSON for a number or written as it is for text"
      + " (e.g. 2988507, or abc-1)")
  String id;

  @Override
  public Integer call() {
    try (Session s = cli.open(false)) {
      SchemaEntity e = s.entity("ENTITY", entity);
      Object key = IdArgument.parse(id, e);
      Optional<Object[]> row = s.db().read(tr -> s.store(e).load(tr, key).join());
      if (row.isEmpty()) {
        cli.err.println("strata show: " + e.name() + " has no row with id " + id);
        return ExitCodes.FOUND_PROBLEMS;
      }
      cli.out.println(Json.write(e.toJson(row.get())));
      return ExitCodes.OK;
    }
  }
}

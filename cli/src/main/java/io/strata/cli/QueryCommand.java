package io.strata.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code strata query <Entity> "<JDQL>"}: the rows a JDQL query selects as JSON Lines, planned by the query model's
 * planner on the indexes of the schema and read by the run-time read core, as a repository's {@code jdql(...)} is.
 */
@Command(name = "query", description = "Runs a JDQL query ([WHERE ...] [ORDER BY ...]) and prints the rows as JSON Lines.")
final class QueryCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Mixin
  QueryArguments query;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      SchemaEntity e = query.entity(s);
      query.finder(s).stream().forEach(row -> cli.out.println(Json.write(e.toJson(row))));
    }
  }
}

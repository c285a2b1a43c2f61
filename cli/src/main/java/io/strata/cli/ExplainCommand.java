package io.strata.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code strata explain <Entity> "<JDQL>"}: the plan of a query in keys, without running it. */
@Command(name = "explain", description = "Prints the plan of a JDQL query: which keys it reads, or why no index serves it.")
final class ExplainCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Mixin
  QueryArguments query;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      cli.out.println(query.finder(s).explain());
    }
  }
}

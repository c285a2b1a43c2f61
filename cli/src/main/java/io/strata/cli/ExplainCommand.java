package io.strata.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code strata explain <Entity> "<JDQL>"}: the plan of a query in keys, without running it. */
@Command(name = "explain", description = "Prints the plan of a JDQL query: which keys it reads, or why no index serves it.")
final class ExplainCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name (see: strata entities)")
  String entity;

  @Parameters(index = "1", paramLabel = "JDQL", description = "e.g. \"WHERE country = 'FR' ORDER BY population DESC\"")
  String jdql;

  @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "binds :NAME (or ?N); repeatable")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "plans the query with this limit")
  int limit;

  @Option(names = "--allow-scan", description = "plans a scan of every row where no index serves the query")
  boolean allowScan;

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      SchemaEntity e = s.entity("ENTITY", entity);
      cli.out.println(QueryCommand.finder(s, e, jdql, params, limit, allowScan).explain());
    }
  }
}

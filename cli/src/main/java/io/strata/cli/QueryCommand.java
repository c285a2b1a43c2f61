package io.strata.cli;

import io.strata.Finder;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code strata query <Entity> "<JDQL>"}: the rows a JDQL query selects as JSON Lines, planned by the query model's
 * planner on the indexes of the schema and read by the run-time read core, as a repository's {@code jdql(...)} is.
 */
@Command(name = "query", description = "Runs a JDQL query ([WHERE ...] [ORDER BY ...]) and prints the rows as JSON Lines.")
final class QueryCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name (see: strata entities)")
  String entity;

  @Parameters(index = "1", paramLabel = "JDQL", description = "e.g. \"WHERE country = 'FR' ORDER BY population DESC\"")
  String jdql;

  @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "binds :NAME (or ?N with a number); the value"
      + " is JSON for numbers, true/false and null, text otherwise; repeatable")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "at most this many rows (default: all)")
  int limit;

  @Option(names = "--allow-scan", description = "reads every row when no index serves the query (refused otherwise)")
  boolean allowScan;

  @Override
  public void run() {
    if (limit < 0) {
      throw CliException.usage("--limit " + limit + ": give 0 (every row) or a positive number of rows");
    }
    try (Session s = cli.open(false)) {
      SchemaEntity e = s.entity("ENTITY", entity);
      Finder<Object[]> finder = finder(s, e, jdql, params, limit, allowScan);
      finder.stream().forEach(row -> cli.out.println(Json.write(e.toJson(row))));
    }
  }

  /** The finder of {@code jdql} over {@code e}'s rows with its parameters bound. */
  static Finder<Object[]> finder(Session s, SchemaEntity e, String jdql, Map<String, String> params, int limit, boolean allowScan) {
    Finder<Object[]> finder;
    try {
      finder = e.queries(s.db().database(), s.store(e)).jdql(jdql);
    } catch (RuntimeException ex) {
      throw CliException.usage("JDQL \"" + jdql + "\": " + ex.getMessage());
    }
    for (var p : params.entrySet()) {
      Object value;
      try {
        value = Json.parse(p.getValue(), "--param " + p.getKey());
      } catch (IllegalArgumentException ex) {
        value = p.getValue();
      }
      if (value instanceof Map<?, ?> || value instanceof java.util.List<?>) {
        value = RowJson.toElement(value);
      }
      try {
        finder = p.getKey().matches("\\d+") ? finder.bind(Integer.parseInt(p.getKey()), value) : finder.bind(p.getKey(), value);
      } catch (RuntimeException ex) {
        throw CliException.usage("--param " + p.getKey() + "=" + p.getValue() + ": " + ex.getMessage());
      }
    }
    if (limit > 0) {
      finder = finder.limit(limit);
    }
    return allowScan ? finder.allowScan() : finder;
  }
}

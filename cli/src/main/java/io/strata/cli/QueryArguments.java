package io.strata.cli;

import io.strata.Finder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What {@code query} and {@code explain} take: the entity, the JDQL, its parameters, a limit and whether to scan. */
final class QueryArguments {
  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name (see: strata entities)")
  String entity;

  @Parameters(index = "1", arity = "0..1", paramLabel = "JDQL", description = "e.g. \"WHERE country = 'FR' ORDER BY population"
      + " DESC\"; or, instead, --within")
  String jdql;

  @Option(names = "--within", paramLabel = "FIELD=A1,B1,A2,B2", description = "instead of JDQL (which has no spatial form):"
      + " the rows whose spatial FIELD lies in the box of corners (A1,B1) and (A2,B2): latitude,longitude for a geo-point"
      + " field, x,y for a point field")
  String within;

  @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "binds :NAME (or ?N with a number); the value"
      + " is JSON for numbers, true/false and null, text otherwise; repeatable")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "at most this many rows (default: all)")
  int limit;

  @Option(names = "--allow-scan", description = "reads every row when no index serves the query (refused otherwise)")
  boolean allowScan;

  /** The finder of the JDQL over the entity's rows, with its parameters bound. */
  Finder<Object[]> finder(Session s) {
    if (limit < 0) {
      throw CliException.usage("--limit " + limit + ": give 0 (every row) or a positive number of rows");
    }
    SchemaEntity e = entity(s);
    if ((jdql == null) == (within == null)) {
      throw CliException.usage((jdql == null ? "neither JDQL nor --within given" : "JDQL and --within both given")
          + ": give one, a JDQL query (\"WHERE country = 'FR'\") or --within FIELD=A1,B1,A2,B2 (a box on a spatial field)");
    }
    Finder<Object[]> finder;
    try {
      finder = within != null ? e.queries(s.db().database(), s.store(e)).where(SpatialBox.parse(e, within).restriction())
          : e.queries(s.db().database(), s.store(e)).jdql(jdql);
    } catch (RuntimeException ex) {
      throw CliException.usage(within != null ? "--within " + within + ": " + ex.getMessage() : "JDQL \"" + jdql + "\": " + ex.getMessage());
    }
    for (var p : params.entrySet()) {
      Object value;
      try {
        value = Json.parse(p.getValue(), "--param " + p.getKey());
      } catch (IllegalArgumentException ex) {
        value = p.getValue();
      }
      if (value instanceof Map<?, ?> || value instanceof List<?>) {
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

  SchemaEntity entity(Session s) {
    return s.entity("ENTITY", entity);
  }
}

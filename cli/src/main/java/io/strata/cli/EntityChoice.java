package io.strata.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Parameters;

/** An optional entity argument: the commands that work on one entity or, without it, on every entity of the schema. */
final class EntityChoice {
  @Parameters(paramLabel = "ENTITY", arity = "0..1", description = "one entity (default: every entity)")
  String entity;

  /** The entity given, or every entity of the schema files. */
  List<SchemaEntity> entities(Session s) {
    List<SchemaEntity> out = new ArrayList<>();
    for (String name : entity == null ? s.schemas().entities().keySet() : List.of(entity)) {
      out.add(s.entity("ENTITY", name));
    }
    return out;
  }
}

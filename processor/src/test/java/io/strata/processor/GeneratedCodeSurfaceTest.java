package io.strata.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Generated code calls only the runtime's generated-code surface: the API package {@code io.strata} and
 * the classes listed in runtime/README.md ("What generated code calls"). Checked on every source the
 * processor generated for this module's test fixtures and on the golden sources, so a writer that starts
 * calling another runtime class fails here and the surface stays the documented, stable one.
 */
class GeneratedCodeSurfaceTest {
  /** runtime/README.md's list; a change here is a change of the surface and belongs in that README too. */
  static final Set<String> SURFACE = Set.of(
      "io.strata.row.EntityCodec", "io.strata.row.Elements",
      "io.strata.repository.EntityStore", "io.strata.repository.DocumentPaths", "io.strata.repository.AssignedIds",
      "io.strata.index.IndexMaintenance",
      "io.strata.query.IndexQueries", "io.strata.query.IndexScan", "io.strata.query.SpatialQueries",
      "io.strata.query.QueryResults", "io.strata.query.Matches", "io.strata.query.FilteredRows",
      // the one candidates type of both dialects' generated reads, and its reads in no order
      "io.strata.query.Candidates", "io.strata.query.CandidateReads",
      // the orders an index's keys hold, read by the core's ordered reads (Jakarta Data's sorts chosen at run time)
      "io.strata.query.IndexOrder",
      "io.strata.index.aggregate.AggregateDefinition", "io.strata.index.aggregate.AggregateQueries",
      "io.strata.index.rank.RankDefinition", "io.strata.index.rank.RankQueries",
      "io.strata.index.vector.VectorDefinition", "io.strata.index.vector.Metric", "io.strata.index.vector.VectorQueries", "io.strata.index.vector.Vectors",
      "io.strata.index.text.TextDefinition", "io.strata.index.text.TextQueries",
      "io.strata.index.feed.VersionedDefinition", "io.strata.index.feed.ChangeFeed",
      // run-time queries (where, jdql): the finders' home and the entity as the query model describes it
      "io.strata.query.RuntimeQueries", "io.strata.query.ValueOrder", "io.strata.query.model.EntityInfo",
      "io.strata.query.model.FieldInfo", "io.strata.query.model.IndexInfo", "io.strata.query.model.SpatialInfo", "io.strata.query.model.VectorInfo",
      "io.strata.query.model.ValueKind", "io.strata.query.model.Semantics",
      "io.strata.query.jdql.JdqlException",
      // declared methods taking a Restriction: their own query as a constant of the query model's values
      "io.strata.query.DeclaredQuery", "io.strata.query.model.Condition", "io.strata.query.model.Op",
      "io.strata.query.model.Operand", "io.strata.query.model.SortKey",
      // the observation hook around every generated repository method (docs/observability.md)
      "io.strata.observation.RepositoryCalls",
      // the static metamodel _E of Strata entities
      "io.strata.metamodel.Attribute", "io.strata.metamodel.ComparableAttribute", "io.strata.metamodel.TextAttribute",
      // a @Convert property's attribute: compared by its column values
      "io.strata.metamodel.Conversion",
      // Jakarta Data repositories (module strata-jakarta-data)
      "io.strata.jakarta.data.DataStore", "io.strata.jakarta.data.Attributes", "io.strata.jakarta.data.ResultPages",
      "io.strata.jakarta.data.Values", "io.strata.jakarta.data.RestrictedReads",
      // the static metamodel _E of jakarta.nosql entities
      "io.strata.jakarta.data.DataAttribute", "io.strata.jakarta.data.SortableDataAttribute",
      "io.strata.jakarta.data.TextDataAttribute", "io.strata.jakarta.data.CharDataAttribute");

  private static final Pattern RUNTIME_CLASS = Pattern.compile("\\bio\\.strata\\.((?:[a-z]+\\.)*)([A-Z]\\w*)");

  @Test
  void generatedSourcesUseOnlyTheSurface() throws IOException {
    List<Path> sources = generated();
    assertTrue(sources.size() >= 40, "the fixtures' generated sources were found: " + sources.size());
    Set<String> outside = new TreeSet<>();
    Set<String> used = new TreeSet<>();
    for (Path source : sources) {
      Matcher m = RUNTIME_CLASS.matcher(Files.readString(source));
      while (m.find()) {
        String pkg = m.group(1);
        String name = "io.strata." + pkg + m.group(2);
        if (pkg.isEmpty() || pkg.startsWith("annotations.") || pkg.startsWith("processor.")) {
          continue; // the API package, the annotations, the fixtures themselves
        }
        used.add(name);
        if (!SURFACE.contains(name)) {
          outside.add(name + " (in " + source.getFileName() + ")");
        }
      }
    }
    assertEquals(Set.of(), outside, "generated code calls runtime classes outside the documented surface");
    assertEquals(new TreeSet<>(SURFACE), used, "every class of the surface is still called by generated code (drop the others)");
  }

  private static List<Path> generated() throws IOException {
    try (Stream<Path> fixtures = Files.walk(Path.of("target/generated-test-sources/test-annotations"));
         Stream<Path> golden = Files.walk(Path.of("src/test/resources/golden/output"))) {
      return Stream.concat(fixtures, golden).filter(p -> p.toString().endsWith(".java")).toList();
    }
  }
}

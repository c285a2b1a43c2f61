package io.strata.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages and the dependencies each may have, as runtime/README.md draws them; checked on
 * the compiled classes so the layering cannot silently rot. Bottom to top: the query model (strata-query-model's
 * conditions and plans); the API ({@code io.strata}) and the algorithms (tuple, spatial, document, blob); the
 * metamodel attributes run-time restrictions are built with; rows; index upkeep; the store; the derived kinds and
 * the queries (run-time queries search the derived kinds a plan names: a vector search). The recipe layers sit beside rows and use only the API and the algorithms.
 */
class RuntimeLayeringTest {
  private static final JavaClasses RUNTIME = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.strata");

  @Test
  void theRuntimeClassesAreAnalysed() {
    org.junit.jupiter.api.Assertions.assertTrue(RUNTIME.containPackage("io.strata.row") && RUNTIME.containPackage("io.strata.query"),
        "the importer found the runtime's classes");
  }

  @Test
  void packagesDependOnlyOnTheLayersBelowThem() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("Model").definedBy("io.strata.query.model..", "io.strata.query.plan..")
        .layer("API").definedBy("io.strata")
        .layer("Metamodel").definedBy("io.strata.metamodel..")
        .layer("Algorithms").definedBy("io.strata.tuple..", "io.strata.spatial..", "io.strata.document..", "io.strata.blob..")
        .layer("Layers").definedBy("io.strata.layers..")
        .layer("Rows").definedBy("io.strata.row..")
        .layer("Indexes").definedBy("io.strata.index")
        .layer("Store").definedBy("io.strata.repository..")
        .layer("Kinds").definedBy("io.strata.index.aggregate..", "io.strata.index.rank..", "io.strata.index.text..", "io.strata.index.feed..", "io.strata.index.vector..")
        .layer("Queries").definedBy("io.strata.query")
        .layer("Observation").definedBy("io.strata.observation..")
        .whereLayer("Queries").mayNotBeAccessedByAnyLayer()
        .whereLayer("Kinds").mayOnlyBeAccessedByLayers("Queries")
        .whereLayer("Layers").mayNotBeAccessedByAnyLayer()
        .whereLayer("Observation").mayOnlyBeAccessedByLayers("Queries")
        .whereLayer("Store").mayOnlyBeAccessedByLayers("Kinds", "Queries")
        .whereLayer("Indexes").mayOnlyBeAccessedByLayers("Store", "Kinds", "Queries")
        .whereLayer("Rows").mayOnlyBeAccessedByLayers("Indexes", "Store", "Kinds", "Queries")
        .whereLayer("Metamodel").mayOnlyBeAccessedByLayers("Queries")
        .whereLayer("Model").mayOnlyBeAccessedByLayers("API", "Metamodel", "Queries")
        .whereLayer("Algorithms").mayOnlyBeAccessedByLayers("API", "Layers", "Rows", "Indexes", "Store", "Kinds", "Queries")
        .check(RUNTIME);
  }

  @Test
  void noPackageCycles() {
    slices().matching("io.strata.(**)").should().beFreeOfCycles().check(RUNTIME);
  }

  @Test
  void derivedKindsDoNotKnowEachOther() {
    slices().matching("io.strata.index.(*)..").should().notDependOnEachOther().check(RUNTIME);
  }
}

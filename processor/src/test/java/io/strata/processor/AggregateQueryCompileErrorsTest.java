package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of declared {@code count}/{@code sum}/{@code min}/{@code max} methods planned onto
 * {@code @Aggregate}s: the message, and the method it lands on.
 */
class AggregateQueryCompileErrorsTest {
  private static final JavaFileObject SHOP = JavaFileObjects.forSourceLines("test.Shop",
      "package test;",
      "import io.strata.annotations.*;",
      "@Entity",
      "@Aggregate(name = \"shopsByCity\", function = Aggregate.Function.COUNT, groupBy = \"city\")",
      "@Aggregate(name = \"staffByCity\", function = Aggregate.Function.SUM, field = \"staff\", groupBy = \"city\")",
      "public record Shop(@Id long id, String name, @Indexed String city, String street, long staff) {}");

  /** A repository of {@code Shop} declaring {@code method} on line 5. */
  private static JavaFileObject repository(String method) {
    return JavaFileObjects.forSourceLines("test.Shops",
        "package test;",
        "import io.strata.*; import io.strata.annotations.*; import java.util.*;",
        "@Repository",
        "public interface Shops extends CrudRepository<Shop, Long> {",
        "  " + method,
        "}");
  }

  private static void fails(String method, String message) {
    JavaFileObject repo = repository(method);
    Compilation compilation = Compiler.javac().withProcessors(new StrataProcessor()).compile(SHOP, repo);
    assertThat(compilation).hadErrorContaining(message).inFile(repo).onLine(5);
  }

  @Test
  void aSumNoAggregateComputesNamesTheAggregateToAdd() {
    fails("long sumStaffByCityAndStreet(String city, String street);",
        "sumStaffByCityAndStreet: no @Aggregate computes the SUM of staff grouped by city, street; add @Aggregate(name ="
            + " \"sumStaffByCityAndStreet\", function = Aggregate.Function.SUM, field = \"staff\", groupBy = {\"city\", \"street\"})"
            + " to Shop (kept in every save and delete; on existing data build it online with"
            + " maintenance().build(\"sumStaffByCityAndStreet\"))");
  }

  @Test
  void aMaxIsNotAnsweredByASumOfTheSameFieldAndGroups() {
    fails("Optional<Long> maxStaffByCity(String city);",
        "maxStaffByCity: no @Aggregate computes the MAX of staff grouped by city; add @Aggregate(name = \"maxStaffByCity\","
            + " function = Aggregate.Function.MAX, field = \"staff\", groupBy = {\"city\"}) to Shop");
  }

  @Test
  void aSumWithARangeCriterionIsNotAGroup() {
    fails("long sumStaffByCityAndStaffGreaterThan(String city, long staff);",
        "sumStaffByCityAndStaffGreaterThan: sum is answered by an @Aggregate's group key, so its criteria must be equalities (Is,"
            + " Equals, True, False) on the aggregate's group fields joined by And, without Or, OrderBy, First/Top or Distinct;"
            + " remove the GreaterThan criterion on staff");
  }

  @Test
  void aMinWithAnOrderByIsRejected() {
    fails("Optional<Long> minStaffByCityOrderByName(String city);", "remove the OrderBy");
  }

  @Test
  void aSumReturnsALong() {
    fails("int sumStaffByCity(String city);",
        "sumStaffByCity: return type int is not supported; a sum method returns long (or CompletableFuture<Long>)");
  }

  @Test
  void aMaxReturnsTheBoxedFieldType() {
    fails("Optional<String> maxStaffByCity(String city);",
        "maxStaffByCity: return type java.util.Optional<java.lang.String> is not supported; a max method returns"
            + " Optional<java.lang.Long> or java.lang.Long, null when no entity matches");
  }

  @Test
  void aSumNamesThePropertyItAddsUp() {
    fails("long sumByCity(String city);", "sumByCity: not a query method name Strata understands");
  }

  @Test
  void aCountNoAggregateMatchesFallsBackToTheIndexes() {
    fails("long countByCityAndStreet(String city, String street);",
        "countByCityAndStreet: no index serves equality on city, street; add @Index(name = \"byCityStreet\"");
  }

  @Test
  void theAggregatePlansCompileCleanly() {
    JavaFileObject repo = repository("long countByCity(String city); long sumStaffByCity(String city);");
    assertThat(Compiler.javac().withProcessors(new StrataProcessor()).compile(SHOP, repo)).succeededWithoutWarnings();
  }
}

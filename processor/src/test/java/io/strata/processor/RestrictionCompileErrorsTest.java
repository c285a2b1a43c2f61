package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of a declared method's {@code Restriction<E>} parameter, with the method it lands on; and
 * a restriction over another entity's metamodel, which the types refuse.
 */
class RestrictionCompileErrorsTest {
  private static final JavaFileObject PERSON = JavaFileObjects.forSourceLines("test.Person",
      "package test;",
      "import io.strata.annotations.*;",
      "@Entity",
      "public record Person(@Id long id, String name, @Indexed String city, @Spatial io.strata.GeoPoint home) {}");
  private static final JavaFileObject SHOP = JavaFileObjects.forSourceLines("test.Shop",
      "package test;",
      "import io.strata.annotations.*;",
      "@Entity",
      "public record Shop(@Id long id, @Indexed String city) {}");

  /** {@code test.People}, a repository of {@code Person} declaring {@code method} on line 5. */
  private static JavaFileObject people(String method) {
    return repository("People", "io.strata.*; import io.strata.annotations.*; import java.util.*; import java.util.concurrent.*",
        "CrudRepository<Person, Long>", method);
  }

  /** {@code test.<name>}, an {@code @Repository} interface extending {@code supertype} declaring {@code method} on line 5. */
  private static JavaFileObject repository(String name, String imports, String supertype, String method) {
    return JavaFileObjects.forSourceLines("test." + name,
        "package test;",
        "import " + imports + ";",
        "@Repository",
        "public interface " + name + " extends " + supertype + " {",
        "  " + method,
        "}");
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  private static void fails(String method, String message) {
    JavaFileObject repo = people(method);
    Compilation c = compile(PERSON, SHOP, repo);
    assertThat(c).hadErrorContaining(message).inFile(repo).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aRestrictionOfTheRepositorysEntityCompiles() {
    assertThat(compile(PERSON, people("List<Person> findByCity(String city, Restriction<Person> where);"))).succeededWithoutWarnings();
  }

  @Test
  void aRestrictionOfAnotherEntityNamesTheRepositorysEntity() {
    fails("List<Person> findByCity(String city, Restriction<Shop> where);",
        "findByCity: parameter 'where' is a Restriction<test.Shop>, but this repository reads Person: declare it"
            + " Restriction<Person> (a restriction is planned onto the repository entity's indexes)");
  }

  @Test
  void twoRestrictionsAreOneTooMany() {
    fails("List<Person> findByCity(String city, Restriction<Person> a, Restriction<Person> b);",
        "findByCity: parameters 'a' and 'b' are both Restrictions; take one, and combine them at the call with Restrict.all(...)");
  }

  @Test
  void aRawRestrictionNamesTheTypeArgumentToAdd() {
    fails("@SuppressWarnings(\"rawtypes\") List<Person> findByCity(String city, Restriction where);",
        "findByCity: parameter 'where' is a raw Restriction; declare it Restriction<Person>, of the repository's entity");
  }

  @Test
  void aMethodKindThatCannotTakeARestrictionSaysWhy() {
    String why = " (the method's query is planned at run time with the restriction and returns whole entities, read in a"
        + " transaction of its own); remove the Restriction parameter, or declare the restricted query as a method of its own";
    fails("long deleteByCity(String city, Restriction<Person> where);",
        "deleteByCity: a Restriction parameter cannot be combined with a delete" + why);
    fails("List<String> findNameByCity(String city, Restriction<Person> where);",
        "findNameByCity: a Restriction parameter cannot be combined with a projection or aggregate" + why);
    fails("CompletableFuture<List<Person>> findByCity(String city, Restriction<Person> where);",
        "findByCity: a Restriction parameter cannot be combined with a CompletableFuture result" + why);
    fails("List<Person> findByHomeWithin(BoundingBox box, Restriction<Person> where);",
        "findByHomeWithin: a Restriction parameter cannot be combined with Within or Near on a @Spatial field" + why);
    fails("List<Person> findByCity(com.apple.foundationdb.ReadTransactionContext tc, String city, Restriction<Person> where);",
        "findByCity: a Restriction parameter cannot be combined with a transaction context parameter" + why);
  }

  @Test
  void aRestrictionOverAnotherEntitysAttributesDoesNotCompile() {
    JavaFileObject caller = JavaFileObjects.forSourceLines("test.Caller",
        "package test;",
        "class Caller {",
        "  java.util.List<Person> call(People people) {",
        "    return people.findByCity(\"Oslo\", _Shop.city.equalTo(\"Oslo\"));",
        "  }",
        "}");
    Compilation c = compile(PERSON, SHOP, people("List<Person> findByCity(String city, Restriction<Person> where);"), caller);
    assertThat(c).hadErrorContaining("incompatible types").inFile(caller).onLine(4);
  }

  private static final JavaFileObject ITEM = JavaFileObjects.forSourceLines("test.Item",
      "package test;",
      "import jakarta.nosql.*;",
      "@Entity",
      "public class Item { @Id public long id; @Column public String name; @Column @io.strata.annotations.Indexed public int size; }");

  /** {@code test.Items}, a Jakarta Data repository of {@code Item} declaring {@code method} on line 5. */
  private static JavaFileObject items(String method) {
    return repository("Items", "io.strata.Restriction; import jakarta.data.*; import jakarta.data.page.*; import jakarta.data.repository.*;"
        + " import java.util.*", "DataRepository<Item, Long>", method);
  }

  private static void jakartaFails(String method, String message, JavaFileObject... more) {
    JavaFileObject repo = items(method);
    JavaFileObject[] sources = java.util.stream.Stream.concat(java.util.stream.Stream.of(ITEM, repo), java.util.Arrays.stream(more))
        .toArray(JavaFileObject[]::new);
    Compilation c = compile(sources);
    assertThat(c).hadErrorContaining(message).inFile(repo).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aJakartaDataMethodTakingARestrictionCompiles() {
    assertThat(compile(ITEM, items("Page<Item> findByName(String name, Restriction<Item> where, PageRequest page, Order<Item> o);")))
        .succeededWithoutWarnings();
  }

  @Test
  void aJakartaCursoredPageOfARestrictedMethodNamesOffsetPages() {
    jakartaFails("CursoredPage<Item> findByName(String name, Restriction<Item> where, PageRequest page);",
        "Items.findByName: a method taking a Restriction returns offset pages, not a CursoredPage; return Page<Item> and pass"
            + " PageRequest.ofPage(page, size, total), or page by cursor with where(restriction).page(size, after)");
  }

  @Test
  void aJakartaMethodKindThatCannotTakeARestrictionSaysWhy() {
    String why = " (the method's query is planned at run time with the restriction and returns whole entities, read in a"
        + " transaction of its own); remove the Restriction parameter, or declare the restricted query as a method of its own";
    jakartaFails("long deleteByName(String name, Restriction<Item> where);",
        "Items.deleteByName: a Restriction parameter cannot be combined with a delete" + why);
    jakartaFails("@Query(\"WHERE name = :name\") List<Item> named(String name, Restriction<Item> where);",
        "Items.named: a Restriction parameter cannot be combined with a JDQL @Query" + why);
    jakartaFails("@Delete void gone(String name, Restriction<Item> where);",
        "Items.gone: a Restriction parameter cannot be combined with a lifecycle or delete method" + why);
  }

  @Test
  void aJakartaRestrictedResultItCannotShapeSaysWhatToReturn() {
    jakartaFails("Page<Item> findByName(String name, Restriction<Item> where);",
        "Items.findByName returns jakarta.data.page.Page<test.Item>, which Strata cannot produce for a method taking a"
            + " Restriction: take a PageRequest parameter for a Page");
  }

  @Test
  void aJakartaRestrictionOfAnotherEntityNamesTheRepositorysEntity() {
    jakartaFails("List<Item> findByName(String name, Restriction<Shop> where);",
        "findByName: parameter 'where' is a Restriction<test.Shop>, but this repository reads Item", SHOP);
  }

  @Test
  void aJakartaRestrictionWithoutStratasMetamodelSaysWhichToRemove() {
    JavaFileObject own = JavaFileObjects.forSourceLines("test._Item",
        "package test;",
        "@jakarta.data.metamodel.StaticMetamodel(Item.class)",
        "public interface _Item { String NAME = \"name\"; }");
    jakartaFails("List<Item> findByName(String name, Restriction<Item> where);",
        "Items.findByName takes a Restriction, which is planned at run time over the static metamodel _Item, but Strata wrote no"
            + " _Item (the application brought its own, or strata-jakarta-data is not on the class path): remove the"
            + " application's _Item and put strata-jakarta-data on the class path, or remove the Restriction parameter", own);
  }

  @Test
  void underRequireIndexesAJakartaRestrictedQueryMayNotReadEveryRow() throws java.io.IOException {
    String method = "List<Item> findByName(String name, Restriction<Item> where);";
    for (String option : new String[] {"false", "true"}) {
      Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Astrata.requireIndexes=" + option)
          .compile(ITEM, items(method));
      assertThat(c).succeeded();
      String impl = c.generatedSourceFile("test.ItemsImpl").orElseThrow().getCharContent(true).toString();
      // the DeclaredQuery's allowScan: Jakarta's unserved rule (read every row) unless indexes are required
      org.junit.jupiter.api.Assertions.assertTrue(impl.contains("List.of(), 0, " + !Boolean.parseBoolean(option) + ")"), impl);
    }
  }
}

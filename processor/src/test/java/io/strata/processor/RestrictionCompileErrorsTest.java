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
    return JavaFileObjects.forSourceLines("test.People",
        "package test;",
        "import io.strata.*; import io.strata.annotations.*; import java.util.*; import java.util.concurrent.*;",
        "@Repository",
        "public interface People extends CrudRepository<Person, Long> {",
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

  @Test
  void aJakartaDataMethodTakingARestrictionPointsToWhere() {
    JavaFileObject item = JavaFileObjects.forSourceLines("test.Item",
        "package test;",
        "import jakarta.nosql.*;",
        "@Entity",
        "public class Item { @Id public long id; @Column public String name; }");
    JavaFileObject items = JavaFileObjects.forSourceLines("test.Items",
        "package test;",
        "import jakarta.data.repository.*; import java.util.*;",
        "@Repository",
        "public interface Items extends DataRepository<Item, Long> {",
        "  List<Item> findByName(String name, io.strata.Restriction<Item> where);",
        "}");
    Compilation c = compile(item, items);
    assertThat(c).hadErrorContaining("Items.findByName: a Jakarta Data method does not take a Restriction parameter yet (Strata's"
        + " own @Repository methods do); remove it and call where(restriction) on the repository, whose implementation is an"
        + " io.strata.Queryable (docs/jakarta-data.md)").inFile(items).onLine(5);
    assertThat(c).hadErrorCount(1);
  }
}

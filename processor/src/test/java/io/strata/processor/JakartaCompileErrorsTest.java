package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic about Jakarta Data repositories: the message, and the line the caret lands on. */
class JakartaCompileErrorsTest {

  /** {@code test.Item}: a Jakarta NoSQL entity with a long id, a name, a count and a field that is not stored. */
  private static final JavaFileObject ITEM = JavaFileObjects.forSourceLines("test.Item",
      "package test;",
      "import jakarta.nosql.*;",
      "@Entity",
      "public class Item {",
      "  @Id public long id;",
      "  @Column public String name;",
      "  @Column public int count;",
      "  public String note;",
      "}");

  /** {@code test.Items} with the given lines as its body, declared on line 4 (body from line 5). */
  private static JavaFileObject items(String... body) {
    String[] lines = new String[body.length + 5];
    lines[0] = "package test;";
    lines[1] = "import jakarta.data.repository.*; import jakarta.data.*; import jakarta.data.page.*; import java.util.*;";
    lines[2] = "@Repository";
    lines[3] = "public interface Items extends DataRepository<Item, Long> {";
    System.arraycopy(body, 0, lines, 4, body.length);
    lines[lines.length - 1] = "}";
    return JavaFileObjects.forSourceLines("test.Items", lines);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  @Test
  void aMethodThatIsNoQuery() {
    JavaFileObject f = items("  List<Item> lookUp(String name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("Items.lookUp is not a Jakarta Data repository method: its name starts with no"
        + " query action. Name it find/count/exists/delete...By<Property>...").inFile(f).onLine(5);
  }

  @Test
  void aMethodNameThatDoesNotParse() {
    JavaFileObject f = items("  List<Item> findByNameAndd(String name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("Items.findByNameAndd is not a Jakarta Data repository method: expected And, Or"
        + " or OrderBy after the condition on name, found 'Andd'").inFile(f).onLine(5);
  }

  @Test
  void anUnknownPropertyInAMethodNameIsAWarningAndAMappingExceptionAtRunTime() {
    JavaFileObject f = items("  long countByNoteNotNull();");
    Compilation c = compile(ITEM, f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("Items.countByNoteNotNull names 'note', which is not a persistent property of Item (its"
        + " properties are [id, name, count]): calling it throws MappingException").inFile(f).onLine(5);
  }

  @Test
  void aFindParameterThatNamesNoProperty() {
    JavaFileObject f = items("  @Find", "  List<Item> named(String title);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'title' of Items.named matches no persistent property of Item (its"
        + " properties are [id, name, count]): name the parameter after a property, or annotate it @By(\"property\")")
        .inFile(f).onLine(6);
  }

  @Test
  void aMethodNameWithTheWrongNumberOfParameters() {
    JavaFileObject f = items("  List<Item> findByCountBetween(int low);");
    assertThat(compile(ITEM, f)).hadErrorContaining("Items.findByCountBetween takes 1 query parameter(s) but its query uses 2")
        .inFile(f).onLine(5);
  }

  @Test
  void aResultAFindCannotProduce() {
    JavaFileObject f = items("  Map<String, Item> findByName(String name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("Items.findByName returns java.util.Map<java.lang.String,test.Item>, which"
        + " Strata cannot produce for a find: its elements must be Item (or SELECT one property to return its values)").inFile(f).onLine(5);
  }

  @Test
  void aLifecycleMethodWithTwoParameters() {
    JavaFileObject f = items("  @Insert", "  void add(Item a, Item b);");
    assertThat(compile(ITEM, f)).hadErrorContaining("@Insert method Items.add must take exactly one parameter: an entity, an array,"
        + " a List or an Iterable of entities").inFile(f).onLine(6);
  }

  @Test
  void aRepositoryWithoutAnEntityStrataStores() {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Things",
        "package test;",
        "import jakarta.data.repository.*;",
        "@Repository",
        "public interface Things {",
        "  @Insert void add(Item item);",
        "  long countByNameIn(java.util.Set<String> names);",
        "  @Query(\"DELETE FROM Gadget\") long clear();",
        "}");
    assertThat(compile(ITEM, f)).hadErrorContaining("@Query of Things.clear, at column 13: 'Gadget' is no entity Strata stores in"
        + " the repository's package").inFile(f).onLine(7);
  }

  @Test
  void aMethodNameParameterOfTheWrongType() {
    JavaFileObject f = items("  List<Item> findByName(", "      int name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'name' of Items.findByName has type int, but it is compared with 'name'"
        + " of Item, of type java.lang.String: declare it as java.lang.String (a condition between them could never hold)")
        .inFile(f).onLine(6);
  }

  @Test
  void aParameterNamedAsTheGeneratedCodesOwnVariables() {
    JavaFileObject f = items("  List<Item> findByName(String e);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'e' of Items.findByName has a name the generated code gives its own"
        + " variables (e for the entity a condition tests, v and v0, v1, ... for values): rename the parameter").inFile(f).onLine(5);
  }

  @Test
  void anInParameterThatIsNoCollection() {
    JavaFileObject f = items("  List<Item> findByCountIn(int counts);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'counts' of Items.findByCountIn has type int, but it is compared with"
        + " 'count' of Item, of type int: In takes a Collection or an array of a number (int or any numeric type)").inFile(f).onLine(5);
  }

  @Test
  void aFindParameterOfTheWrongType() {
    JavaFileObject f = items("  @Find", "  List<Item> counted(String count);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'count' of Items.counted has type java.lang.String, but it is compared"
        + " with 'count' of Item, of type int: declare it as a number (int or any numeric type)").inFile(f).onLine(6);
  }

  @Test
  void aJdqlParameterOfTheWrongTypeEvenInsideOr() {
    JavaFileObject f = items("  @Query(\"WHERE name = ?1 OR NOT (count > ?2)\")", "  List<Item> either(String name, boolean min);");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter 'min' of Items.either has type boolean, but it is compared with 'count'"
        + " of Item, of type int: declare it as a number (int or any numeric type)").inFile(f).onLine(6);
  }

  @Test
  void numbersOfAnyTypeCompareWithANumericProperty() {
    JavaFileObject f = items("  List<Item> findByCountBetween(long low, Short high);", "  List<Item> findByCountIn(Set<Long> counts);",
        "  @Query(\"WHERE count >= :min\") List<Item> from(double min);");
    assertThat(compile(ITEM, f)).succeeded();
  }

  @Test
  void anOrderByOfAnUnknownProperty() {
    JavaFileObject f = items("  @Find", "  @OrderBy(\"title\")", "  List<Item> all();");
    assertThat(compile(ITEM, f)).hadErrorContaining("parameter '@OrderBy(\"title\")' of Items.all matches no persistent property of"
        + " Item (its properties are [id, name, count])").inFile(f).onLine(6);
  }

  @Test
  void invalidJdqlIsACompileErrorWithItsColumn() {
    JavaFileObject f = items("  @Query(\"WHERE name = :name ORDER name\")", "  List<Item> byName(String name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("@Query of Items.byName is not valid JDQL at column 26: expected BY after ORDER, found 'name'").inFile(f).onLine(6);
  }

  @Test
  void jdqlNamingAnUnknownProperty() {
    JavaFileObject f = items("  @Query(\"WHERE title = ?1\")", "  List<Item> titled(String title);");
    assertThat(compile(ITEM, f)).hadErrorContaining("@Query of Items.titled, at column 7: 'title' is not a persistent property of"
        + " Item; its properties are [id, name, count]").inFile(f).onLine(6);
  }

  @Test
  void jdqlWithAParameterTheMethodDoesNotHave() {
    JavaFileObject f = items("  @Query(\"WHERE name = :title\")", "  List<Item> titled(String name);");
    assertThat(compile(ITEM, f)).hadErrorContaining("@Query of Items.titled, at column 14: the method has no parameter named 'title'")
        .inFile(f).onLine(6);
  }

  @Test
  void aJdqlUpdateOfAPropertyWithoutSetter() {
    JavaFileObject record = JavaFileObjects.forSourceLines("test.Tag",
        "package test;",
        "import jakarta.nosql.*;",
        "@Entity",
        "public record Tag(@Id String id, @Column int uses) {}");
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Tags",
        "package test;",
        "import jakarta.data.repository.*;",
        "@Repository",
        "public interface Tags extends DataRepository<Tag, String> {",
        "  @Query(\"UPDATE Tag SET uses = uses + 1\") long touch();",
        "}");
    assertThat(compile(record, f)).hadErrorContaining("Tags.touch assigns 'uses' of Tag, which has no setter and is not a writable"
        + " field: JDQL UPDATE changes entities through their setters (records cannot be updated in place)").inFile(f).onLine(5);
  }

  @Test
  void aMethodNoIndexServesIsAWarningNamingTheIndexThatWould() {
    JavaFileObject f = items("  List<Item> findByCountGreaterThanAndName(int min, String name);");
    Compilation c = compile(ITEM, f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("Items.findByCountGreaterThanAndName reads every Item row and checks its conditions in"
        + " memory: @Index(name = \"byNameCount\", fields = {\"name\", \"count\"}) on Item would serve it. (A warning; compile"
        + " with -Astrata.requireIndexes=true to make it an error)").inFile(f).onLine(5);
  }

  @Test
  void anIndexThatWouldLeaveOutEntitiesWithNullsIsNamedInTheWarning() {
    JavaFileObject item = JavaFileObjects.forSourceLines("test.Item",
        "package test;",
        "import jakarta.nosql.*;",
        "@Entity",
        "@io.strata.annotations.Index(name = \"byCountName\", fields = {\"count\", \"name\"})",
        "public class Item {",
        "  @Id public long id;",
        "  @Column public String name;",
        "  @Column public int count;",
        "}");
    JavaFileObject f = items("  List<Item> findByCount(int count);");
    Compilation c = compile(item, f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("Items.findByCount reads every Item row and checks its conditions in memory: the only"
        + " index that serves it, 'byCountName', has no entry for an entity whose name is null (nulls are not indexed)")
        .inFile(f).onLine(5);
  }

  @Test
  void requireIndexesMakesAnUnservedMethodAnError() {
    JavaFileObject f = items("  long countByNameLike(String pattern);");
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Astrata.requireIndexes=true").compile(ITEM, f);
    assertThat(c).hadErrorContaining("Items.countByNameLike reads every Item row and checks its conditions in memory, and"
        + " -Astrata.requireIndexes=true asks for an index: none of its conditions can be read from an index").inFile(f).onLine(5);
  }

  @Test
  void requireIndexesTakesTrueOrFalse() {
    JavaFileObject f = items("  long countByName(String name);");
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Astrata.requireIndexes=yes").compile(ITEM, f);
    assertThat(c).hadErrorContaining("-Astrata.requireIndexes=yes: write -Astrata.requireIndexes=true (a Jakarta Data method no"
        + " index serves is a compile error) or -Astrata.requireIndexes=false").inFile(f).onLine(4);
  }
}

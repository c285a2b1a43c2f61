package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic about Jakarta Data repositories: the message, and the line the caret lands on. */
class JakartaCompileErrorsTest {

  /** {@code test.Item}: a Jakarta NoSQL entity with a long id, a name, a count and a field that is not stored. */
  private static final JavaFileObject ITEM = item("", "  @Column public String name;", "  @Column public int count;",
      "  public String note;");

  /** {@code test.Item}: a Jakarta NoSQL entity with a long id and {@code fields}, {@code annotations} on its class. */
  private static JavaFileObject item(String annotations, String... fields) {
    String[] lines = new String[fields.length + 7];
    lines[0] = "package test;";
    lines[1] = "import jakarta.nosql.*;";
    lines[2] = "@Entity";
    lines[3] = annotations;
    lines[4] = "public class Item {";
    lines[5] = "  @Id public long id;";
    System.arraycopy(fields, 0, lines, 6, fields.length);
    lines[lines.length - 1] = "}";
    return JavaFileObjects.forSourceLines("test.Item", lines);
  }

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

  /** Compiling {@code test.Items} with {@code body} fails with {@code message} on {@code line} of it. */
  private static void assertError(int line, String message, String... body) {
    JavaFileObject f = items(body);
    assertThat(compile(ITEM, f)).hadErrorContaining(message).inFile(f).onLine(line);
  }

  /** Compiling {@code test.Items} with {@code body} against {@code item} succeeds with warning {@code message} on line 5. */
  private static void assertWarning(JavaFileObject item, String message, String... body) {
    JavaFileObject f = items(body);
    Compilation c = compile(item, f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining(message).inFile(f).onLine(5);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  /** The generated {@code test.ItemsImpl} of {@code sources}, which must compile without a warning (every method served). */
  private static String servedWithoutWarning(JavaFileObject... sources) throws java.io.IOException {
    Compilation c = compile(sources);
    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(0);
    return c.generatedSourceFile("test.ItemsImpl").orElseThrow().getCharContent(true).toString();
  }

  @Test
  void theFirstKeywordBesideALimitParameter() {
    assertError(5, "Items.findFirst3ByName has the First keyword (First 3) and a Limit parameter, which Jakarta Data does"
        + " not allow (a method may limit its results one way): drop First3 from the name and pass Limit.of(3), or drop"
        + " the Limit parameter", "  List<Item> findFirst3ByName(String name, Limit limit);");
  }

  @Test
  void aLimitBesideAPageRequest() {
    assertError(5, "Items.findByName takes both a Limit and a PageRequest parameter, which Jakarta Data does not allow"
        + " (a method may limit its results one way): keep the PageRequest for pages, or the Limit for the first results",
        "  Page<Item> findByName(String name, Limit limit, PageRequest page);");
  }

  @Test
  void twoLimitParameters() {
    assertError(5, "Items.findByCount takes 2 Limit parameters, which Jakarta Data does not allow (a method may limit its"
        + " results one way): keep one Limit", "  List<Item> findByCount(int count, Limit first, Limit second);");
  }

  @Test
  void aMethodThatIsNoQuery() {
    assertError(5, "Items.lookUp is not a Jakarta Data repository method: its name starts with no"
        + " query action. Name it find/count/exists/delete...By<Property>...",
        "  List<Item> lookUp(String name);");
  }

  @Test
  void aMethodNameThatDoesNotParse() {
    assertError(5, "Items.findByNameAndd is not a Jakarta Data repository method: expected And, Or"
        + " or OrderBy after the condition on name, found 'Andd'",
        "  List<Item> findByNameAndd(String name);");
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
    assertError(6, "parameter 'title' of Items.named matches no persistent property of Item (its"
        + " properties are [id, name, count]): name the parameter after a property, or annotate it @By(\"property\")",
        "  @Find", "  List<Item> named(String title);");
  }

  @Test
  void aMethodNameWithTheWrongNumberOfParameters() {
    assertError(5, "Items.findByCountBetween takes 1 query parameter(s) but its query uses 2",
        "  List<Item> findByCountBetween(int low);");
  }

  @Test
  void aResultAFindCannotProduce() {
    assertError(5, "Items.findByName returns java.util.Map<java.lang.String,test.Item>, which"
        + " Strata cannot produce for a find: its elements must be Item (or SELECT one property to return its values)",
        "  Map<String, Item> findByName(String name);");
  }

  @Test
  void aLifecycleMethodWithTwoParameters() {
    assertError(6, "@Insert method Items.add must take exactly one parameter: an entity, an array,"
        + " a List or an Iterable of entities",
        "  @Insert", "  void add(Item a, Item b);");
  }

  /** {@code test.Conv}: converters, one per way a {@code @Convert} can go wrong, and a good one ({@code Upper}). */
  private static final JavaFileObject CONVERTERS = JavaFileObjects.forSourceLines("test.Conv", "package test;",
      "import jakarta.nosql.AttributeConverter;",
      "public class Conv {",
      "  public static class Upper implements AttributeConverter<String, String> {",
      "    public String convertToDatabaseColumn(String a) { return a.toUpperCase(); }",
      "    public String convertToEntityAttribute(String c) { return c; }",
      "  }",
      "  public static class ToMap implements AttributeConverter<String, java.util.Map<String, String>> {",
      "    public java.util.Map<String, String> convertToDatabaseColumn(String a) { return null; }",
      "    public String convertToEntityAttribute(java.util.Map<String, String> c) { return null; }",
      "  }",
      "  public static class Joined implements AttributeConverter<java.util.List<String>, String> {",
      "    public String convertToDatabaseColumn(java.util.List<String> a) { return String.join(\",\", a); }",
      "    public java.util.List<String> convertToEntityAttribute(String c) { return java.util.List.of(c.split(\",\")); }",
      "  }",
      "  public static class NoDefault implements AttributeConverter<String, String> {",
      "    public NoDefault(int unused) {}",
      "    public String convertToDatabaseColumn(String a) { return a; }",
      "    public String convertToEntityAttribute(String c) { return c; }",
      "  }",
      "}");

  /** A converter of a generic Java type: its metamodel attribute's conversion names the type through a cast of its class. */
  @Test
  void aConvertedPropertyOfAGenericTypeGetsAMetamodelConversionThatCompiles() throws java.io.IOException {
    Compilation c = compile(CONVERTERS, item("", "  @Column @Convert(Conv.Joined.class) public java.util.List<String> tags;"), items());
    assertThat(c).succeeded();
    String metamodel = c.generatedSourceFile("test._Item").orElseThrow().getCharContent(true).toString();
    assertTrue(metamodel.contains("new Conversion<>((Class<List<String>>) (Class<?>) List.class, v -> "), metamodel);
  }

  /** Compiling {@code test.Item} with {@code fields} fails with {@code message} on {@code line} of it. */
  private static void assertItemError(int line, String message, String... fields) {
    JavaFileObject item = item("", fields);
    assertThat(compile(CONVERTERS, item, items())).hadErrorContaining(message).inFile(item).onLine(line);
  }

  @Test
  void aConverterWhoseColumnTypeStrataCannotStore() {
    assertItemError(7, "@Convert(test.Conv.ToMap.class) on field 'name' of Item converts java.lang.String to"
        + " java.util.Map<java.lang.String,java.lang.String>, which Strata cannot store as a column",
        "  @Column @Convert(Conv.ToMap.class) public String name;");
  }

  @Test
  void aConverterOfAnotherType() {
    assertItemError(7, "@Convert(test.Conv.Upper.class) converts java.lang.String, but field 'count' of Item is a int",
        "  @Column @Convert(Conv.Upper.class) public int count;");
  }

  @Test
  void aConverterTheCodecCannotCreate() {
    assertItemError(7, "@Convert(test.Conv.NoDefault.class) on field 'name' of Item: the generated codec creates the converter"
        + " with new", "  @Column @Convert(Conv.NoDefault.class) public String name;");
  }

  @Test
  void aConvertedId() {
    JavaFileObject item = JavaFileObjects.forSourceLines("test.Item", "package test;", "import jakarta.nosql.*;", "@Entity",
        "public class Item {", "  @Id @Convert(Conv.Upper.class) public String id;", "}");
    assertThat(compile(CONVERTERS, item, items())).hadErrorContaining("@Convert(Upper.class) on the @Id 'id' of Item: Strata does not"
        + " convert ids").inFile(item).onLine(5);
  }

  /** Compiling {@code test.Items} with {@code method} (line 5) over an {@code Item} whose name is converted fails with {@code message}. */
  private static void assertConvertedNameError(String method, String message) {
    JavaFileObject f = items(method);
    assertThat(compile(CONVERTERS, item("", "  @Column @Convert(Conv.Upper.class) public String name;"), f))
        .hadErrorContaining(message).inFile(f).onLine(5);
  }

  @Test
  void aJdqlParameterComparedWithAConvertedPropertyAndAnUnconvertedOne() {
    assertConvertedNameError("  @Query(\"WHERE name = :n OR UPPER(name) = :n\") List<Item> named(String n);",
        "parameter 'n' of Items.named is compared with 'name' of Item, so the query converts it to the column value of"
        + " @Convert(test.Conv.Upper.class); it also stands where that column value does not fit");
  }

  @Test
  void aRejectedEntityGivesItsOwnErrorAndNoneOnTheRepositorysMethods() {
    JavaFileObject car = JavaFileObjects.forSourceLines("test.Item", "package test;", "import jakarta.nosql.*;", "@Entity",
        "public class Item {", "  @Id private long id;", "  @Column private String name;",
        "  public Item(long id, String name) { this.id = id; this.name = name; }", "  public long id() { return id; }", "}");
    Compilation c = compile(car, items("  List<Item> findByName(String name);", "  @Insert Item add(Item item);"));
    assertThat(c).hadErrorContaining("field 'name' of Item is private and has no getter").inFile(car).onLine(6);
    assertThat(c).hadErrorCount(1);
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

  /**
   * {@code test.<name>}, a {@code @Repository} declared on line 4 as {@code declaration}, compiles with {@code others}
   * and no implementation, with a note there that says so and ends with {@code why}.
   */
  private static void assertLeftAlone(String name, String annotation, String declaration, String why, JavaFileObject... others) {
    JavaFileObject f = JavaFileObjects.forSourceLines("test." + name, "package test;", "import jakarta.data.repository.*;",
        annotation, declaration);
    List<JavaFileObject> sources = new java.util.ArrayList<>(List.of(others));
    sources.add(f);
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
    assertThat(c).succeeded();
    assertThat(c).hadNoteContaining("Strata generates no implementation of Jakarta Data repository test." + name + ": " + why)
        .inFile(f).onLine(4);
    assertFalse(c.generatedSourceFile("test." + name + "Impl").isPresent());
  }

  @Test
  void aRepositoryForAnotherProviderGetsANoteSayingSo() {
    assertLeftAlone("Items", "@Repository(provider = \"Hibernate\")", "public interface Items extends CrudRepository<Item, Long> {}",
        "@Repository(provider = \"Hibernate\") names another provider", ITEM);
  }

  /**
   * A {@code CrudRepository} of {@code test.<entity>}, declared {@code declaration} under the annotation
   * {@code annotation} (a class name, that annotation declared under {@code meta}), is left alone with a note ending
   * {@code why}.
   */
  private static void assertEntityLeftAlone(String annotation, String meta, String entity, String declaration, String why) {
    int dot = annotation.lastIndexOf('.');
    JavaFileObject annotationType = JavaFileObjects.forSourceLines(annotation, "package " + annotation.substring(0, dot) + ";",
        meta, "public @interface " + annotation.substring(dot + 1) + " {}");
    JavaFileObject type = JavaFileObjects.forSourceLines("test." + entity, "package test;", "@" + annotation, declaration);
    assertLeftAlone(entity + "s", "@Repository", "public interface " + entity + "s extends CrudRepository<" + entity + ", Long> {}",
        "its entity test." + entity + why, annotationType, type);
  }

  @Test
  void aRepositoryOfAnEntityStrataDoesNotStoreGetsANoteSayingSo() {
    assertEntityLeftAlone("jakarta.persistence.Entity", "", "Book", "public class Book { public long id; }",
        " is a jakarta.persistence entity, another provider's");
  }

  @Test
  void aRepositoryOfAnotherProvidersEntityAnnotationGetsANoteSayingSo() {
    assertEntityLeftAlone("other.Stored", "@jakarta.data.spi.EntityDefining", "Note", "public record Note(long id, String text) {}",
        " is annotated @other.Stored, another provider's entity annotation");
  }

  @Test
  void aRepositoryThatNamesNoEntityGetsANoteSayingSo() {
    assertLeftAlone("Lookups", "@Repository",
        "public interface Lookups { @Query(\"SELECT name FROM Nowhere\") java.util.List<String> names(); }",
        "it names no entity Strata stores");
  }

  @Test
  void aCursoredPageInAnOrderWithoutAUniquePropertyWarnsThatTiesAreSkipped() {
    assertWarning(ITEM, "Items.findByCountGreaterThanOrderByNameAsc returns a CursoredPage in an order ([name asc]) that sorts"
        + " by no unique property of Item: entities that tie on all its sorts at a page's end are skipped by the next page,"
        + " since the cursor holds one value per sort. End the order with the id ('id', e.g. OrderBy...IdAsc,"
        + " @OrderBy(\"id\")) or with every property of a unique index (a warning)",
        "  CursoredPage<Item> findByCountGreaterThanOrderByNameAsc(int count, PageRequest page);");
  }

  @Test
  void aCursoredPageInAnOrderEndingWithTheIdOrAUniqueIndexHasNoTieWarning() {
    JavaFileObject unique = item("@io.strata.annotations.Index(name = \"byName\", fields = {\"name\"}, unique = true)",
        "  @Column public String name;", "  @Column public int count;");
    Compilation c = compile(unique, items("  CursoredPage<Item> findByCountGreaterThanOrderByCountAscIdAsc(int count, PageRequest page);",
        "  CursoredPage<Item> findByCountGreaterThanOrderByNameDesc(int count, PageRequest page);"));
    assertThat(c).succeeded();
    assertFalse(c.warnings().stream().anyMatch(w -> w.getMessage(null).contains("CursoredPage")), c.warnings().toString());
  }

  @Test
  void aCountThatReturnsNothing() {
    assertError(5, "Items.countByName returns void, which Strata cannot produce for a count: return long, int or boolean",
        "  void countByName(String name);");
  }

  @Test
  void anExistsThatReturnsANumber() {
    assertError(5, "Items.existsByName returns long, which Strata cannot produce for an exists query: return boolean",
        "  long existsByName(String name);");
  }

  @Test
  void everyMethodWithAMistakeGetsItsOwnError() {
    JavaFileObject f = items("  long existsByName(String name);", "  void countByCount(int count);",
        "  List<Item> findByName(int name);");
    Compilation c = compile(ITEM, f);
    assertThat(c).hadErrorContaining("Items.existsByName returns long").inFile(f).onLine(5);
    assertThat(c).hadErrorContaining("Items.countByCount returns void").inFile(f).onLine(6);
    assertThat(c).hadErrorContaining("parameter 'name' of Items.findByName has type int").inFile(f).onLine(7);
  }

  @Test
  void aCountByWithNoConditionCountsEveryEntity() throws java.io.IOException {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Items",
        "package test;",
        "import jakarta.data.repository.*;",
        "@Repository",
        "public interface Items extends BasicRepository<Item, Long> {",
        "  long countBy();",
        "}");
    Compilation c = compile(ITEM, f);
    assertThat(c).succeededWithoutWarnings();
    String impl = c.generatedSourceFile("test.ItemsImpl").orElseThrow().getCharContent(true).toString();
    assertTrue(impl.contains("return itemData.countAll();"), impl);
  }

  @Test
  void aMethodNameParameterOfTheWrongType() {
    assertError(6, "parameter 'name' of Items.findByName has type int, but it is compared with 'name'"
        + " of Item, of type java.lang.String: declare it as java.lang.String (a condition between them could never hold)",
        "  List<Item> findByName(", "      int name);");
  }

  @Test
  void aParameterNamedAsTheGeneratedCodesOwnVariables() {
    assertError(5, "parameter 'e' of Items.findByName has a name the generated code gives its own"
        + " variables (e for the entity a condition tests, v and v0, v1, ... for values): rename the parameter",
        "  List<Item> findByName(String e);");
  }

  @Test
  void anInParameterThatIsNoCollection() {
    assertError(5, "parameter 'counts' of Items.findByCountIn has type int, but it is compared with"
        + " 'count' of Item, of type int: In takes a Collection or an array of a number (int or any numeric type)",
        "  List<Item> findByCountIn(int counts);");
  }

  @Test
  void aFindParameterOfTheWrongType() {
    assertError(6, "parameter 'count' of Items.counted has type java.lang.String, but it is compared"
        + " with 'count' of Item, of type int: declare it as a number (int or any numeric type)",
        "  @Find", "  List<Item> counted(String count);");
  }

  @Test
  void aJdqlParameterOfTheWrongTypeEvenInsideOr() {
    assertError(6, "parameter 'min' of Items.either has type boolean, but it is compared with 'count'"
        + " of Item, of type int: declare it as a number (int or any numeric type)",
        "  @Query(\"WHERE name = ?1 OR NOT (count > ?2)\")", "  List<Item> either(String name, boolean min);");
  }

  @Test
  void numbersOfAnyTypeCompareWithANumericProperty() {
    JavaFileObject f = items("  List<Item> findByCountBetween(long low, Short high);", "  List<Item> findByCountIn(Set<Long> counts);",
        "  @Query(\"WHERE count >= :min\") List<Item> from(double min);");
    assertThat(compile(ITEM, f)).succeeded();
  }

  @Test
  void anOrderByOfAnUnknownProperty() {
    assertError(6, "parameter '@OrderBy(\"title\")' of Items.all matches no persistent property of"
        + " Item (its properties are [id, name, count])",
        "  @Find", "  @OrderBy(\"title\")", "  List<Item> all();");
  }

  @Test
  void aSortOnAPropertyWhoseValuesHaveNoOrder() {
    JavaFileObject blob = item("", "  @Column public String name;", "  @Column public byte[] data;");
    String message = "sorts by 'data' of Item, a byte[], whose values have no order: sort by a number, text, boolean, enum,"
        + " date/time or UUID property";
    JavaFileObject find = items("  @Find", "  @OrderBy(\"data\")", "  List<Item> all();");
    assertThat(compile(blob, find)).hadErrorContaining("Items.all " + message).inFile(find).onLine(7);
    JavaFileObject name = items("  List<Item> findByNameOrderByDataAsc(String name);");
    assertThat(compile(blob, name)).hadErrorContaining("Items.findByNameOrderByDataAsc " + message).inFile(name).onLine(5);
    JavaFileObject jdql = items("  @Query(\"ORDER BY data DESC\") List<Item> backwards();");
    assertThat(compile(blob, jdql)).hadErrorContaining("Items.backwards " + message).inFile(jdql).onLine(5);
  }

  @Test
  void invalidJdqlIsACompileErrorWithItsColumn() {
    assertError(6, "@Query of Items.byName is not valid JDQL at column 26: expected BY after ORDER, found 'name'",
        "  @Query(\"WHERE name = :name ORDER name\")", "  List<Item> byName(String name);");
  }

  @Test
  void jdqlNamingAnUnknownProperty() {
    assertError(6, "@Query of Items.titled, at column 7: 'title' is not a persistent property of"
        + " Item; its properties are [id, name, count]",
        "  @Query(\"WHERE title = ?1\")", "  List<Item> titled(String title);");
  }

  @Test
  void jdqlWithAParameterTheMethodDoesNotHave() {
    assertError(6, "@Query of Items.titled, at column 14: the method has no parameter named 'title'",
        "  @Query(\"WHERE name = :title\")", "  List<Item> titled(String name);");
  }

  @Test
  void jdqlTheQueryModelRefusesIsAnErrorAtItsColumn() {
    assertError(6, "@Query of Items.likeCount, at column 7: LIKE matches text, and count holds",
        "  @Query(\"WHERE count LIKE '1%'\")", "  List<Item> likeCount();");
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
    assertWarning(ITEM, "Items.findByCountGreaterThanAndName reads every Item row and checks its conditions in"
        + " memory: @Index(name = \"byNameCount\", fields = {\"name\", \"count\"}) on Item would serve it. (A warning; compile"
        + " with -Astrata.requireIndexes=true to make it an error)", "  List<Item> findByCountGreaterThanAndName(int min, String name);");
  }

  @Test
  void anIndexThatWouldLeaveOutEntitiesWithNullsIsNamedInTheWarning() {
    JavaFileObject item = item("@io.strata.annotations.Index(name = \"byCountName\", fields = {\"count\", \"name\"})",
        "  @Column public String name;", "  @Column public int count;");
    assertWarning(item, "Items.findByCount reads every Item row and checks its conditions in memory: the only"
        + " index that serves it, 'byCountName', has no entry for an entity whose name is null (nulls are not indexed)",
        "  List<Item> findByCount(int count);");
  }

  /** {@code test.Item} with an indexed {@code float ratio} and an indexed {@code BigDecimal amount}. */
  private static final JavaFileObject RATED = item("", "  @Column @io.strata.annotations.Indexed public float ratio;",
      "  @Column @io.strata.annotations.Indexed public java.math.BigDecimal amount;");

  @Test
  void aDecimalLiteralAFloatKeyHoldsExactlyIsReadFromTheIndexWithoutAWarning() {
    Compilation c = compile(RATED, items("  @Query(\"WHERE ratio > 10.5 AND amount BETWEEN 0.1 AND 2\") List<Item> rated();"));
    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(0);
  }

  @Test
  void aDecimalLiteralAFloatKeyDoesNotHoldExactlyIsReadFromTheIndexRoundedOutwards() throws Exception {
    String impl = servedWithoutWarning(RATED, items("  @Query(\"WHERE ratio > 0.1 AND ratio <= 2.3\") List<Item> rated();",
        "  @Query(\"WHERE ratio = 0.1\") List<Item> aTenth();"));
    // a lower bound rounded down to the largest float not above 0.1, an upper one up; = 0.1 reads the range between
    assertTrue(impl.contains("float lit0$ = " + Math.nextDown(0.1F) + "f"), impl);
    assertTrue(2.3F < 2.3, "2.3 rounds to a float below it");
    assertTrue(impl.contains("float lit1$ = " + Math.nextUp(2.3F) + "f"), impl);
    assertTrue(impl.contains("0.1 rounded down to the float " + Math.nextDown(0.1F) + " <= ratio <= 0.1 rounded up to the float 0.1"), impl);
  }

  @Test
  void aDecimalComparedWithAnIntegralPropertyIsReadFromTheIndexRoundedToTheIntegersItAccepts() throws Exception {
    JavaFileObject item = item("", "  @Column @io.strata.annotations.Indexed public int count;");
    String impl = servedWithoutWarning(item, items("  @Query(\"WHERE count > 2.5 AND count <= 7.5\") List<Item> above();",
        "  @Query(\"WHERE count >= -2.5 AND count < -0.5\") List<Item> negative();",
        "  @Query(\"WHERE count = 2.5\") List<Item> none();", "  @Query(\"WHERE count = 2.0\") List<Item> two();"));
    // an exclusive bound rounded outwards (> 2.5 as > 2, < -0.5 as < 0), an inclusive one inwards (<= 7.5 as <= 7, >= -2.5 as >= -2)
    assertTrue(impl.contains("{@code count > 2.5 rounded down to 2} and {@code count <= 7.5 rounded down to 7}"), impl);
    assertTrue(impl.contains("int lit0$ = (int) 2L;\n      int lit1$ = (int) 7L;"), impl);
    assertTrue(impl.contains("{@code count >= -2.5 rounded up to -2} and {@code count < -0.5 rounded up to 0}"), impl);
    assertTrue(impl.contains("int lit0$ = (int) -2L;\n      int lit1$ = (int) 0L;"), impl);
    // = 2.5 is the range from 3 to 2, which holds no key; = 2.0 is 2
    assertTrue(impl.contains("{@code 2.5 rounded up to 3 <= count <= 2.5 rounded down to 2}"), impl);
    assertTrue(impl.contains("{@code count = 2.0}"), impl);
  }

  @Test
  void anEqualityOnADecimalIsReadFromTheIndexWithoutAWarning() {
    Compilation c = compile(RATED, items("  List<Item> findByAmount(java.math.BigDecimal amount);",
        "  @Query(\"WHERE amount = 1.50\") List<Item> oneAndAHalf();"));
    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(0);
  }

  @Test
  void anInOnADecimalIsReadOverEveryScaleWhenItEndsTheIndexRead() throws Exception {
    JavaFileObject item = item("@io.strata.annotations.Index(name = \"byAmountCount\", fields = {\"amount\", \"count\"})",
        "  @Column @io.strata.annotations.Indexed public java.math.BigDecimal amount;", "  @Column @io.strata.annotations.Indexed public int count;");
    String impl = servedWithoutWarning(item, items("  List<Item> findByAmountIn(java.util.List<java.math.BigDecimal> amounts);",
        "  long countByAmountInAndCount(java.util.Set<java.math.BigDecimal> amounts, int count);"));
    // alone, the In ends the read of @Indexed amount: one range over every scale per value
    assertTrue(impl.contains("IndexScan.of(store$, \"amount\").inEveryScale(amounts)"), impl);
    // before an equality on count (byAmountCount) its keys would hold the scale first: @Indexed count is read instead,
    // the In checked on its rows
    assertTrue(impl.contains("IndexScan.of(store$, \"count\").equal((long) count)"), impl);
    assertFalse(impl.contains("byAmountCount\").inEveryScale"), impl);
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

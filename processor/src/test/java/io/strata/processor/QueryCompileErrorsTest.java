package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic of declared {@code @Repository} methods: the message, and the method it lands on. */
class QueryCompileErrorsTest {
  private static final JavaFileObject PERSON = JavaFileObjects.forSourceLines("test.Person",
      "package test;",
      "import io.strata.annotations.*;",
      "@Entity",
      "@Index(name = \"byCityAge\", fields = {\"city\", \"age\"})",
      "public record Person(@Id long id, String name, int age, @Indexed String city, @Indexed Kind kind, boolean active,",
      "    @Spatial io.strata.GeoPoint home, io.strata.GeoPoint work) {",
      "  public enum Kind { A, B }",
      "}");

  /** A repository of {@code Person} declaring {@code method} on line 5. */
  private static JavaFileObject repository(String method) {
    return repository("People", "Person", "  " + method);
  }

  /** {@code test.<name>}, a repository of {@code entity} (with a {@code Long} id) declaring {@code methods} from line 5. */
  private static JavaFileObject repository(String name, String entity, String... methods) {
    List<String> lines = new ArrayList<>(List.of("package test;",
        "import io.strata.*; import io.strata.annotations.*; import java.util.*;",
        "@Repository",
        "public interface " + name + " extends CrudRepository<" + entity + ", Long> {"));
    lines.addAll(List.of(methods));
    lines.add("}");
    return JavaFileObjects.forSourceLines("test." + name, lines);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  private static void fails(String method, String message) {
    JavaFileObject repo = repository(method);
    assertThat(compile(PERSON, repo)).hadErrorContaining(message).inFile(repo).onLine(5);
  }

  @Test
  void aMethodOnlyAnIndexLeavingOutNullsServesIsAnErrorAndACompleteOneIsNot() {
    JavaFileObject repo = shops("  List<Shop> findByKindAndCity(String kind, String city);");
    Compilation compilation = compile(shop("String city"), repo);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("findByKind: the only index that serves it, 'byKindCity', has no entry for an entity"
        + " whose city is null (nulls are not indexed), so it would leave such entities out; declare an index over only the fields"
        + " the method constrains (or orders by) on Shop, or declare city never null (annotate it @NonNull or @NotNull: saves"
        + " then reject a null; or make it a primitive)").inFile(repo).onLine(5);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aFieldDeclaredNeverNullMakesTheCompositeIndexServeItsPrefix() {
    assertThat(compile(shop("@org.jspecify.annotations.NonNull String city"), shops(""))).succeededWithoutWarnings();
  }

  /** {@code test.Shop} with {@code @Index(kind, city)}, its city component declared as {@code city}. */
  private static JavaFileObject shop(String city) {
    return JavaFileObjects.forSourceLines("test.Shop",
        "package test;",
        "import io.strata.annotations.*;",
        "@Entity",
        "@Index(name = \"byKindCity\", fields = {\"kind\", \"city\"})",
        "public record Shop(@Id long id, String kind, " + city + ") {}");
  }

  /** {@code test.Shops}: {@code findByKind} on line 5, then {@code more}. */
  private static JavaFileObject shops(String more) {
    return repository("Shops", "Shop", "  List<Shop> findByKind(String kind);", more);
  }

  @Test
  void aMethodNoIndexServesNamesTheIndexToAddOrAllowFiltering() {
    fails("List<Person> findByNameAndAgeGreaterThan(String name, int age);",
        "findByNameAndAgeGreaterThan: no index serves equality on name then a range on age; add @Index(name = \"byNameAge\","
            + " fields = {\"name\", \"age\"}) to Person, or mark the method @AllowFiltering to read every row");
  }

  @Test
  void anOrBranchNoIndexServesIsTheErrorInThatBranchsOwnWords() {
    fails("List<Person> findByCityOrNameAndAgeGreaterThan(String city, String name, int age);",
        "findByCityOrNameAndAgeGreaterThan: no index serves equality on name then a range on age; add @Index(name ="
            + " \"byNameAge\", fields = {\"name\", \"age\"}) to Person, or mark the method @AllowFiltering to read every row");
  }

  @Test
  void anOrOfMoreBranchesThanThePlannerReadsOneByOneIsAnErrorWithoutAllowFiltering() {
    int branches = io.strata.query.plan.Planner.MAX_BRANCHES + 1;
    List<String> params = new ArrayList<>();
    for (int i = 0; i < branches; i++) {
      params.add("String c" + i);
    }
    fails("List<Person> findBy" + String.join("Or", java.util.Collections.nCopies(branches, "City")) + "(" + String.join(", ", params)
        + ");", ": an Or of " + branches + " branches; at most " + io.strata.query.plan.Planner.MAX_BRANCHES + " are read one index"
        + " read per branch: declare several methods, use In for alternatives of one property, or mark the method"
        + " @AllowFiltering to read every row once");
  }

  @Test
  void anUnknownPropertySuggestsTheClosestOne() {
    fails("List<Person> findByCtiy(String city);", "findByCtiy: Person has no property 'ctiy'; did you mean 'city'?");
  }

  @Test
  void tooFewParameters() {
    fails("List<Person> findByCityAndAge(String city);",
        "findByCityAndAge: expects 2 parameter(s) (city, age) but declares 1");
  }

  @Test
  void aParameterOfTheWrongType() {
    fails("List<Person> findByCityAndAge(String city, String age);",
        "findByCityAndAge: parameter 'age' is java.lang.String, but Equals on age needs java.lang.Integer");
  }

  @Test
  void aParameterOfAConvertedPropertysEntityType() {
    JavaFileObject parcel = JavaFileObjects.forSourceLines("test.Parcel", "package test;",
        "import io.strata.annotations.*;",
        "@Entity",
        "public class Parcel {",
        "  public record Weight(long grams) {}",
        "  public static class Grams implements jakarta.nosql.AttributeConverter<Weight, Long> {",
        "    public Long convertToDatabaseColumn(Weight w) { return w.grams(); }",
        "    public Weight convertToEntityAttribute(Long g) { return new Weight(g); }",
        "  }",
        "  @Id public long id;",
        "  @Indexed @jakarta.nosql.Convert(Grams.class) public Weight weight;",
        "}");
    JavaFileObject repo = repository("Parcels", "Parcel", "  List<Parcel> findByWeight(Parcel.Weight weight);");
    assertThat(compile(parcel, repo)).hadErrorContaining("findByWeight: parameter 'weight' is test.Parcel.Weight, the type of"
        + " 'weight' in the entity, but Strata's own @Repository methods compare its column values without converting: declare"
        + " the parameter as java.lang.Long (the column type of @Convert(test.Parcel.Grams.class))").inFile(repo).onLine(5);
  }

  @Test
  void anUnsupportedReturnType() {
    fails("Set<Person> findByCity(String city);", "findByCity: return type java.util.Set<test.Person> is not supported; a find method returns");
  }

  @Test
  void countReturnsANumber() {
    fails("String countByCity(String city);", "countByCity: return type java.lang.String is not supported; a count method returns long or int");
  }

  @Test
  void anOrderByNoIndexServes() {
    fails("List<Person> findByCityOrderByNameDesc(String city);",
        "findByCityOrderByNameDesc: no index order serves OrderBy name desc; add @Index(name = \"byCityName\", fields = {\"city\", \"name\"}) to Person");
  }

  @Test
  void mixedDirectionsInOrderBy() {
    fails("List<Person> findByCityOrderByAgeAscIdDesc(String city);",
        "findByCityOrderByAgeAscIdDesc: OrderBy mixes Asc and Desc (age Asc, id Desc); an index is read in one direction");
  }

  @Test
  void inNeedsACollection() {
    fails("List<Person> findByCityIn(String city);",
        "findByCityIn: In on 'city' takes a Collection<java.lang.String>, but parameter 'city' is java.lang.String");
  }

  @Test
  void startingWithNeedsAString() {
    fails("List<Person> findByCityAndAgeStartingWith(String city, int age);",
        "findByCityAndAgeStartingWith: StartingWith needs a String property; 'age' is int");
  }

  @Test
  void aProjectionComponentThatMatchesNoField() {
    JavaFileObject view = JavaFileObjects.forSourceLines("test.View", "package test;", "public record View(String name, int agee) {}");
    JavaFileObject repo = repository("List<View> findByCity(String city);");
    assertThat(compile(PERSON, view, repo)).hadErrorContaining(
        "findByCity: record component 'agee' of View matches no field of Person; did you mean 'age'?").inFile(repo).onLine(5);
  }

  @Test
  void withinOnAFieldThatIsNotSpatial() {
    fails("List<Person> findByWorkWithin(BoundingBox box);",
        "findByWorkWithin: Within needs a @Spatial field; 'work' is not one: annotate it @Spatial");
  }

  @Test
  void nearOnAFieldThatIsNotSpatial() {
    fails("List<Person> findByWorkNear(GeoPoint centre, double radius);",
        "findByWorkNear: Near needs a @Spatial field; 'work' is not one");
  }

  @Test
  void isNullIsRejectedBecauseNullsAreNotIndexed() {
    fails("List<Person> findByCityIsNull();", "findByCityIsNull: IsNull on 'city' cannot be answered: nulls are not indexed");
  }

  @Test
  void aNameOutsideTheGrammar() {
    fails("List<Person> lookupCity(String city);", "lookupCity: not a query method name Strata understands");
  }

  @Test
  void aRangeOnAnEnum() {
    fails("List<Person> findByKindGreaterThan(Person.Kind kind);",
        "findByKindGreaterThan: GreaterThan needs a property whose stored order is its natural order; 'kind' is test.Person.Kind");
  }

  @Test
  void trueOnANonBoolean() {
    fails("List<Person> findByCityTrue();", "findByCityTrue: True/False need a boolean property; 'city' is java.lang.String");
  }

  @Test
  void orCannotBePaged() {
    fails("Page<Person> findByCityOrKind(String city, Person.Kind kind, int limit, Continuation after);",
        "findByCityOrKind: Or cannot be paged or streamed");
  }

  @Test
  void topAndAPageLimitTogether() {
    fails("Page<Person> findTop3ByCity(String city, int limit, Continuation after);",
        "findTop3ByCity: First/Top and a Page limit both limit the results; keep one of them");
  }

  @Test
  void aPageWithoutAContinuation() {
    fails("Page<Person> findByCity(String city, int limit, String after);",
        "findByCity: parameter 'after' is java.lang.String, but a Page result needs io.strata.Continuation after");
  }

  @Test
  void deleteNeedsAWritableContext() {
    fails("long deleteByCity(com.apple.foundationdb.ReadTransactionContext tc, String city);",
        "deleteByCity: parameter 'tc' is a com.apple.foundationdb.ReadTransactionContext; a delete method takes a TransactionContext");
  }

  @Test
  void spatialCriteriaAreServedAlone() {
    fails("List<Person> findByHomeWithinAndCity(BoundingBox box, String city);",
        "findByHomeWithinAndCity: Within/Near on 'home' is served by its Z-order index alone");
  }

  @Test
  void spatialResultsHaveNoOrder() {
    fails("List<Person> findByHomeWithinOrderByAge(BoundingBox box);",
        "findByHomeWithinOrderByAge: results within an area of 'home' come in Z-order, not in an OrderBy order");
  }

  @Test
  void aQueryableRepositoryQueriesItsOwnEntity() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.People", "package test;", "import io.strata.*;",
        "@io.strata.annotations.Repository",
        "public interface People extends CrudRepository<Person, Long>, Queryable<String> {}");
    assertThat(compile(PERSON, repo)).hadErrorContaining(
        "People extends Queryable<java.lang.String>, but it reads Person: declare Queryable<Person>").inFile(repo).onLine(4);
  }

  @Test
  void theIdTypeMustMatchTheEntity() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.People", "package test;", "import io.strata.*;",
        "@io.strata.annotations.Repository", "public interface People extends CrudRepository<Person, String> {}");
    assertThat(compile(PERSON, repo)).hadErrorContaining(
        "People extends CrudRepository<test.Person, java.lang.String>, but the @Id of Person is java.lang.Long").inFile(repo).onLine(4);
  }

  @Test
  void aRepositoryOfAClassThatIsNotAnEntity() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.Strings", "package test;",
        "@io.strata.annotations.Repository(entity = String.class)", "public interface Strings {}");
    assertThat(compile(repo)).hadErrorContaining("@Repository Strings reads java.lang.String, which is not an @Entity").inFile(repo).onLine(3);
  }

  @Test
  void aRepositoryWithoutAnEntity() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.Nothing", "package test;",
        "@io.strata.annotations.Repository", "public interface Nothing {}");
    assertThat(compile(repo)).hadErrorContaining("@Repository Nothing names no entity").inFile(repo).onLine(3);
  }

  @Test
  void aRepositoryOnAClass() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.Nothing", "package test;",
        "@io.strata.annotations.Repository", "public class Nothing {}");
    assertThat(compile(repo)).hadErrorContaining("@Repository goes on an interface; Nothing is a class").inFile(repo).onLine(3);
  }

  @Test
  void aRepositoryNamingItsEntityNeedsNoSupertype() {
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.Cities", "package test;", "import java.util.*;",
        "@io.strata.annotations.Repository(entity = Person.class)", "public interface Cities {",
        "  List<String> findNameByCity(String city);", "}");
    assertThat(compile(PERSON, repo)).succeededWithoutWarnings();
  }
}

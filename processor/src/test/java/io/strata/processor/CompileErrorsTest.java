package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic: the message, and the line the caret lands on. */
class CompileErrorsTest {

  private static JavaFileObject source(String name, String... lines) {
    return JavaFileObjects.forSourceLines("test." + name, lines);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  private static final String IMPORTS = "import io.strata.annotations.*;";

  /** {@code test.Thing}: an entity with a String id and one more component, declared on line 5. */
  private static JavaFileObject thingWith(String component) {
    return source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,", "  " + component + ") {}");
  }

  @Test
  void entityOnAnInterface() {
    JavaFileObject f = source("Shape", "package test;", IMPORTS, "@Entity", "public interface Shape {}");
    assertThat(compile(f)).hadErrorContaining("@Entity goes on a class or record; Shape is a interface").inFile(f).onLine(4);
  }

  @Test
  void noId() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(String name) {}");
    assertThat(compile(f)).hadErrorContaining("@Entity Thing has no @Id").inFile(f).onLine(4);
  }

  @Test
  void twoIds() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(",
        "  @Id String a,", "  @Id String b) {}");
    assertThat(compile(f)).hadErrorContaining("more than one @Id (a, b): keep exactly one").inFile(f).onLine(6);
  }

  @Test
  void unsupportedIdType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(",
        "  @Id double id) {}");
    assertThat(compile(f)).hadErrorContaining("@Id 'id' has type double; an id must be String, long, Long, int, Integer, UUID or byte[]")
        .inFile(f).onLine(5);
  }

  @Test
  void unsupportedFieldType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  java.util.Map<String, String> attributes) {}");
    assertThat(compile(f)).hadErrorContaining("field 'attributes' has type java.util.Map<java.lang.String,java.lang.String>, which Strata cannot store")
        .inFile(f).onLine(5);
  }

  @Test
  void packedWithColumnMajorIsRejected() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity(packed = true, columnMajor = true)",
        "public record Thing(@Id String id, String name) {}");
    assertThat(compile(f)).hadErrorContaining("@Entity Thing asks for packed = true and columnMajor = true: a column-major copy is"
        + " kept for rows stored a key per field; drop packed = true (columnMajor implies packed = false), or drop columnMajor")
        .inFile(f).onLine(3);
  }

  @Test
  void aPackedOptionOtherThanTrueOrFalseIsRejected() {
    JavaFileObject f = thingWith("String name");
    assertThat(Compiler.javac().withProcessors(new StrataProcessor()).withOptions("-Astrata.packed=yes").compile(f))
        .hadErrorContaining("-Astrata.packed=yes: write -Astrata.packed=true (rows packed into one key, the default) or"
            + " -Astrata.packed=false (a key per field) to choose the row layout of entities that do not set @Entity(packed),"
            + " such as Thing").inFile(f).onLine(4);
  }

  @Test
  void aDateFieldSaysToStoreAnInstant() {
    JavaFileObject f = thingWith("java.util.Date at");
    assertThat(compile(f)).hadErrorContaining("field 'at' has type java.util.Date, which Strata does not store: store an Instant"
        + " instead (value.toInstant()): the same moment, to the nanosecond, ordered by time (Strata stores Instant, LocalDate,"
        + " LocalDateTime, LocalTime and Duration, each as an integer in its natural order)").inFile(f).onLine(5);
  }

  @Test
  void anOffsetDateTimeFieldSaysToStoreItsInstantAndTheOffset() {
    JavaFileObject f = thingWith("java.time.OffsetDateTime at");
    assertThat(compile(f)).hadErrorContaining("store its Instant instead (value.toInstant(): ordered by the moment), and the"
        + " offset as its own int field (value.getOffset().getTotalSeconds())").inFile(f).onLine(5);
  }

  @Test
  void aZonedDateTimeFieldSaysTheSameWithOrWithoutDocument() {
    JavaFileObject f = thingWith("@Document java.time.ZonedDateTime at");
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("field 'at' has type java.time.ZonedDateTime, which Strata does not store: store its Instant"
        + " instead (value.toInstant(): ordered by the moment), and the zone as its own String field (value.getZone().getId())")
        .inFile(f).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void indexOnAnUnsupportedType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Indexed java.util.List<String> tags) {}");
    assertThat(compile(f)).hadErrorContaining("@Indexed field 'tags' has type java.util.List<java.lang.String>, which cannot be indexed")
        .inFile(f).onLine(5);
  }

  @Test
  void compositeIndexNamingAMissingFieldSuggestsTheClosestName() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity",
        "@Index(name = \"byCity\", fields = {\"ctiy\"})", "public record Thing(@Id String id, String city) {}");
    assertThat(compile(f)).hadErrorContaining("@Index 'byCity' names field 'ctiy', which Thing does not store; did you mean 'city'?")
        .inFile(f).onLine(5);
  }

  @Test
  void indexPathIntoAFieldThatIsNotADocument() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity",
        "@Index(name = \"byStreet\", fields = {\"city.street\"})", "public record Thing(@Id String id, String city) {}");
    assertThat(compile(f)).hadErrorContaining("@Index 'byStreet' names the path 'city.street', but 'city' is not a @Document field")
        .inFile(f).onLine(5);
  }

  @Test
  void compositeIndexWithoutFields() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity",
        "@Index(name = \"empty\", fields = {})", "public record Thing(@Id String id, String city) {}");
    assertThat(compile(f)).hadErrorContaining("@Index 'empty' names no fields").inFile(f).onLine(5);
  }

  @Test
  void duplicateIndexNames() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity",
        "@Index(name = \"city\", fields = {\"city\", \"zip\"})", "public record Thing(@Id String id, @Indexed String city, String zip) {}");
    assertThat(compile(f)).hadErrorContaining("index name 'city' is used more than once in Thing").inFile(f).onLine(5);
  }

  @Test
  void blobOnANonByteArray() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Blob String avatar) {}");
    assertThat(compile(f)).hadErrorContaining("@Blob goes on byte[] fields only; 'avatar' is java.lang.String").inFile(f).onLine(5);
  }

  @Test
  void blobChunkSizeOutOfRange() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Blob(chunkSize = 200000) byte[] avatar) {}");
    assertThat(compile(f)).hadErrorContaining("@Blob(chunkSize = 200000) on 'avatar' must be between 1 and 100000").inFile(f).onLine(5);
  }

  @Test
  void spatialOnANonPoint() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Spatial double[] where) {}");
    assertThat(compile(f)).hadErrorContaining("@Spatial goes on io.strata.Point or io.strata.GeoPoint fields only; 'where' is double[]")
        .inFile(f).onLine(5);
  }

  @Test
  void spatialRangeBudgetOutOfRange() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Spatial(maxRanges = 0) io.strata.GeoPoint where) {}");
    assertThat(compile(f)).hadErrorContaining("@Spatial(maxRanges = 0) on 'where' must be between 1 and 256").inFile(f).onLine(5);
  }

  @Test
  void documentOfAnUnsupportedType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document java.util.Map<Integer, Object> body) {}");
    assertThat(compile(f)).hadErrorContaining("@Document field 'body' has type java.util.Map<java.lang.Integer,java.lang.Object>,"
        + " which a document cannot hold: java.util.Map<java.lang.Integer,java.lang.Object> has keys of type java.lang.Integer, but"
        + " document map keys are strings: declare Map<String, java.lang.Object> and convert the keys").inFile(f).onLine(5);
  }

  @Test
  void documentOfARawType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @SuppressWarnings(\"rawtypes\") @Document java.util.List body) {}");
    assertThat(compile(f)).hadErrorContaining("java.util.List is a raw type: declare its type arguments, e.g. Map<String, Object>"
        + " or List<Integer>").inFile(f).onLine(5);
  }

  @Test
  void documentMapWhoseValuesAreNotStorable() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document java.util.Map<String, Thread> body) {}");
    assertThat(compile(f)).hadErrorContaining("java.lang.Thread is not a type a document can hold: use a boxed number, String,")
        .inFile(f).onLine(5);
  }

  @Test
  void documentClassWithoutANoArgConstructor() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document Part part) {", "  public static class Part { public int n; public Part(int n) { this.n = n; } } }");
    assertThat(compile(f)).hadErrorContaining("Part has no no-arg constructor visible from package test (where the generated codec"
        + " lives), which a document needs to rebuild it: add a public no-arg constructor, or use a record").inFile(f).onLine(5);
  }

  @Test
  void documentClassWithAPropertyThatCannotBeWritten() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document Part part) {", "  public static class Part { private int n; public int getN() { return n; } } }");
    assertThat(compile(f)).hadErrorContaining("field 'n' of Part cannot be both read and written from package test: add public"
        + " getN() and setN(...), make it public and non-final, or mark it @Transient").inFile(f).onLine(5);
  }

  @Test
  void documentClassWithASuperclass() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document Part part) {", "  public static class Base { public int a; }",
        "  public static class Part extends Base { public int b; } }");
    assertThat(compile(f)).hadErrorContaining("Part extends test.Thing.Base, whose fields a document would not keep: declare every"
        + " field in Part, or use a record").inFile(f).onLine(5);
  }

  @Test
  void recursiveDocumentType() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Document Node root) {", "  public record Node(String name, java.util.List<Node> children) {} }");
    assertThat(compile(f)).hadErrorContaining("test.Thing.Node refers to itself through its parts, and recursive document types are"
        + " not supported: declare that part as Map<String, Object> or List<Object>").inFile(f).onLine(5);
  }

  @Test
  void indexOnABlob() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Indexed @Blob byte[] avatar) {}");
    assertThat(compile(f)).hadErrorContaining("@Indexed field 'avatar' is a @Blob: blobs and documents cannot be indexed").inFile(f).onLine(4);
  }

  @Test
  void coveringIndexOnAnEntityWithADocument() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public record Thing(@Id String id,",
        "  @Indexed(covering = true) String city, @Document java.util.Map<String, Object> body) {}");
    assertThat(compile(f)).hadErrorContaining("covering index 'city' would copy whole rows, but Thing has @Document field 'body'")
        .inFile(f).onLine(4);
  }

  @Test
  void privateFieldWithoutGetter() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public class Thing {",
        "  @Id public String id;", "  private String secret;", "}");
    assertThat(compile(f)).hadErrorContaining("field 'secret' of Thing is private and has no getter, and Strata reads entities without reflection: add a"
        + " getter getSecret() or secret(), or make the field non-private")
        .inFile(f).onLine(6);
  }

  @Test
  void classThatCannotBeConstructed() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public class Thing {",
        "  @Id public final String id;", "  public Thing(String id, int unused) { this.id = id; }", "}");
    assertThat(compile(f)).hadErrorContaining("Thing cannot be built by the generated codec, which uses no reflection: no constructor it can call sets id, and no"
        + " setter or writable field does. Add a constructor whose parameters are named after the stored fields it takes (any"
        + " order; those it leaves out need a setter), or one taking every stored field in declaration order (java.lang.String id)")
        .inFile(f).onLine(4);
  }

  @Test
  void classWithSettersButNoConstructorItCanCall() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public class Thing {",
        "  @Id public String id;", "  public Thing(int unused) {}", "}");
    assertThat(compile(f)).hadErrorContaining("Thing cannot be built by the generated codec, which uses no reflection: no"
        + " constructor it can call (each field has a setter, but there is no non-private no-arg constructor)").inFile(f).onLine(4);
  }

  @Test
  void privateFieldsWithRecordStyleAccessorsAndANamingConstructorCompile() {
    JavaFileObject f = source("Thing", "package test;", IMPORTS, "@Entity", "public class Thing {",
        "  @Id private final String id;", "  private final int size;",
        "  public Thing(int size, String id) { this.id = id; this.size = size; }",
        "  public String id() { return id; }", "  public int size() { return size; }", "}");
    Compilation c = compile(f);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.ThingCodec").contentsAsUtf8String().contains("return new Thing(f_size, f_id)");
    assertThat(c).generatedSourceFile("test.ThingCodec").contentsAsUtf8String().contains("e.id(),");
  }

  @Test
  void nestedEntitiesWhoseRepositoriesClash() {
    JavaFileObject a = source("A", "package test;", IMPORTS, "public class A {",
        "  @Entity public record User(@Id String id) {}", "}");
    JavaFileObject b = source("B", "package test;", IMPORTS, "public class B {",
        "  @Entity(name = \"Other\") public record User(@Id String id) {}", "}");
    assertThat(compile(a, b)).hadErrorContaining("test.B.User and test.A.User would both generate test.UserRepository").inFile(b).onLine(4);
  }

  @Test
  void twoEntitiesWithTheSameEntityName() {
    JavaFileObject a = source("Cat", "package test;", IMPORTS, "@Entity(name = \"Pet\")", "public record Cat(@Id String id) {}");
    JavaFileObject b = source("Dog", "package test;", IMPORTS, "@Entity(name = \"Pet\")", "public record Dog(@Id String id) {}");
    assertThat(compile(a, b)).hadErrorContaining("@Entity name \"Pet\" is used by both test.Dog and test.Cat").inFile(b).onLine(4);
  }
}

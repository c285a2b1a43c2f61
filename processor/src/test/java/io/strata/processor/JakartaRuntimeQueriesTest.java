package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A Jakarta Data repository's generated implementation offers run-time queries ({@code io.strata.Queryable}) when its
 * entity's static metamodel builds restrictions (the one the processor writes), and leaves them out, compiling still,
 * when the application brought its own metamodel of Jakarta Data's attributes (as the TCK's entities do).
 */
class JakartaRuntimeQueriesTest {
  private static final JavaFileObject ITEM = JavaFileObjects.forSourceLines("test.Item", "package test;",
      "import jakarta.nosql.*;", "@Entity public class Item {", "  @Id public long id;", "  @Column public String name;", "}");
  private static final JavaFileObject ITEMS = JavaFileObjects.forSourceLines("test.Items", "package test;",
      "import jakarta.data.repository.*;", "import java.util.*;",
      "@Repository public interface Items extends CrudRepository<Item, Long>, io.strata.Queryable<Item> {",
      "  List<Item> findByName(String name);", "}");
  /** The application's own metamodel, of Jakarta Data's attributes only. */
  private static final JavaFileObject OWN_METAMODEL = JavaFileObjects.forSourceLines("test._Item", "package test;",
      "import jakarta.data.metamodel.*;", "import jakarta.data.metamodel.impl.*;",
      "@StaticMetamodel(Item.class) public interface _Item {",
      "  SortableAttribute<Item> id = new SortableAttributeRecord<>(\"id\");",
      "  TextAttribute<Item> name = new TextAttributeRecord<>(\"name\");", "}");

  private static String impl(Compilation c) throws IOException {
    assertThat(c).succeeded();
    return c.generatedSourceFile("test.ItemsImpl").orElseThrow().getCharContent(true).toString();
  }

  @Test
  void aRepositoryOfAnEntityWithTheGeneratedMetamodelIsQueryable() throws IOException {
    String impl = impl(Compiler.javac().withProcessors(new StrataProcessor()).compile(ITEM, ITEMS));
    assertTrue(impl.contains("implements Items, Queryable<Item>"), impl);
    assertTrue(impl.contains("Semantics.JAKARTA, Values.ORDER"), impl);
  }

  @Test
  void aRepositoryOfAnEntityWithItsOwnMetamodelCompilesWithoutRunTimeQueries() throws IOException {
    JavaFileObject plain = JavaFileObjects.forSourceLines("test.Items", "package test;",
        "import jakarta.data.repository.*;", "import java.util.*;",
        "@Repository public interface Items extends CrudRepository<Item, Long> {", "  List<Item> findByName(String name);", "}");
    String impl = impl(Compiler.javac().withProcessors(new StrataProcessor()).compile(ITEM, OWN_METAMODEL, plain));
    assertFalse(impl.contains("Queryable"), impl);
  }

  @Test
  void aRepositoryQueryableOfAnotherEntityIsAnError() {
    JavaFileObject items = JavaFileObjects.forSourceLines("test.Items", "package test;", "import jakarta.data.repository.*;",
        "@Repository public interface Items extends CrudRepository<Item, Long>, io.strata.Queryable<String> {}");
    assertThat(Compiler.javac().withProcessors(new StrataProcessor()).compile(ITEM, items)).hadErrorContaining(
        "Items extends Queryable<java.lang.String>, but it reads Item: declare Queryable<Item>").inFile(items).onLine(3);
  }

  @Test
  void aQueryableRepositoryOfAnEntityWithItsOwnMetamodelIsAnError() {
    assertThat(Compiler.javac().withProcessors(new StrataProcessor()).compile(ITEM, OWN_METAMODEL, ITEMS)).hadErrorContaining(
        "Items extends Queryable<test.Item>, but its implementation cannot offer where() and jdql(): Strata wrote no static"
            + " metamodel _Item whose attributes build its restrictions").inFile(ITEMS).onLine(4);
  }
}

package io.strata.processor.jakarta;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.strata.processor.StrataProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Which value kinds' ranges a Jakarta Data method reads from an index and which it checks on every row, pinned before
 * the method writers of both dialects become one (issue 38): the choice was made by two owners of key-order knowledge
 * (the criteria a Jakarta query hands the planner, by the tuple layer's order, and the planner's Jakarta semantics), so
 * moving it onto one must not change a single plan. One indexed property of every scalar kind, one
 * {@code findBy<Property>GreaterThan} and one {@code findBy<Property>Between} each.
 */
class JakartaRangePlansTest {
  /** Property name to its Java type: one of every scalar kind an index can hold. */
  private static final Map<String, String> KINDS = kinds();

  private static Map<String, String> kinds() {
    Map<String, String> kinds = new LinkedHashMap<>();
    kinds.put("aLong", "long");
    kinds.put("anInt", "int");
    kinds.put("aShort", "short");
    kinds.put("aByte", "byte");
    kinds.put("aChar", "char");
    kinds.put("aDouble", "double");
    kinds.put("aFloat", "float");
    kinds.put("aString", "String");
    kinds.put("aUuid", "java.util.UUID");
    kinds.put("anEnum", "Item.Size");
    kinds.put("anInstant", "java.time.Instant");
    kinds.put("aLocalDate", "java.time.LocalDate");
    kinds.put("aLocalDateTime", "java.time.LocalDateTime");
    kinds.put("aLocalTime", "java.time.LocalTime");
    kinds.put("aDuration", "java.time.Duration");
    kinds.put("aBigInteger", "java.math.BigInteger");
    kinds.put("aBigDecimal", "java.math.BigDecimal");
    return kinds;
  }

  private static final String IMPL = generated();

  private static String generated() {
    StringBuilder item = new StringBuilder("package test; import io.strata.annotations.Indexed; import jakarta.nosql.*;"
        + " @Entity public class Item { public enum Size { S, M, L } @Id public long id;");
    StringBuilder items = new StringBuilder("package test; import jakarta.data.repository.*; import java.util.List;"
        + " @Repository public interface Items extends BasicRepository<Item, Long> {");
    KINDS.forEach((name, type) -> {
      item.append(" @Indexed @Column public ").append(type).append(' ').append(name).append(';');
      String property = Character.toUpperCase(name.charAt(0)) + name.substring(1);
      items.append(" List<Item> findBy").append(property).append("GreaterThan(").append(type).append(" bound);");
      items.append(" List<Item> findBy").append(property).append("Between(").append(type).append(" from, ").append(type).append(" to);");
    });
    JavaFileObject entity = JavaFileObjects.forSourceString("test.Item", item.append(" }").toString());
    JavaFileObject repository = JavaFileObjects.forSourceString("test.Items", items.append(" }").toString());
    Compilation compiled = Compiler.javac().withProcessors(new StrataProcessor()).compile(entity, repository);
    assertThat(compiled).succeeded();
    try {
      return compiled.generatedSourceFile("test.ItemsImpl").orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What the method's javadoc says it reads: "index" when it names the property's index, "every row" otherwise. */
  private static String reads(String method) {
    int at = IMPL.indexOf(" " + method + "(");
    String javadoc = IMPL.substring(IMPL.lastIndexOf("/**", at), at);
    return javadoc.contains("Plan: reads index {@code ") ? "index" : javadoc.contains("every row") ? "every row" : javadoc;
  }

  private static Map<String, String> readsOf(String operator) {
    Map<String, String> out = new LinkedHashMap<>();
    KINDS.keySet().forEach(name -> out.put(name,
        reads("findBy" + Character.toUpperCase(name.charAt(0)) + name.substring(1) + operator)));
    return out;
  }

  @Test
  void aRangeIsReadFromAnIndexOnEveryKindButEnumsAndUuids() {
    Map<String, String> expected = new LinkedHashMap<>();
    KINDS.keySet().forEach(name -> expected.put(name, name.equals("anEnum") || name.equals("aUuid") ? "every row" : "index"));
    assertEquals(expected, readsOf("GreaterThan"));
    assertEquals(expected, readsOf("Between"));
  }
}

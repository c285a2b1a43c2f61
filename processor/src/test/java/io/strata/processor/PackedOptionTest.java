package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code -Astrata.packed} sets the row layout of the entities that do not choose one: a project whose data was written
 * a key per field keeps that layout without annotating every entity, and an entity's own {@code @Entity(packed)} wins.
 */
class PackedOptionTest {
  private static boolean packed(String annotation, String... options) throws IOException {
    JavaFileObject f = JavaFileObjects.forSourceLines("test.Thing", "package test;", "import io.strata.annotations.*;",
        annotation, "public record Thing(@Id String id, String name) {}");
    Compilation c = Compiler.javac().withProcessors(new StrataProcessor()).withOptions((Object[]) options).compile(f);
    assertThat(c).succeeded();
    return c.generatedSourceFile("test.ThingRepository").orElseThrow().getCharContent(true).toString().contains(".packed()");
  }

  @Test
  void theOptionChoosesTheLayoutOfEntitiesThatDoNotSetPacked() throws IOException {
    assertEquals(true, packed("@Entity"));
    assertEquals(false, packed("@Entity", "-Astrata.packed=false"));
    assertEquals(true, packed("@Entity", "-Astrata.packed=true"));
  }

  @Test
  void anEntitysOwnChoiceWinsOverTheOption() throws IOException {
    assertEquals(true, packed("@Entity(packed = true)", "-Astrata.packed=false"));
    assertEquals(false, packed("@Entity(packed = false)", "-Astrata.packed=true"));
  }
}

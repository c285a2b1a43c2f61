package io.strata.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Names the application chooses that meet names the processor generates: the {@code ENTITY} constant, the codec
 * {@code <E>Codec} beside the runtime's {@code EntityCodec}, the metamodel {@code _E}'s constants, the
 * {@code Queryable<E>} every implementation is. Each either works or is a compile error saying what to rename.
 */
class GeneratedNamesTest {
  private static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new StrataProcessor()).compile(sources);
  }

  @Test
  void anEntityNamedEntityIsStoredAndQueried() {
    JavaFileObject entity = JavaFileObjects.forSourceLines("test.Entity", "package test;",
        "@io.strata.annotations.Entity public record Entity(@io.strata.annotations.Id long id,",
        "    @io.strata.annotations.Indexed String entity, String entityInfo) {}");
    JavaFileObject repo = JavaFileObjects.forSourceLines("test.Entities", "package test;", "import io.strata.*;",
        "@io.strata.annotations.Repository",
        "public interface Entities extends CrudRepository<Entity, Long>, Queryable<Entity> {",
        "  java.util.List<Entity> findByEntity(String entity);", "}");
    JavaFileObject use = JavaFileObjects.forSourceLines("test.Use", "package test;", "class Use {",
        "  Object where(EntityRepository r, Entities e) {",
        "    return java.util.List.of(r.where(_Entity.entity.equalTo(\"x\")), e.where(_Entity.id.equalTo(1L)),",
        "        _Entity.ENTITY, _Entity.ENTITYINFO, EntityCodec.INSTANCE);", "  }", "}");
    assertThat(compile(entity, repo, use)).succeeded();
  }

  @Test
  void aFieldNamedAsItsMetamodelConstantIsAnError() {
    JavaFileObject site = JavaFileObjects.forSourceLines("test.Site", "package test;", "import io.strata.annotations.*;",
        "@Entity public record Site(@Id long id, String URL) {}");
    assertThat(compile(site)).hadErrorContaining("field 'URL' of Site: the static metamodel _Site would declare 'URL' twice"
        + " (a field's attribute is named as the field, its name constant is the name in upper case): rename 'URL'")
        .inFile(site).onLine(3);
  }

  @Test
  void twoFieldsWithOneMetamodelConstantAreAnError() {
    JavaFileObject site = JavaFileObjects.forSourceLines("test.Site", "package test;", "import io.strata.annotations.*;",
        "@Entity public record Site(@Id long id, String url, String uRL) {}");
    assertThat(compile(site)).hadErrorContaining("fields 'url', 'uRL' of Site: the static metamodel _Site would declare 'URL' twice")
        .inFile(site).onLine(3);
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * The shell every generated repository class shares, whatever its dialect ({@code <Type>Repository}, a Strata
 * {@code <Interface>Impl}, a Jakarta Data {@code <Interface>Impl}): a public final class annotated {@code @Generated}
 * (and {@code @Singleton} when jakarta.inject is present) with three constructors, {@code (StrataDb)} for injectors,
 * {@code (Database)} at the root of the key space and {@code (Database, Subspace)} under a prefix. The writers add only
 * their fields, the statements of the last constructor and their methods.
 */
public final class ClassShell {
  private static final ClassName SINGLETON = ClassName.get("jakarta.inject", "Singleton");
  private static final ClassName INJECT = ClassName.get("jakarta.inject", "Inject");
  private static final ClassName NAMED = ClassName.get("jakarta.inject", "Named");

  private final String subject;

  /**
   * @param subject the words each constructor's javadoc begins with, before "start at the root …": what the keys
   *     belong to, e.g. {@code "A repository whose keys"} or {@code "Keys"}
   */
  public ClassShell(String subject) {
    this.subject = subject;
  }

  /** The class {@code name}: public, final, {@code @Generated}, {@code @Singleton} when {@code injectable}. */
  public static TypeSpec.Builder type(ClassName name, boolean injectable) {
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addAnnotation(Generated.annotation())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL);
    if (injectable) {
      type.addAnnotation(SINGLETON);
    }
    return type;
  }

  /**
   * The {@code (StrataDb)} constructor: the URL's database and root (its {@code root=}/{@code tenant=} directory); the
   * one dependency injectors call when jakarta.inject is present, the {@code StrataDb} named {@code dataStore} when
   * that is not empty.
   */
  public static MethodSpec strataDbConstructor(boolean injectable, String dataStore) {
    ParameterSpec.Builder sdb = ParameterSpec.builder(RepositoryWriter.STRATA_DB, "sdb");
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder()
        .addJavadoc("Reads and writes in {@code sdb}'s database under its root: the directory its URL names with\n"
            + "{@code root=} and {@code tenant=}, else the whole key space.\n")
        .addModifiers(Modifier.PUBLIC);
    if (injectable && dataStore != null && !dataStore.isEmpty()) {
      sdb.addAnnotation(AnnotationSpec.builder(NAMED).addMember("value", "$S", dataStore).build());
      ctor.addJavadoc("Injected with the {@code StrataDb} named {@code $L} ({@code @Repository(dataStore)}).\n", dataStore);
    }
    ctor.addParameter(sdb.build()).addStatement("this(sdb.database(), sdb.root())");
    if (injectable) {
      ctor.addAnnotation(INJECT);
    }
    return ctor.build();
  }

  /** The {@code (Database)} constructor: keys at the root of the key space. */
  public MethodSpec rootConstructor() {
    return MethodSpec.constructorBuilder()
        .addJavadoc("$L start at the root of the key space (empty prefix).\n", subject)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(RepositoryWriter.DATABASE, "db")
        .addStatement("this(db, new $T())", RepositoryWriter.SUBSPACE)
        .build();
  }

  /**
   * The {@code (Database, Subspace)} constructor, every other one's delegate, beginning with {@code first} (which
   * checks {@code db} is not null); the writer adds the statements setting its fields.
   */
  public MethodSpec.Builder prefixConstructor(CodeBlock first) {
    return MethodSpec.constructorBuilder()
        .addJavadoc("$L start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).\n", subject)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(RepositoryWriter.DATABASE, "db")
        .addParameter(RepositoryWriter.SUBSPACE, "root")
        .addStatement(first);
  }
}

package io.strata.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import io.strata.processor.codegen.CodecWriter;
import io.strata.processor.codegen.MetamodelWriter;
import io.strata.processor.codegen.GeneratedMethods;
import io.strata.annotations.Entity;
import io.strata.annotations.Repository;
import io.strata.processor.codegen.RepositoryImplWriter;
import io.strata.processor.codegen.RepositoryIndexWriter;
import io.strata.processor.codegen.RepositoryWriter;
import io.strata.processor.jakarta.JakartaRepositoryWriter;
import io.strata.processor.model.EntityModel;
import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.EntityValidator;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.RepositoryValidator;
import io.strata.processor.validation.SchemaEvolution;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.MirroredTypeException;
import javax.tools.Diagnostic;

/**
 * Generates {@code <Type>Repository} and {@code <Type>Codec} for every {@code @Entity}, and {@code <Interface>Impl}
 * for every {@code @Repository}. Thin by
 * design: validation turns elements into models, writers turn models into files.
 */
@AutoService(Processor.class)
public final class StrataProcessor extends AbstractProcessor {
  private static final String ENTITY = "io.strata.annotations.Entity";
  /**
   * Strata's annotations, and the {@code @Generated} on the code it writes, are this processor's alone:
   * claiming them keeps javac's {@code -Xlint:processing} quiet.
   */
  private static final Set<String> CLAIMED = Set.of("io.strata.annotations.*", "javax.annotation.processing.Generated");
  /**
   * Jakarta's annotations, which other providers' processors may also handle: Strata reads them but never claims
   * them (its {@code process} returns false in a round that has them).
   */
  private static final Set<String> SHARED = Set.of(EntityValidator.JAKARTA_ENTITY, JakartaRepositoryWriter.REPOSITORY);
  private static final String REPOSITORY = "io.strata.annotations.Repository";

  /** Generated class name → the entity that claimed it, across rounds, for clash detection. */
  private final Map<String, TypeElement> claimedNames = new HashMap<>();
  private final Map<String, TypeElement> claimedEntityNames = new HashMap<>();
  /** The {@code jakarta.nosql} entities whose codec is written, across rounds. */
  private final Set<String> jakartaCodecs = new java.util.HashSet<>();
  /** The {@code _Entity} metamodels written, across rounds. */
  private final Set<String> metamodels = new java.util.HashSet<>();
  /** The {@code _Entity} metamodels this processor wrote (not the application's own), across rounds. */
  private final Set<String> metamodelsWritten = new java.util.HashSet<>();
  private SchemaEvolution schemaEvolution;
  private final RepositoryIndexWriter repositoryIndex = new RepositoryIndexWriter();

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    Set<String> supported = new java.util.HashSet<>(CLAIMED);
    supported.addAll(SHARED);
    return supported;
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(SchemaEvolution.OPTION, EntityValidator.PACKED_OPTION, JakartaRepositoryWriter.REQUIRE_INDEXES_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    TypeElement entity = processingEnv.getElementUtils().getTypeElement(ENTITY);
    if (round.processingOver()) {
      writeRepositoryIndex();
    }
    Diagnostics diagnostics = new Diagnostics(processingEnv.getMessager());
    EntityValidator validator = new EntityValidator(processingEnv, diagnostics);
    List<TypeElement> types = new ArrayList<>();
    // without strata-annotations on the class path (a Jakarta Data application may not have it) there are no Strata
    // entities or repositories, but Jakarta Data repositories over jakarta.nosql entities still get their Impl
    if (entity != null) {
      for (Element e : round.getElementsAnnotatedWith(entity)) {
        types.add((TypeElement) e);
      }
    }

    types.sort(Comparator.comparing(t -> t.getQualifiedName().toString()));
    Map<String, Optional<EntityModel>> models = new HashMap<>();
    for (TypeElement type : types) {
      Optional<EntityModel> model = validator.validate(type);
      models.put(type.getQualifiedName().toString(), model);
      if (model.isEmpty() || clashes(type, model.get(), diagnostics)) {
        continue;
      }
      write(type, new CodecWriter().write(model.get()));
      write(type, new RepositoryWriter().write(model.get()));
      metamodel(type, model.get(), false);
      repositoryIndex.add(model.get().repositoryName().canonicalName());
      if (schemaEvolution == null) {
        schemaEvolution = new SchemaEvolution(processingEnv);
      }
      schemaEvolution.check(type, model.get(), diagnostics);
    }
    repositories(round, diagnostics, validator, models);
    jakartaRepositories(round, diagnostics, validator, models);
    return annotations.stream().noneMatch(a -> SHARED.contains(a.getQualifiedName().toString()));
  }

  /** Generates {@code <Interface>Impl} for every Jakarta Data {@code @Repository} whose entities Strata stores. */
  private void jakartaRepositories(RoundEnvironment round, Diagnostics diagnostics, EntityValidator validator,
      Map<String, Optional<EntityModel>> models) {
    TypeElement annotation = processingEnv.getElementUtils().getTypeElement(JakartaRepositoryWriter.REPOSITORY);
    if (annotation == null) {
      return;
    }
    JakartaRepositoryWriter writer = new JakartaRepositoryWriter(processingEnv, diagnostics, type -> models.computeIfAbsent(
        type.getQualifiedName().toString(), name -> jakartaEntity(type, validator, diagnostics)),
        entity -> metamodelsWritten.contains(MetamodelWriter.name(entity).canonicalName()));
    List<TypeElement> types = new ArrayList<>();
    for (Element e : round.getElementsAnnotatedWith(annotation)) {
      if (e.getKind() == javax.lang.model.element.ElementKind.INTERFACE) {
        types.add((TypeElement) e);
      }
    }
    types.sort(Comparator.comparing(t -> t.getQualifiedName().toString()));
    for (TypeElement type : types) {
      Optional<String> notStrata = writer.whyNotStrata(type);
      if (notStrata.isPresent()) {
        diagnostics.note(type, Messages.JAKARTA_REPOSITORY_LEFT_ALONE, type.getQualifiedName(), notStrata.get());
        continue;
      }
      writer.write(type).ifPresent(file -> {
        write(type, file);
        repositoryIndex.add(file.packageName() + "." + file.typeSpec().name());
      });
    }
  }

  /** Generates {@code <Interface>Impl} for every {@code @Repository}, planning its queries on the entity's model. */
  private void repositories(RoundEnvironment round, Diagnostics diagnostics, EntityValidator validator,
      Map<String, Optional<EntityModel>> models) {
    TypeElement annotation = processingEnv.getElementUtils().getTypeElement(REPOSITORY);
    if (annotation == null) {
      return;
    }
    RepositoryValidator repositories = new RepositoryValidator(diagnostics, type -> models.computeIfAbsent(
        type.getQualifiedName().toString(), name -> type.getAnnotation(Entity.class) == null ? Optional.empty() : validator.validate(type)));
    List<TypeElement> types = new ArrayList<>();
    for (Element e : round.getElementsAnnotatedWith(annotation)) {
      types.add((TypeElement) e);
    }
    types.sort(Comparator.comparing(t -> t.getQualifiedName().toString()));
    for (TypeElement type : types) {
      repositories.validate(type, declaredEntity(type)).ifPresent(model -> {
        write(type, new RepositoryImplWriter().write(model));
        repositoryIndex.add(model.implName().canonicalName());
      });
    }
  }

  /**
   * The model of an entity a Jakarta Data repository uses, validated when a repository first needs it (a
   * {@code jakarta.nosql.Entity} class no Strata repository uses is another provider's business), with its codec
   * written. A {@code jakarta.nosql} entity gets no {@code <Type>Repository}: Jakarta Data users name their own
   * repositories so, and their {@code <Interface>Impl} is the entity's repository.
   */
  private Optional<EntityModel> jakartaEntity(TypeElement type, EntityValidator validator, Diagnostics diagnostics) {
    if (type.getAnnotation(Entity.class) != null) {
      return validator.validate(type); // a Strata entity: codec, repository and metamodel come from its round
    }
    Optional<EntityModel> model = validator.validate(type);
    if (model.isPresent() && jakartaCodecs.add(type.getQualifiedName().toString()) && !clashes(type, model.get(), diagnostics)) {
      write(type, new CodecWriter().write(model.get()));
      if (schemaEvolution == null) {
        schemaEvolution = new SchemaEvolution(processingEnv);
      }
      schemaEvolution.check(type, model.get(), diagnostics);
    }
    model.ifPresent(m -> metamodel(type, m, true));
    return model;
  }

  /**
   * Writes {@code _Entity} once: for a Strata entity always, for a {@code jakarta.nosql} one when Jakarta Data's
   * metamodel and strata-jakarta-data are present and no class of that name exists (the application wrote its own).
   */
  private void metamodel(TypeElement type, EntityModel model, boolean jakarta) {
    String name = MetamodelWriter.name(model).canonicalName();
    if (jakarta && (processingEnv.getElementUtils().getTypeElement("jakarta.data.metamodel.StaticMetamodel") == null
        || processingEnv.getElementUtils().getTypeElement("io.strata.jakarta.data.SortableDataAttribute") == null)) {
      return;
    }
    // a jakarta.nosql entity may come with its own metamodel (the TCK's do); a Strata entity's _E is always this
    // processor's (looking for one would find the _E an earlier compilation of the same sources put on the class path),
    // and so is a jakarta.nosql entity's whose attributes are strata-jakarta-data's: written again, as the repository
    // implementations' run-time queries read it
    TypeElement existing = processingEnv.getElementUtils().getTypeElement(name);
    if (metamodels.add(name) && (!jakarta || existing == null || writtenByStrata(existing))) {
      metamodelsWritten.add(name);
      write(type, new MetamodelWriter().write(model, jakarta));
    }
  }

  /** Whether {@code metamodel}, found on the class path, is one an earlier run of this processor wrote. */
  private static boolean writtenByStrata(TypeElement metamodel) {
    return javax.lang.model.util.ElementFilter.fieldsIn(metamodel.getEnclosedElements()).stream()
        .anyMatch(f -> f.asType().toString().startsWith("io.strata.jakarta.data."));
  }

  /** The {@code @Repository(entity = ...)} class, or null when not set. */
  private static TypeElement declaredEntity(TypeElement type) {
    try {
      type.getAnnotation(Repository.class).entity();
    } catch (MirroredTypeException e) {
      return e.getTypeMirror() instanceof DeclaredType d ? (TypeElement) d.asElement() : null;
    }
    return null;
  }

  /** The field or record component {@code name} of {@code type} annotated {@code @Text} (where its errors go), else the type. */
  private static Element textField(TypeElement type, String name) {
    // fields only: a record's components and accessors carry the annotation too, but no source position on JDK 17
    for (Element e : javax.lang.model.util.ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (e.getSimpleName().contentEquals(name) && e.getAnnotation(io.strata.annotations.Text.class) != null) {
        return e;
      }
    }
    return type;
  }

  /**
   * Whether {@code type} cannot be generated: its repository or entity name is taken, or two of its
   * declarations would generate the same method (see {@link GeneratedMethods}); each is reported.
   */
  private boolean clashes(TypeElement type, EntityModel model, Diagnostics diagnostics) {
    String repository = model.repositoryName().canonicalName();
    TypeElement previous = claimedNames.putIfAbsent(repository, type);
    if (previous != null && !previous.equals(type)) {
      diagnostics.error(type, Messages.NAME_CLASH, type.getQualifiedName(), previous.getQualifiedName(), repository);
      return true;
    }
    TypeElement sameName = claimedEntityNames.putIfAbsent(model.entityName(), type);
    if (sameName != null && !sameName.equals(type)) {
      diagnostics.error(type, Messages.ENTITY_NAME_CLASH, model.entityName(), type.getQualifiedName(), sameName.getQualifiedName());
      return true;
    }
    List<GeneratedMethods.Clash> methods = GeneratedMethods.clashes(model);
    for (GeneratedMethods.Clash c : methods) {
      GeneratedMethods.Source s = c.source();
      if (s.annotation().equals("Text")) {
        diagnostics.error(textField(type, s.name()), Messages.TEXT_METHOD_CLASH, s.name(), c.signature(), c.earlier());
      } else {
        diagnostics.error(type, Messages.DERIVED_METHOD_CLASH, s.annotation(), s.name(), c.signature(), c.earlier(), s.annotation());
      }
    }
    return !methods.isEmpty();
  }

  private void writeRepositoryIndex() {
    try {
      repositoryIndex.write(processingEnv.getFiler());
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "Strata could not write " + RepositoryIndexWriter.RESOURCE + ": " + e.getMessage());
    }
  }

  private void write(TypeElement origin, JavaFile file) {
    try {
      String name = file.packageName().isEmpty() ? file.typeSpec().name() : file.packageName() + "." + file.typeSpec().name();
      try (java.io.Writer out = processingEnv.getFiler().createSourceFile(name, origin).openWriter()) {
        file.writeTo(out);
      }
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "Strata could not write " + file.packageName() + "." + file.typeSpec().name() + ": " + e.getMessage(), origin);
    }
  }
}

package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.strata.annotations.Aggregate;
import io.strata.annotations.Blob;
import io.strata.annotations.Entity;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import io.strata.annotations.Rank;
import io.strata.processor.model.EntityModel;
import io.strata.processor.schema.SchemaDirectory;
import io.strata.processor.schema.SchemaExtractor;
import io.strata.query.schema.EntitySchema;
import io.strata.query.schema.SchemaFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Schema evolution checked at build time: compares each entity with its snapshot in the directory given
 * by {@code -Astrata.schemaDir}, reports every change that would misread stored data on the element that
 * made it, and otherwise writes the updated snapshot (docs/schema-evolution.md). Without the option it
 * checks nothing and says so once, in a note.
 */
public final class SchemaEvolution {
  /** The processor option naming the snapshot directory. */
  public static final String OPTION = "strata.schemaDir";

  private final Elements elements;
  private final SchemaDirectory directory;
  private final SchemaExtractor extractor;
  private boolean noted;

  /** Reads {@value #OPTION} from the processor options; without it, {@link #check} only notes that nothing is checked. */
  public SchemaEvolution(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    String dir = env.getOptions().get(OPTION);
    this.directory = dir == null || dir.isBlank() ? null : new SchemaDirectory(Path.of(dir));
    this.extractor = new SchemaExtractor(this::enumConstants);
  }

  /** Checks {@code model} (of {@code type}) against its snapshot and, when nothing misreads, updates the snapshot. */
  public void check(TypeElement type, EntityModel model, Diagnostics diagnostics) {
    if (directory == null) {
      if (!noted) {
        noted = true;
        diagnostics.note(null, Messages.SCHEMA_NOT_CHECKED);
      }
      return;
    }
    EntitySchema now = extractor.schema(model);
    Path file = directory.file(now.className());
    Optional<EntitySchema> old;
    try {
      if (!Files.exists(file)) {
        file = directory.moved(now.entityName(), c -> elements.getTypeElement(c) == null).orElse(file);
      }
      old = directory.read(file);
    } catch (SchemaFormat.MalformedException e) {
      diagnostics.error(type, Messages.SCHEMA_UNREADABLE, file, e.getMessage());
      return;
    } catch (IOException e) {
      diagnostics.error(type, Messages.SCHEMA_IO_FAILED, "read", file, e);
      return;
    }
    EntitySchema next = now;
    if (old.isPresent()) {
      List<SchemaComparer.Problem> problems = SchemaComparer.compare(old.get(), now);
      for (SchemaComparer.Problem p : problems) {
        List<Object> args = new ArrayList<>(p.args());
        args.add(Messages.SCHEMA_ACCEPT_HINT.format(file));
        diagnostics.error(element(type, p), mirror(type, p), p.message(), args.toArray());
      }
      if (!problems.isEmpty()) {
        return; // keep the old snapshot: the next compile fails the same way until the change is undone or accepted
      }
      next = SchemaComparer.merged(old.get(), now);
      for (String retired : old.get().fields().keySet()) {
        if (!now.fields().containsKey(retired)) {
          diagnostics.note(type, Messages.SCHEMA_FIELD_RETIRED, retired, type.getSimpleName());
        }
      }
    }
    try {
      directory.write(next);
      if (!file.equals(directory.file(now.className()))) {
        Files.delete(file); // the entity moved: its snapshot moves with it
      }
    } catch (IOException e) {
      diagnostics.error(type, Messages.SCHEMA_IO_FAILED, "write", directory.file(now.className()), e);
    }
  }

  private List<String> enumConstants(TypeName type) {
    TypeElement e = elements.getTypeElement(((ClassName) type.withoutAnnotations()).canonicalName());
    return e == null ? List.of() : e.getEnclosedElements().stream()
        .filter(c -> c.getKind() == ElementKind.ENUM_CONSTANT).map(c -> c.getSimpleName().toString()).toList();
  }

  private static Element element(TypeElement type, SchemaComparer.Problem p) {
    return switch (p.where()) {
      case ENTITY -> type;
      case FIELD, BLOB -> field(type, p.name()).orElse(type);
      case INDEX -> indexedField(type, p.name()).orElse(type);
      case DERIVED -> type;
    };
  }

  private static AnnotationMirror mirror(TypeElement type, SchemaComparer.Problem p) {
    return switch (p.where()) {
      case ENTITY -> annotation(type, Entity.class.getCanonicalName()).orElse(null);
      case FIELD -> null;
      case BLOB -> field(type, p.name()).flatMap(f -> annotation(f, Blob.class.getCanonicalName())).orElse(null);
      case INDEX -> indexedField(type, p.name()).flatMap(f -> annotation(f, Indexed.class.getCanonicalName()))
          .or(() -> compositeIndex(type, p.name())).orElse(null);
      case DERIVED -> derived(type, p.name()).orElse(null);
    };
  }

  private static Optional<Element> field(TypeElement type, String name) {
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
        .filter(f -> f.getSimpleName().contentEquals(name)).map(Element.class::cast).findFirst();
  }

  /** The field whose {@code @Indexed} declares the index {@code name}. */
  private static Optional<Element> indexedField(TypeElement type, String name) {
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream().filter(f -> {
      Indexed indexed = f.getAnnotation(Indexed.class);
      return indexed != null && (indexed.name().isEmpty() ? f.getSimpleName().contentEquals(name) : indexed.name().equals(name));
    }).map(Element.class::cast).findFirst();
  }

  /** The {@code @Index} declaring {@code name}, or the container of repeated ones. */
  private static Optional<AnnotationMirror> compositeIndex(TypeElement type, String name) {
    Optional<AnnotationMirror> single = annotation(type, Index.class.getCanonicalName()).filter(m -> name.equals(value(m, "name")));
    return single.or(() -> annotation(type, Index.List.class.getCanonicalName()));
  }

  /** The {@code @Aggregate} or {@code @Rank} declaring {@code name}, or the container of repeated ones. */
  private static Optional<AnnotationMirror> derived(TypeElement type, String name) {
    for (Class<?> kind : List.of(Aggregate.class, Rank.class)) {
      Optional<AnnotationMirror> single = annotation(type, kind.getCanonicalName()).filter(m -> name.equals(value(m, "name")));
      if (single.isPresent()) {
        return single;
      }
    }
    return annotation(type, Aggregate.List.class.getCanonicalName()).or(() -> annotation(type, Rank.List.class.getCanonicalName()));
  }

  private static Optional<AnnotationMirror> annotation(Element e, String name) {
    return e.getAnnotationMirrors().stream().filter(m -> m.getAnnotationType().toString().equals(name))
        .map(AnnotationMirror.class::cast).findFirst();
  }

  private static Object value(AnnotationMirror m, String attribute) {
    return m.getElementValues().entrySet().stream().filter(e -> e.getKey().getSimpleName().contentEquals(attribute))
        .map(e -> ((AnnotationValue) e.getValue()).getValue()).findFirst().orElse(null);
  }
}

package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import io.strata.annotations.Blob;
import io.strata.annotations.Document;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Spatial;
import io.strata.annotations.Transient;
import io.strata.processor.model.BlobModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.SpatialModel;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Turns one {@code @Entity} type element into an {@link EntityModel}, reporting every problem it finds
 * (not just the first) through {@link Diagnostics}. Returns empty when anything was reported.
 */
public final class EntityValidator {
  /** The compiler option that sets the default of {@code @Entity(packed)} for one compilation. */
  public static final String PACKED_OPTION = "strata.packed";
  /** Jakarta NoSQL's entity annotation: Strata maps such classes as it maps its own {@code @Entity} (docs/jakarta-data.md). */
  public static final String JAKARTA_ENTITY = "jakarta.nosql.Entity";
  static final String JAKARTA_ID = "jakarta.nosql.Id";
  static final String JAKARTA_COLUMN = "jakarta.nosql.Column";
  private final Types types;
  private final Diagnostics diagnostics;
  private final Accessors accessors;
  private final TypeMapper mapper;
  private final Converters converters;
  private final boolean injectable;
  /** {@code -Astrata.packed} as given (null when absent): the layout of entities that do not set {@code @Entity(packed)}. */
  private final String packedOption;

  public EntityValidator(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.types = env.getTypeUtils();
    this.accessors = new Accessors(types, env.getElementUtils());
    this.mapper = new TypeMapper(accessors);
    this.converters = new Converters(types, accessors, mapper, diagnostics);
    this.diagnostics = diagnostics;
    this.injectable = env.getElementUtils().getTypeElement("jakarta.inject.Singleton") != null;
    this.packedOption = env.getOptions().get(PACKED_OPTION);
  }

  /** A field or record component as declared, before mapping. */
  record Declared(Element element, String name, TypeMirror type, boolean stored) {}

  public Optional<EntityModel> validate(TypeElement type) {
    diagnostics.reset();
    if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD) {
      diagnostics.error(type, Messages.NOT_A_CLASS, type.getSimpleName(), type.getKind().toString().toLowerCase());
      return Optional.empty();
    }
    boolean record = type.getKind() == ElementKind.RECORD;
    // a Jakarta NoSQL entity stores its @Id and @Column fields only, as Jakarta NoSQL defines
    boolean jakarta = type.getAnnotation(Entity.class) == null;
    List<Declared> declared = declaredFields(type, record, jakarta);
    List<FieldModel> fields = new ArrayList<>();
    List<Declared> ids = new ArrayList<>();
    for (Declared d : declared) {
      if (!d.stored()) {
        continue;
      }
      boolean id = d.element().getAnnotation(Id.class) != null || annotated(d.element(), JAKARTA_ID);
      if (id) {
        ids.add(d);
      }
      mapField(type, d, record, id).ifPresent(fields::add);
    }
    if (ids.isEmpty()) {
      diagnostics.error(type, Messages.NO_ID, type.getSimpleName());
    } else if (ids.size() > 1) {
      diagnostics.error(ids.get(1).element(), Messages.TWO_IDS, type.getSimpleName(),
          String.join(", ", ids.stream().map(Declared::name).toList()));
    }
    metamodelNames(type, fields);
    List<String> constructorArgs = new EntityConstruction(types, diagnostics, accessors).arguments(type, record, declared, fields);
    List<IndexModel> indexes = new IndexDeclarations(diagnostics).indexes(type, declared, fields);
    List<BlobModel> blobs = new ArrayList<>();
    List<FieldModel> documents = new ArrayList<>();
    for (Declared d : declared) {
      Optional<FieldModel> field = fields.stream().filter(f -> f.name().equals(d.name())).findFirst();
      Blob blob = d.element().getAnnotation(Blob.class);
      field.filter(f -> blob != null).ifPresent(f -> blobs.add(new BlobModel(f, blob.chunkSize())));
      field.filter(IndexDeclarations::isDocument).ifPresent(documents::add);
    }
    for (IndexModel index : indexes) {
      for (FieldModel f : index.fields()) {
        if (blobs.stream().anyMatch(b -> b.field().name().equals(f.name()))) {
          diagnostics.error(type, Messages.INDEX_ON_LARGE_FIELD, f.name(), "Blob");
        }
      }
      if (index.covering() && !documents.isEmpty()) {
        diagnostics.error(type, Messages.COVERING_WITH_DOCUMENT, index.name(), type.getSimpleName(), documents.get(0).name());
      }
    }
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    List<SpatialModel> spatial = new ArrayList<>();
    for (Declared d : declared) {
      Spatial annotation = d.element().getAnnotation(Spatial.class);
      fields.stream().filter(f -> f.name().equals(d.name())).findFirst().filter(f -> annotation != null).ifPresent(f ->
          spatial.add(new SpatialModel(f, f.type().kind() == ValueType.Kind.GEO_POINT, annotation.maxRanges())));
    }
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    Set<String> indexNames = new java.util.HashSet<>();
    indexes.forEach(i -> indexNames.add(i.name()));
    var derived = new DerivedIndexValidator(diagnostics, type, fields);
    var aggregates = derived.aggregates(indexNames);
    var ranks = derived.ranks(indexNames);
    var texts = derived.texts(declaredWith(declared, io.strata.annotations.Text.class.getCanonicalName()), indexNames);
    var embeddings = derived.embeddings(declaredWith(declared, DerivedIndexValidator.EMBEDDING));
    boolean versioned = derived.versioned(indexNames);
    if (diagnostics.failed()) {
      return Optional.empty();
    }
    Entity entity = type.getAnnotation(Entity.class);
    if (jakarta) {
      // Jakarta entities get Strata's defaults: packed rows (unless -Astrata.packed says otherwise), no column copy
      String name = jakartaEntityName(type);
      if (packedOption != null && !packedOption.equals("true") && !packedOption.equals("false")) {
        diagnostics.error(type, Messages.PACKED_OPTION_INVALID, packedOption, type.getSimpleName());
        return Optional.empty();
      }
      return Optional.of(new EntityModel(ClassName.get(type), name, fields, constructorArgs, indexes, spatial, blobs, documents,
          false, injectable, aggregates, ranks, texts, versioned, packedOption == null || Boolean.parseBoolean(packedOption),
          embeddings));
    }
    String name = entity.name().isEmpty() ? type.getSimpleName().toString() : entity.name();
    boolean packedGiven = mirror(type, Entity.class).getElementValues().keySet().stream()
        .anyMatch(m -> m.getSimpleName().contentEquals("packed"));
    if (entity.columnMajor() && entity.packed() && packedGiven) {
      diagnostics.error(type, mirror(type, Entity.class), Messages.PACKED_WITH_COLUMN_MAJOR, type.getSimpleName());
      return Optional.empty();
    }
    boolean packed = entity.packed();
    if (!packedGiven && packedOption != null) {
      if (!packedOption.equals("true") && !packedOption.equals("false")) {
        diagnostics.error(type, Messages.PACKED_OPTION_INVALID, packedOption, type.getSimpleName());
        return Optional.empty();
      }
      packed = Boolean.parseBoolean(packedOption);
    }
    return Optional.of(new EntityModel(ClassName.get(type), name, fields, constructorArgs, indexes, spatial, blobs, documents,
        entity.columnMajor(), injectable, aggregates, ranks, texts, versioned, packed && !entity.columnMajor(), embeddings));
  }

  /** The fields and record components annotated with {@code annotation} (a qualified name), by name. */
  private static Map<String, Element> declaredWith(List<Declared> declared, String annotation) {
    Map<String, Element> out = new LinkedHashMap<>();
    declared.stream().filter(d -> annotated(d.element(), annotation)).forEach(d -> out.put(d.name(), d.element()));
    return out;
  }

  /** {@code @jakarta.nosql.Entity("name")}, else the simple class name. */
  private static String jakartaEntityName(TypeElement type) {
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      if (m.getAnnotationType().toString().equals(JAKARTA_ENTITY)) {
        for (var e : m.getElementValues().entrySet()) {
          if (e.getKey().getSimpleName().contentEquals("value") && !e.getValue().getValue().toString().isEmpty()) {
            return e.getValue().getValue().toString();
          }
        }
      }
    }
    return type.getSimpleName().toString();
  }

  /** Whether {@code e} carries the annotation named {@code annotation} (one Strata does not depend on). */
  public static boolean annotated(Element e, String annotation) {
    return e.getAnnotationMirrors().stream().anyMatch(m -> m.getAnnotationType().toString().equals(annotation));
  }

  private List<Declared> declaredFields(TypeElement type, boolean record, boolean jakarta) {
    List<Declared> out = new ArrayList<>();
    if (record) {
      // the components' implicit fields carry their annotations and, unlike components on JDK 17, a source position
      for (var c : type.getRecordComponents()) {
        Element at = ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
            .filter(f -> f.getSimpleName().equals(c.getSimpleName())).findFirst().map(Element.class::cast).orElse(c);
        out.add(new Declared(at, c.getSimpleName().toString(), c.asType(), jakarta ? jakartaStored(at) : at.getAnnotation(Transient.class) == null));
      }
    } else {
      for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
        if (f.getModifiers().contains(Modifier.STATIC)) {
          continue;
        }
        boolean stored = jakarta ? jakartaStored(f)
            : f.getAnnotation(Transient.class) == null && !f.getModifiers().contains(Modifier.TRANSIENT);
        out.add(new Declared(f, f.getSimpleName().toString(), f.asType(), stored));
      }
    }
    return out;
  }

  private static boolean jakartaStored(Element e) {
    return annotated(e, JAKARTA_ID) || annotated(e, JAKARTA_COLUMN);
  }

  private Optional<FieldModel> mapField(TypeElement owner, Declared d, boolean record, boolean id) {
    Element e = d.element();
    AnnotationMirror convert = mirror(e, Converters.CONVERT);
    if (convert != null) {
      return converters.field(owner, e, d.name(), d.type(), id, convert, record ? "e." + d.name() + "()" : readExpression(owner, d),
          declaredNonNull(owner, d));
    }
    String timeAdvice = TypeMapper.timeAdvice(d.type());
    if (timeAdvice != null) {
      diagnostics.error(e, Messages.UNSUPPORTED_TIME_TYPE, d.name(), d.type(), timeAdvice);
      return Optional.empty();
    }
    for (var feature : List.of(Blob.class, Document.class, Spatial.class)) {
      if (e.getAnnotation(feature) != null && !checkFeature(e, d, feature)) {
        return Optional.empty();
      }
    }
    // on a @Document entity, fields that are storable without it (scalars, collections of scalars) keep their tuple encoding
    boolean document = e.getAnnotation(Document.class) != null || (owner.getAnnotation(Document.class) != null && !id
        && mapper.map(d.type()).filter(t -> t.kind() != ValueType.Kind.RECORD).isEmpty() && mapper.mapDocument(d.type(), packageOf(owner)).isPresent());
    Optional<ValueType> type = document ? mapper.mapDocument(d.type(), packageOf(owner)) : mapper.map(d.type());
    if (type.isEmpty() && document) {
      diagnostics.error(e, Messages.DOCUMENT_TYPE, d.name(), d.type(), mapper.documentProblem());
      return Optional.empty();
    }
    if (type.isEmpty()) {
      diagnostics.error(e, Messages.UNSUPPORTED_FIELD_TYPE, d.name(), d.type());
      return Optional.empty();
    }
    if (id && !isIdType(type.get())) {
      diagnostics.error(e, Messages.UNSUPPORTED_ID_TYPE, d.name(), d.type());
      return Optional.empty();
    }
    String read = record ? "e." + d.name() + "()" : readExpression(owner, d);
    if (read == null) {
      diagnostics.error(e, Messages.NOT_READABLE, d.name(), owner.getSimpleName(), Accessors.getterName(d.name(), d.type()));
      return Optional.empty();
    }
    return Optional.of(new FieldModel(d.name(), type.get(), read, null, id, declaredNonNull(owner, d)));
  }

  /** The simple names of the annotations that declare a field never null (JSpecify, Jakarta Validation, JSR-305, ...). */
  private static final java.util.Set<String> NON_NULL = java.util.Set.of("NonNull", "NotNull", "Nonnull");

  /**
   * Whether {@code d} is declared never null: an annotation named {@code NonNull}, {@code NotNull} or
   * {@code Nonnull} on it, on its type (type-use annotations), or on the field or accessor a record component
   * propagates it to.
   */
  private static boolean declaredNonNull(TypeElement owner, Declared d) {
    List<AnnotationMirror> mirrors = new ArrayList<>(d.element().getAnnotationMirrors());
    mirrors.addAll(d.type().getAnnotationMirrors());
    for (Element member : owner.getEnclosedElements()) {
      if (member.getSimpleName().contentEquals(d.name()) && (member.getKind().isField() || member.getKind() == ElementKind.METHOD)) {
        mirrors.addAll(member.getAnnotationMirrors());
        if (member instanceof javax.lang.model.element.ExecutableElement m) {
          mirrors.addAll(m.getReturnType().getAnnotationMirrors());
        } else {
          mirrors.addAll(member.asType().getAnnotationMirrors());
        }
      }
    }
    return mirrors.stream().anyMatch(a -> NON_NULL.contains(a.getAnnotationType().asElement().getSimpleName().toString()));
  }

  private boolean checkFeature(Element e, Declared d, Class<? extends java.lang.annotation.Annotation> feature) {
    AnnotationMirror mirror = mirror(e, feature);
    if (feature == Blob.class) {
      if (!(d.type().getKind() == TypeKind.ARRAY && d.type().toString().equals("byte[]"))) {
        diagnostics.error(e, mirror, Messages.BLOB_NOT_BYTES, d.name(), d.type());
        return false;
      }
      int chunk = e.getAnnotation(Blob.class).chunkSize();
      if (chunk < 1 || chunk > 100_000) {
        diagnostics.error(e, mirror, Messages.BLOB_CHUNK_SIZE, chunk, d.name());
        return false;
      }
      return true;
    }
    if (feature == Spatial.class) {
      String t = d.type().toString();
      if (!t.equals("io.strata.Point") && !t.equals("io.strata.GeoPoint")) {
        diagnostics.error(e, mirror, Messages.SPATIAL_NOT_POINT, d.name(), d.type());
        return false;
      }
      int ranges = e.getAnnotation(Spatial.class).maxRanges();
      if (ranges < 1 || ranges > 256) {
        diagnostics.error(e, mirror, Messages.SPATIAL_MAX_RANGES, ranges, d.name());
        return false;
      }
      return true;
    }
    return true;
  }

  private static boolean isIdType(ValueType t) {
    return switch (t.kind()) {
      case STRING, LONG, INT, UUID, BYTES -> true;
      default -> false;
    };
  }

  static String packageOf(TypeElement type) {
    Element e = type;
    while (!(e instanceof javax.lang.model.element.PackageElement)) {
      e = e.getEnclosingElement();
    }
    return ((javax.lang.model.element.PackageElement) e).getQualifiedName().toString();
  }

  private String readExpression(TypeElement owner, Declared d) {
    return accessors.getter(owner, d.element(), d.name(), d.type(), packageOf(owner)).map(g -> g.isEmpty() ? "e." + d.name() : "e." + g + "()").orElse(null);
  }

  /** The local variable a decoded field is held in, inside the generated {@code fromElements}. */
  public static String local(String field) {
    return "f_" + field;
  }

  /** " (did you mean 'x'?)" for the closest field name within edit distance 2, else the list of fields. */
  static String suggestion(String wrong, Set<String> names) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String n : names) {
      int d = distance(wrong.toLowerCase(), n.toLowerCase());
      if (d < bestDistance) {
        best = n;
        bestDistance = d;
      }
    }
    if (best != null && bestDistance <= 2) {
      return "; did you mean '" + best + "'?";
    }
    return "; its stored fields are " + names;
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  static AnnotationMirror mirror(Element e, Class<?> annotation) {
    return mirror(e, annotation.getCanonicalName());
  }

  private static AnnotationMirror mirror(Element e, String annotation) {
    for (AnnotationMirror m : e.getAnnotationMirrors()) {
      if (m.getAnnotationType().toString().equals(annotation)) {
        return m;
      }
    }
    return null;
  }

  /**
   * Reports names the static metamodel {@code _E} would declare twice: each field has an attribute named as the field
   * and a constant named {@link FieldModel#metamodelConstant} ({@code URL} is both; {@code url} and {@code uRL} share one).
   */
  private void metamodelNames(TypeElement type, List<FieldModel> fields) {
    Map<String, List<String>> fieldsByName = new LinkedHashMap<>();
    for (FieldModel f : fields) {
      fieldsByName.computeIfAbsent(f.name(), n -> new ArrayList<>()).add(f.name());
      fieldsByName.computeIfAbsent(f.metamodelConstant(), n -> new ArrayList<>()).add(f.name());
    }
    fieldsByName.forEach((name, named) -> {
      List<String> distinct = named.stream().distinct().toList();
      if (named.size() > 1) {
        String which = (distinct.size() == 1 ? "field " : "fields ")
            + String.join(", ", distinct.stream().map(n -> "'" + n + "'").toList());
        diagnostics.error(type, Messages.METAMODEL_NAME_CLASH, which, type.getSimpleName(), type.getSimpleName(), name,
            distinct.get(distinct.size() - 1));
      }
    });
  }
}

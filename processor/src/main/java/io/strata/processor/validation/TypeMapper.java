package io.strata.processor.validation;

import com.palantir.javapoet.TypeName;
import io.strata.annotations.Transient;
import io.strata.processor.model.ValueType.Kind;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** Maps Java types to {@link ValueType}s: the tuple encodings LAYOUTS.md allows. */
public final class TypeMapper {
  private final Set<String> visiting = new HashSet<>();
  private final Accessors accessors;
  /** Why the current {@link #mapDocument} failed: the first (innermost) problem found. */
  private String problem;
  /** The package of the generated code that reads and writes the current document (the entity's). */
  private String fromPackage;

  TypeMapper(Accessors accessors) {
    this.accessors = accessors;
  }

  /** The mapping of {@code type}, or empty when Strata cannot store it. */
  public Optional<ValueType> map(TypeMirror type) {
    TypeName name = TypeName.get(type);
    switch (type.getKind()) {
      case LONG: return simple(Kind.LONG, name);
      case INT: return simple(Kind.INT, name);
      case SHORT: return simple(Kind.SHORT, name);
      case BYTE: return simple(Kind.BYTE, name);
      case CHAR: return simple(Kind.CHAR, name);
      case DOUBLE: return simple(Kind.DOUBLE, name);
      case FLOAT: return simple(Kind.FLOAT, name);
      case BOOLEAN: return simple(Kind.BOOLEAN, name);
      case ARRAY:
        return switch (((ArrayType) type).getComponentType().getKind()) {
          case BYTE -> simple(Kind.BYTES, name);
          case FLOAT -> simple(Kind.VECTOR, name);
          default -> Optional.empty();
        };
      case DECLARED:
        return declared((DeclaredType) type, name);
      default:
        return Optional.empty();
    }
  }

  private static Optional<ValueType> simple(Kind kind, TypeName name) {
    return Optional.of(ValueType.simple(kind, name));
  }

  private Optional<ValueType> declared(DeclaredType type, TypeName name) {
    TypeElement element = (TypeElement) type.asElement();
    String qualified = element.getQualifiedName().toString();
    switch (qualified) {
      case "java.lang.Long": return simple(Kind.LONG, name);
      case "java.lang.Integer": return simple(Kind.INT, name);
      case "java.lang.Short": return simple(Kind.SHORT, name);
      case "java.lang.Byte": return simple(Kind.BYTE, name);
      case "java.lang.Character": return simple(Kind.CHAR, name);
      case "java.lang.Double": return simple(Kind.DOUBLE, name);
      case "java.lang.Float": return simple(Kind.FLOAT, name);
      case "java.lang.Boolean": return simple(Kind.BOOLEAN, name);
      case "java.lang.String": return simple(Kind.STRING, name);
      case "java.util.UUID": return simple(Kind.UUID, name);
      case "java.time.Instant": return simple(Kind.INSTANT, name);
      case "java.time.LocalDate": return simple(Kind.LOCAL_DATE, name);
      case "java.time.LocalDateTime": return simple(Kind.LOCAL_DATE_TIME, name);
      case "java.time.LocalTime": return simple(Kind.LOCAL_TIME, name);
      case "java.time.Duration": return simple(Kind.DURATION, name);
      case "java.math.BigInteger": return simple(Kind.BIG_INTEGER, name);
      case "java.math.BigDecimal": return simple(Kind.BIG_DECIMAL, name);
      case "io.strata.Point": return simple(Kind.POINT, name);
      case "io.strata.GeoPoint": return simple(Kind.GEO_POINT, name);
      case "java.util.Optional": return container(Kind.OPTIONAL, type, name);
      case "java.util.List": return container(Kind.LIST, type, name);
      case "java.util.Set": return container(Kind.SET, type, name);
      default:
        break;
    }
    if (element.getKind() == ElementKind.ENUM) {
      return simple(Kind.ENUM, name);
    }
    if (element.getKind() == ElementKind.RECORD && visiting.add(qualified)) {
      try {
        return record(element, name, Kind.RECORD, this::map);
      } finally {
        visiting.remove(qualified);
      }
    }
    return Optional.empty();
  }

  /**
   * The mapping of a {@code @Document} field's type, or empty with {@link #documentProblem()} saying why:
   * {@code Object}, {@code Map<String, X>} or {@code List<X>} ({@code X = Object} or a wildcard keeps a plain
   * tree, any other X is decoded as X), a record whose components are stored as a map, or a class rebuilt
   * through its no-arg constructor whose properties are stored as a map. Inside those, X, components and
   * properties may be any scalar {@link #map} accepts, lists and sets of document values, or documents again.
   */
  public Optional<ValueType> mapDocument(TypeMirror type, String fromPackage) {
    this.fromPackage = fromPackage;
    problem = null;
    return document(type);
  }

  /**
   * What to store instead of a date-time type Strata does not store (it has no single natural order in the
   * tuple layer, or carries a zone or offset an integer cannot hold), or null for any other type.
   */
  public static String timeAdvice(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    return switch (((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString()) {
      case "java.util.Date", "java.sql.Timestamp" -> "store an Instant instead (value.toInstant()): the same moment, to the"
          + " nanosecond, ordered by time";
      case "java.sql.Date" -> "store a LocalDate instead (value.toLocalDate())";
      case "java.util.Calendar", "java.util.GregorianCalendar" -> "store an Instant instead (value.toInstant()), and the time"
          + " zone as its own String field (value.getTimeZone().getID()) if you need it back";
      case "java.time.OffsetDateTime" -> "store its Instant instead (value.toInstant(): ordered by the moment), and the offset"
          + " as its own int field (value.getOffset().getTotalSeconds()) if you need it back";
      case "java.time.ZonedDateTime" -> "store its Instant instead (value.toInstant(): ordered by the moment), and the zone as"
          + " its own String field (value.getZone().getId()) if you need it back; or a LocalDateTime for a wall-clock time";
      case "java.time.OffsetTime" -> "store a LocalTime instead (value.toLocalTime()), and the offset as its own int field"
          + " (value.getOffset().getTotalSeconds()) if you need it back";
      default -> null;
    };
  }

  /** Why the last {@link #mapDocument} found no mapping, naming the innermost type at fault and the fix. */
  public String documentProblem() {
    return problem == null ? "use Map<String, X>, List<X>, Object, a record or a class with a no-arg constructor" : problem;
  }

  private Optional<ValueType> fail(String why) {
    if (problem == null) {
      problem = why;
    }
    return Optional.empty();
  }

  private Optional<ValueType> document(TypeMirror type) {
    TypeName name = TypeName.get(type);
    if (type.getKind() != TypeKind.DECLARED) {
      return fail(type + " is not a type a document can hold: use a boxed number, String, a record, a class, Map<String, X> or"
          + " List<X>");
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String qualified = element.getQualifiedName().toString();
    List<? extends TypeMirror> arguments = declared.getTypeArguments();
    if (!element.getTypeParameters().isEmpty() && arguments.isEmpty()) {
      return fail(type + " is a raw type: declare its type arguments, e.g. Map<String, Object> or List<Integer>");
    }
    switch (qualified) {
      case "java.lang.Object":
        return simple(Kind.DOC_OBJECT, name);
      case "java.util.Map":
        if (!arguments.get(0).toString().equals("java.lang.String")) {
          return fail(type + " has keys of type " + arguments.get(0) + ", but document map keys are strings: declare Map<String, "
              + arguments.get(1) + "> and convert the keys");
        }
        return typedOrPlain(Kind.DOC_MAP, name, arguments.get(1));
      case "java.util.List":
        return typedOrPlain(Kind.DOC_LIST, name, arguments.get(0));
      default:
        break;
    }
    String advice = timeAdvice(type);
    if (advice != null) {
      return fail(type + " is not stored: " + advice);
    }
    if (qualified.startsWith("java.") || qualified.startsWith("javax.")) {
      return fail(type + " is not a type a document can hold: use a boxed number, String, UUID, byte[], an enum, Instant,"
          + " LocalDate, LocalDateTime, LocalTime, Duration, BigInteger, BigDecimal, an Optional of one of those, a record, a class with a no-arg constructor,"
          + " Map<String, X>, List<X> or (inside a document) Set<X>");
    }
    if (!element.getTypeParameters().isEmpty()) {
      return fail(type + " has type parameters: declare a record or class without them for the document to hold");
    }
    if (!visiting.add(qualified)) {
      return fail(type + " refers to itself through its parts, and recursive document types are not supported: declare that"
          + " part as Map<String, Object> or List<Object>");
    }
    try {
      if (element.getKind() == ElementKind.RECORD) {
        return record(element, name, Kind.DOC_RECORD, this::documentPart);
      }
      if (element.getKind() == ElementKind.CLASS) {
        return documentClass(element, name);
      }
      return fail(type + " is a " + element.getKind().toString().toLowerCase() + ": a document holds records, classes, maps,"
          + " lists and scalars");
    } finally {
      visiting.remove(qualified);
    }
  }

  /** A document map's value type or list's item type: {@code Object}/a wildcard keeps a plain tree, anything else is typed. */
  private Optional<ValueType> typedOrPlain(Kind kind, TypeName name, TypeMirror item) {
    if (isPlainTree(item)) {
      return simple(kind, name);
    }
    return documentPart(item).map(part -> new ValueType(kind, name, List.of(part), List.of()));
  }

  /** A record of {@code kind} whose components map by {@code component}; empty when one does not. */
  private static Optional<ValueType> record(TypeElement element, TypeName name, Kind kind,
      Function<TypeMirror, Optional<ValueType>> component) {
    List<ValueType> parts = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (RecordComponentElement c : element.getRecordComponents()) {
      Optional<ValueType> part = component.apply(c.asType());
      if (part.isEmpty()) {
        return Optional.empty();
      }
      parts.add(part.get());
      names.add(c.getSimpleName().toString());
    }
    return Optional.of(new ValueType(kind, name, parts, names));
  }

  /** A class rebuilt with its no-arg constructor; each stored field is read and written through {@link Accessors}. */
  private Optional<ValueType> documentClass(TypeElement element, TypeName name) {
    String simple = element.getSimpleName().toString();
    if (element.getModifiers().contains(Modifier.ABSTRACT)) {
      return fail(simple + " is abstract, so a document cannot rebuild it: use a concrete class or a record");
    }
    if (!accessors.visible(element, fromPackage)) {
      return fail(simple + " is not visible from package " + fromPackage + ", where the generated codec lives: make it public");
    }
    if (element.getNestingKind() == NestingKind.MEMBER && !element.getModifiers().contains(Modifier.STATIC)) {
      return fail(simple + " is an inner class, so a document cannot create it without an enclosing instance: declare it static");
    }
    if (!(element.getSuperclass() instanceof DeclaredType superclass)
        || !((TypeElement) superclass.asElement()).getQualifiedName().contentEquals("java.lang.Object")) {
      return fail(simple + " extends " + element.getSuperclass() + ", whose fields a document would not keep: declare every"
          + " field in " + simple + ", or use a record");
    }
    boolean noArg = ElementFilter.constructorsIn(element.getEnclosedElements()).stream()
        .anyMatch(c -> c.getParameters().isEmpty() && accessors.visible(c, fromPackage));
    if (!noArg) {
      return fail(simple + " has no no-arg constructor visible from package " + fromPackage + " (where the generated codec lives), which a document needs to rebuild it:"
          + " add a public no-arg constructor, or use a record");
    }
    List<ValueType> parts = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<ValueType.Access> access = new ArrayList<>();
    for (VariableElement f : ElementFilter.fieldsIn(element.getEnclosedElements())) {
      if (f.getModifiers().contains(Modifier.STATIC) || f.getModifiers().contains(Modifier.TRANSIENT)
          || f.getAnnotation(Transient.class) != null) {
        continue;
      }
      String field = f.getSimpleName().toString();
      Optional<ValueType.Access> reach = accessors.access(element, f, field, f.asType(), fromPackage);
      if (reach.isEmpty()) {
        return fail("field '" + field + "' of " + simple + " cannot be both read and written from package " + fromPackage
            + ": add public " + Accessors.getterName(field, f.asType()) + "() and set" + Accessors.capitalized(field)
            + "(...), make it public and non-final, or mark it @Transient");
      }
      Optional<ValueType> part = documentPart(f.asType());
      if (part.isEmpty()) {
        return Optional.empty();
      }
      parts.add(part.get());
      names.add(field);
      access.add(reach.get());
    }
    return Optional.of(new ValueType(Kind.DOC_CLASS, name, parts, names, access));
  }

  /**
   * A value inside a document (a component, property, map value or list item): a scalar, an Optional, list or
   * set of scalars, a list or set of other document values, or a document.
   */
  private Optional<ValueType> documentPart(TypeMirror type) {
    return map(type).filter(t -> t.kind() != Kind.RECORD).or(() -> documentCollection(type)).or(() -> document(type));
  }

  /** Inside a document: a {@code List} or {@code Set} of document values that are not scalars, stored as a list. */
  private Optional<ValueType> documentCollection(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    DeclaredType declared = (DeclaredType) type;
    String qualified = ((TypeElement) declared.asElement()).getQualifiedName().toString();
    Kind kind = qualified.equals("java.util.List") ? Kind.LIST : qualified.equals("java.util.Set") ? Kind.SET : null;
    if (kind == null || declared.getTypeArguments().size() != 1 || isPlainTree(declared.getTypeArguments().get(0))) {
      return Optional.empty();
    }
    return documentPart(declared.getTypeArguments().get(0)).map(item -> new ValueType(kind, TypeName.get(type), List.of(item), List.of()));
  }

  /** {@code Object} or a wildcard: values kept as whatever plain tree was stored. */
  private static boolean isPlainTree(TypeMirror t) {
    return t.getKind() == TypeKind.WILDCARD || t.toString().equals("java.lang.Object");
  }

  private Optional<ValueType> container(Kind kind, DeclaredType type, TypeName name) {
    if (type.getTypeArguments().size() != 1) {
      return Optional.empty();
    }
    return map(type.getTypeArguments().get(0))
        .filter(inner -> inner.isScalar() && !inner.isPrimitive())
        .map(inner -> new ValueType(kind, name, List.of(inner), List.of()));
  }
}

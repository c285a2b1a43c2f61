package io.strata.processor.validation;

import com.palantir.javapoet.TypeName;
import io.strata.processor.model.ValueType;
import io.strata.processor.model.ValueType.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Maps Java types to {@link ValueType}s: the tuple encodings LAYOUTS.md allows. */
public final class TypeMapper {
  private final Set<String> visiting = new HashSet<>();

  /** The mapping of {@code type}, or empty when Strata cannot store it. */
  public Optional<ValueType> map(TypeMirror type) {
    TypeName name = TypeName.get(type);
    switch (type.getKind()) {
      case LONG: return simple(Kind.LONG, name);
      case INT: return simple(Kind.INT, name);
      case SHORT: return simple(Kind.SHORT, name);
      case BYTE: return simple(Kind.BYTE, name);
      case DOUBLE: return simple(Kind.DOUBLE, name);
      case FLOAT: return simple(Kind.FLOAT, name);
      case BOOLEAN: return simple(Kind.BOOLEAN, name);
      case ARRAY:
        return ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE ? simple(Kind.BYTES, name) : Optional.empty();
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
      case "java.lang.Double": return simple(Kind.DOUBLE, name);
      case "java.lang.Float": return simple(Kind.FLOAT, name);
      case "java.lang.Boolean": return simple(Kind.BOOLEAN, name);
      case "java.lang.String": return simple(Kind.STRING, name);
      case "java.util.UUID": return simple(Kind.UUID, name);
      case "java.time.Instant": return simple(Kind.INSTANT, name);
      case "java.time.LocalDate": return simple(Kind.LOCAL_DATE, name);
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
        List<ValueType> parts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RecordComponentElement c : element.getRecordComponents()) {
          Optional<ValueType> part = map(c.asType());
          if (part.isEmpty()) {
            return Optional.empty();
          }
          parts.add(part.get());
          names.add(c.getSimpleName().toString());
        }
        return Optional.of(new ValueType(Kind.RECORD, name, parts, names));
      } finally {
        visiting.remove(qualified);
      }
    }
    return Optional.empty();
  }

  /**
   * The mapping of a {@code @Document} field's type: a {@code Map<String,?>}, {@code List<?>} or
   * {@code Object} kept as a plain tree, or a record whose components are stored as a map; empty otherwise.
   */
  public Optional<ValueType> mapDocument(TypeMirror type) {
    TypeName name = TypeName.get(type);
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String qualified = element.getQualifiedName().toString();
    switch (qualified) {
      case "java.lang.Object":
        return simple(Kind.DOC_OBJECT, name);
      case "java.util.Map":
        return declared.getTypeArguments().size() == 2 && declared.getTypeArguments().get(0).toString().equals("java.lang.String")
            && isPlainTree(declared.getTypeArguments().get(1)) ? simple(Kind.DOC_MAP, name) : Optional.empty();
      case "java.util.List":
        return declared.getTypeArguments().size() == 1 && isPlainTree(declared.getTypeArguments().get(0))
            ? simple(Kind.DOC_LIST, name) : Optional.empty();
      default:
        break;
    }
    if (element.getKind() != ElementKind.RECORD || !visiting.add(qualified)) {
      return Optional.empty();
    }
    try {
      List<ValueType> parts = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (RecordComponentElement c : element.getRecordComponents()) {
        Optional<ValueType> part = map(c.asType()).filter(t -> t.kind() != Kind.RECORD).or(() -> mapDocument(c.asType()))
            .or(() -> documentList(c.asType()));
        if (part.isEmpty()) {
          return Optional.empty();
        }
        parts.add(part.get());
        names.add(c.getSimpleName().toString());
      }
      return Optional.of(new ValueType(Kind.DOC_RECORD, name, parts, names));
    } finally {
      visiting.remove(qualified);
    }
  }

  /** Inside a document record: a {@code List} of document records, stored as a list of maps. */
  private Optional<ValueType> documentList(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    DeclaredType declared = (DeclaredType) type;
    if (!((TypeElement) declared.asElement()).getQualifiedName().contentEquals("java.util.List") || declared.getTypeArguments().size() != 1) {
      return Optional.empty();
    }
    return mapDocument(declared.getTypeArguments().get(0)).filter(item -> item.kind() == Kind.DOC_RECORD)
        .map(item -> new ValueType(Kind.LIST, TypeName.get(type), List.of(item), List.of()));
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

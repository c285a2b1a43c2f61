package io.strata.processor.model;

import com.palantir.javapoet.TypeName;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import java.util.List;

/**
 * How one Java type maps to a tuple element (LAYOUTS.md). A tree: {@code Optional}, {@code List},
 * {@code Set} and nested records carry the types of their parts.
 *
 * @param kind the mapping
 * @param type the Java type as written
 * @param parts element type of a container (a typed document map's value type), or the component types of a
 *     nested record or document class
 * @param partNames accessor names of a nested record's components, property names of a document class (empty otherwise)
 * @param access how generated code reads and writes each property of a document class (empty otherwise)
 */
public record ValueType(Kind kind, TypeName type, List<ValueType> parts, List<String> partNames, List<Access> access) {

  /** The mappings. {@link #isScalar()} ones can be indexed and used as ids. */
  public enum Kind {
    LONG, INT, SHORT, BYTE, CHAR, DOUBLE, FLOAT, BOOLEAN, STRING, UUID, BYTES, ENUM, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, LOCAL_TIME,
    DURATION,
    BIG_INTEGER, BIG_DECIMAL, POINT, GEO_POINT, OPTIONAL, LIST, SET, RECORD,
    /** A {@code float[]}: an embedding, stored whole, searched through an {@code @Embedding} index, never compared. */
    VECTOR,
    /**
     * Inside {@code @Document}: a {@code Map<String, X>} or {@code List<X>}, typed when {@code parts} holds
     * {@code X} (its values decoded as X), else ({@code Map<String, Object>}, {@code List<?>}) a plain tree; and
     * {@code Object}, always a plain tree.
     */
    DOC_MAP, DOC_LIST, DOC_OBJECT,
    /** Inside {@code @Document}: a record converted to a map of its components. */
    DOC_RECORD,
    /** Inside {@code @Document}: a class with a no-arg constructor converted to a map of its properties. */
    DOC_CLASS
  }

  /**
   * How generated code reaches one property of a document class.
   *
   * @param getter the getter method's name, or empty to read the field itself
   * @param setter the setter method's name, or empty to assign the field itself
   */
  public record Access(String getter, String setter) {}

  public ValueType {
    parts = List.copyOf(parts);
    partNames = List.copyOf(partNames);
    access = List.copyOf(access);
  }

  /** A type without property accessors: a scalar, a container, or a record. */
  public ValueType(Kind kind, TypeName type, List<ValueType> parts, List<String> partNames) {
    this(kind, type, parts, partNames, List.of());
  }

  public static ValueType simple(Kind kind, TypeName type) {
    return new ValueType(kind, type, List.of(), List.of());
  }

  /** A {@code @Document} map or list whose values are decoded as their declared type (not kept as a plain tree). */
  public boolean isTypedContainer() {
    return (kind == Kind.DOC_MAP || kind == Kind.DOC_LIST) && !parts.isEmpty();
  }

  public boolean isPrimitive() {
    return type.isPrimitive();
  }

  public boolean isScalar() {
    return switch (kind) {
      case OPTIONAL, LIST, SET, RECORD, POINT, GEO_POINT, VECTOR, DOC_MAP, DOC_LIST, DOC_OBJECT, DOC_RECORD, DOC_CLASS -> false;
      default -> true;
    };
  }

  /** How values of this type are stored in keys, in the query model's words ({@link ValueKind#OTHER} for containers). */
  public ValueKind valueKind() {
    for (ValueKind k : ValueKind.values()) {
      if (k.name().equals(kind.name())) {
        return k;
      }
    }
    return ValueKind.OTHER;
  }

  /**
   * Whether an index's keys of this type sort as the tuple layer orders them, so a range or an order on it can be read
   * from the keys: asked of the query model's one owner of that knowledge ({@link Semantics#keyOrdered}, Strata's).
   */
  public boolean isOrdered() {
    return Semantics.STRATA.keyOrdered(valueKind());
  }
}

package io.strata.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * How one Java type maps to a tuple element (LAYOUTS.md). A tree: {@code Optional}, {@code List},
 * {@code Set} and nested records carry the types of their parts.
 *
 * @param kind the mapping
 * @param type the Java type as written
 * @param parts element type of a container, or the component types of a nested record
 * @param partNames accessor names of a nested record's components (empty otherwise)
 */
public record ValueType(Kind kind, TypeName type, List<ValueType> parts, List<String> partNames) {

  /** The mappings. {@link #isScalar()} ones can be indexed and used as ids. */
  public enum Kind {
    LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN, STRING, UUID, BYTES, ENUM, INSTANT, LOCAL_DATE,
    BIG_INTEGER, BIG_DECIMAL, POINT, GEO_POINT, OPTIONAL, LIST, SET, RECORD,
    /** Inside {@code @Document}: a {@code Map<String,?>}, {@code List<?>} or {@code Object} kept as a plain tree. */
    DOC_MAP, DOC_LIST, DOC_OBJECT,
    /** Inside {@code @Document}: a record converted to a map of its components. */
    DOC_RECORD
  }

  public ValueType {
    parts = List.copyOf(parts);
    partNames = List.copyOf(partNames);
  }

  public static ValueType simple(Kind kind, TypeName type) {
    return new ValueType(kind, type, List.of(), List.of());
  }

  public boolean isPrimitive() {
    return type.isPrimitive();
  }

  public boolean isScalar() {
    return switch (kind) {
      case OPTIONAL, LIST, SET, RECORD, POINT, GEO_POINT, DOC_MAP, DOC_LIST, DOC_OBJECT, DOC_RECORD -> false;
      default -> true;
    };
  }

  /** Whether values of this type sort in the tuple layer the way they sort in Java (ranges make sense). */
  public boolean isOrdered() {
    return isScalar() && kind != Kind.ENUM && kind != Kind.UUID;
  }
}

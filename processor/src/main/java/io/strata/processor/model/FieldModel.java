package io.strata.processor.model;

/**
 * One stored field (or record component) of an entity.
 *
 * @param name the field name: the last element of its row key
 * @param type how its value maps to a tuple element
 * @param read Java expression reading it from an instance named {@code e} ({@code e.name()}, {@code e.getName()}, {@code e.name})
 * @param write a statement setting it on an instance named {@code e} from its decoded local (its setter or a field
 *     assignment), or null when it has neither (a record component, a field only a constructor sets); the codec uses it
 *     when it constructs with no arguments, a JDQL {@code UPDATE} always
 * @param id whether it is the {@code @Id}
 * @param nonNull whether it is declared never null (an annotation named {@code NonNull}, {@code NotNull} or
 *     {@code Nonnull}, e.g. JSpecify's or Jakarta Validation's); saves reject a null there
 */
public record FieldModel(String name, ValueType type, String read, String write, boolean id, boolean nonNull) {
  /** A field that may be null (unless its type is primitive). */
  public FieldModel(String name, ValueType type, String read, String write, boolean id) {
    this(name, type, read, write, id, false);
  }

  /** Whether no stored entity can hold a null here: a primitive, the id, or a field declared non-null. */
  public boolean neverNull() {
    return type.isPrimitive() || id || nonNull;
  }

  /** The type a query compares this field with: the field's type, or the content of an {@code Optional}. */
  public ValueType queryType() {
    return type.kind() == ValueType.Kind.OPTIONAL ? type.parts().get(0) : type;
  }
}

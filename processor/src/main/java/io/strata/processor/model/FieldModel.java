package io.strata.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;

/**
 * One stored field (or record component) of an entity.
 *
 * @param name the field name: the last element of its row key
 * @param type how its value maps to a tuple element (for a converted field: the converter's column type)
 * @param read Java expression reading it from an instance named {@code e} ({@code e.name()}, {@code e.getName()}, {@code e.name});
 *     for a converted field, the column value
 * @param write a statement setting it on an instance named {@code e} from its decoded local (its setter or a field
 *     assignment), or null when it has neither (a record component, a field only a constructor sets); the codec uses it
 *     when it constructs with no arguments, a JDQL {@code UPDATE} always. The local holds the field's Java value.
 * @param id whether it is the {@code @Id}
 * @param nonNull whether it is declared never null (an annotation named {@code NonNull}, {@code NotNull} or
 *     {@code Nonnull}, e.g. JSpecify's or Jakarta Validation's); saves reject a null there
 * @param converter the {@code @jakarta.nosql.Convert} converter between the field's Java value and its stored column
 *     value, or null
 */
public record FieldModel(String name, ValueType type, String read, String write, boolean id, boolean nonNull, Converter converter) {
  /** A field that may be null (unless its type is primitive). */
  public FieldModel(String name, ValueType type, String read, String write, boolean id) {
    this(name, type, read, write, id, false, null);
  }

  /** A field without a converter. */
  public FieldModel(String name, ValueType type, String read, String write, boolean id, boolean nonNull) {
    this(name, type, read, write, id, nonNull, null);
  }

  /** The same field written by {@code write}. */
  public FieldModel withWrite(String write) {
    return new FieldModel(name, type, read, write, id, nonNull, converter);
  }

  /**
   * An {@code AttributeConverter} the generated codec holds in a constant, created with {@code new} (no reflection).
   *
   * @param type the converter class
   * @param attribute the field's Java type (the converter's {@code X})
   * @param codec the codec holding the constant
   * @param constant the constant's name
   */
  public record Converter(TypeName type, TypeName attribute, ClassName codec, String constant) {
    /** {@code value} (of the field's Java type; null stays null) as its column value. */
    public CodeBlock toColumn(CodeBlock value) {
      return CodeBlock.of("$T.converted($L, $T.$N::convertToDatabaseColumn)", ELEMENTS, value, codec, constant);
    }

    /** {@code column} (a column value; null stays null) as the field's Java value. */
    public CodeBlock toAttribute(CodeBlock column) {
      return CodeBlock.of("$T.converted($L, $T.$N::convertToEntityAttribute)", ELEMENTS, column, codec, constant);
    }

    private static final ClassName ELEMENTS = ClassName.get("io.strata.row", "Elements");
  }

  /** Whether no stored entity can hold a null here: a primitive, the id, or a field declared non-null. */
  public boolean neverNull() {
    return type.isPrimitive() || id || nonNull;
  }

  /** The type a query compares this field with: the field's type, or the content of an {@code Optional}. */
  public ValueType queryType() {
    return type.kind() == ValueType.Kind.OPTIONAL ? type.parts().get(0) : type;
  }

  /** The Java type of the field's value: its converter's attribute type, else its mapped type. */
  public TypeName javaType() {
    return converter == null ? type.type() : converter.attribute();
  }

  /**
   * The name of this field's constant in the static metamodel {@code _E}: its name in upper case
   * ({@code numBitsRequired} → {@code NUMBITSREQUIRED}), as Jakarta Data's metamodel names its constants.
   */
  public String metamodelConstant() {
    return name.toUpperCase(java.util.Locale.ROOT);
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.ValueType;
import javax.lang.model.element.Modifier;

/**
 * Writes the static metamodel of an entity, {@code _Entity}: for each stored property its name as a constant
 * ({@code NAME = "name"}) and an attribute typed by the property's Java type, which builds run-time restrictions
 * ({@code _Place.population.greaterThan(1_000_000L)}) and carries the generated accessor of the property and the
 * conversion of its values to key elements, so the runtime checks conditions on an entity without reflection.
 *
 * <p>A Strata entity's attributes are {@code io.strata.metamodel}'s ({@code TextAttribute} for text,
 * {@code ComparableAttribute} for the other values with an order, {@code Attribute} for the rest), whose
 * {@code asc()}/{@code desc()} order a {@code Finder}. A {@code jakarta.nosql} entity's are strata-jakarta-data's
 * ({@code TextDataAttribute}, {@code CharDataAttribute}, {@code SortableDataAttribute}, {@code DataAttribute}), which
 * are also Jakarta Data's metamodel attributes, so the same fields sort in Jakarta's API.
 */
public final class MetamodelWriter {
  private static final String METAMODEL = "io.strata.metamodel";
  private static final String DATA = "io.strata.jakarta.data";

  /** {@code _Entity} in the entity's package. */
  public static ClassName name(EntityModel entity) {
    return ClassName.get(entity.type().packageName(), "_" + entity.type().simpleName());
  }

  /**
   * The metamodel of {@code entity}.
   *
   * @param jakarta whether it is a {@code jakarta.nosql} entity (Jakarta Data's attributes and {@code @StaticMetamodel})
   */
  public JavaFile write(EntityModel entity, boolean jakarta) {
    ClassName name = name(entity);
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addJavadoc("The static metamodel of {@link $T}: its stored properties' names, and attributes that build run-time\n"
            + "restrictions ({@code where(...)}) and orders.\n", entity.type())
        .addAnnotation(Generated.annotation())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    if (jakarta) {
      type.addAnnotation(AnnotationSpec.builder(ClassName.get("jakarta.data.metamodel", "StaticMetamodel"))
          .addMember("value", "$T.class", entity.type()).build());
    }
    for (FieldModel f : entity.fields()) {
      type.addField(FieldSpec.builder(String.class, f.metamodelConstant(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .initializer("$S", f.name()).build());
    }
    ValueCode values = new ValueCode(entity.codecName());
    for (FieldModel f : entity.fields()) {
      type.addField(attribute(entity, f, jakarta, values));
    }
    return JavaFile.builder(name.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build();
  }

  private static final ClassName CONVERSION = ClassName.get("io.strata.metamodel", "Conversion");

  private static FieldSpec attribute(EntityModel entity, FieldModel f, boolean jakarta, ValueCode values) {
    // a converted property's Java type is the application's: it may have no order, so it restricts by equality
    ValueType.Kind kind = f.converter() == null ? f.queryType().kind() : ValueType.Kind.DOC_OBJECT;
    TypeName value = (f.converter() != null ? f.converter().attribute() : f.queryType().type()).box();
    String attribute = switch (kind) {
      case STRING -> jakarta ? "TextDataAttribute" : "TextAttribute";
      case CHAR -> jakarta ? "CharDataAttribute" : "ComparableAttribute";
      case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN, UUID, ENUM, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, LOCAL_TIME, DURATION,
          BIG_INTEGER, BIG_DECIMAL -> jakarta ? "SortableDataAttribute" : "ComparableAttribute";
      default -> jakarta ? "DataAttribute" : "Attribute";
    };
    ClassName raw = ClassName.get(jakarta ? DATA : METAMODEL, attribute);
    boolean text = attribute.startsWith("Text") || attribute.startsWith("Char");
    TypeName declared = text ? ParameterizedTypeName.get(raw, entity.type()) : ParameterizedTypeName.get(raw, entity.type(), value);
    CodeBlock accessor = CodeBlock.of("e -> $L", read(f));
    CodeBlock init = f.converter() != null
        ? CodeBlock.of("new $T<>($N, $L, $L)", raw, f.metamodelConstant(), accessor, conversion(f, value, values))
        : kind == ValueType.Kind.STRING
        ? CodeBlock.of("new $T<>($N, $L)", raw, f.metamodelConstant(), accessor)
        : CodeBlock.of("new $T<>($N, $L, v -> $L)", raw, f.metamodelConstant(), accessor, element(f, values));
    return FieldSpec.builder(declared, f.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL).initializer(init).build();
  }

  /** The property's Java value in an entity named {@code e} (an {@code Optional}'s content, a converted field's attribute). */
  private static CodeBlock read(FieldModel f) {
    if (f.converter() != null) {
      return f.converter().toAttribute(CodeBlock.of("$L", f.read()));
    }
    return f.type().kind() == ValueType.Kind.OPTIONAL ? CodeBlock.of("$L.orElse(null)", f.read()) : CodeBlock.of("$L", f.read());
  }

  /** The key element of a value {@code v} of the property's (boxed) Java type. */
  private static CodeBlock element(FieldModel f, ValueCode values) {
    return values.encode(boxed(f.queryType()), CodeBlock.of("v"));
  }

  /**
   * The {@code Conversion} of a {@code @Convert} property whose Java type is {@code value}: its class, its converter's
   * column value of a value {@code v}, and the key element of a column value {@code c}.
   */
  private static CodeBlock conversion(FieldModel f, TypeName value, ValueCode values) {
    CodeBlock type = value instanceof ParameterizedTypeName p
        ? CodeBlock.of("($T) ($T) $T.class", ParameterizedTypeName.get(ClassName.get(Class.class), value),
            ParameterizedTypeName.get(ClassName.get(Class.class), com.palantir.javapoet.WildcardTypeName.subtypeOf(Object.class)), p.rawType())
        : CodeBlock.of("$T.class", value);
    TypeName column = boxed(f.type()).type();
    return CodeBlock.of("new $T<>($L, v -> $L, c -> $L)", CONVERSION, type, f.converter().toColumn(CodeBlock.of("v")),
        values.encode(boxed(f.type()), CodeBlock.of("(($T) c)", column)));
  }

  private static ValueType boxed(ValueType t) {
    return new ValueType(t.kind(), t.type().box(), t.parts(), t.partNames(), t.access());
  }
}

package io.strata.processor.jakarta;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.codegen.Generated;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import java.util.Locale;
import javax.lang.model.element.Modifier;

/**
 * Writes Jakarta Data's static metamodel of an entity, {@code _Entity}: for each persistent property its name as a
 * constant ({@code NAME = "name"}) and an attribute ({@code TextAttribute} for text and {@code char},
 * {@code SortableAttribute} for the other values a query can sort by, {@code Attribute} for the rest), built from the
 * API's own attribute records.
 */
public final class MetamodelWriter {
  private static final String METAMODEL = "jakarta.data.metamodel";

  /** {@code _Entity} in the entity's package. */
  public static ClassName name(EntityModel entity) {
    return ClassName.get(entity.type().packageName(), "_" + entity.type().simpleName());
  }

  public JavaFile write(EntityModel entity) {
    ClassName name = name(entity);
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addJavadoc("The static metamodel of {@link $T} for Jakarta Data: its persistent properties' names and attributes.\n",
            entity.type())
        .addAnnotation(Generated.annotation())
        .addAnnotation(AnnotationSpec.builder(ClassName.get(METAMODEL, "StaticMetamodel")).addMember("value", "$T.class", entity.type()).build())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (FieldModel f : entity.fields()) {
      type.addField(FieldSpec.builder(String.class, constant(f.name()), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .initializer("$S", f.name()).build());
    }
    for (FieldModel f : entity.fields()) {
      String kind = switch (f.queryType().kind()) {
        case STRING, CHAR -> "Text";
        case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN, UUID, ENUM, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, LOCAL_TIME, DURATION,
            BIG_INTEGER, BIG_DECIMAL -> "Sortable";
        default -> "";
      };
      ClassName attribute = ClassName.get(METAMODEL, kind + "Attribute");
      ClassName record = ClassName.get(METAMODEL + ".impl", kind + "AttributeRecord");
      type.addField(FieldSpec.builder(ParameterizedTypeName.get(attribute, entity.type()), f.name(), Modifier.PUBLIC, Modifier.STATIC,
          Modifier.FINAL).initializer("new $T<>($N)", record, constant(f.name())).build());
    }
    return JavaFile.builder(name.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build();
  }

  /** {@code numBitsRequired} → {@code NUMBITSREQUIRED}, as the specification's metamodel names its constants. */
  private static String constant(String property) {
    return property.toUpperCase(Locale.ROOT);
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.validation.EntityValidator;
import java.util.List;
import javax.lang.model.element.Modifier;

/** Writes {@code <Type>Codec}: the reflection-free conversion between an entity and its tuple elements. */
public final class CodecWriter {
  static final ClassName ENTITY_CODEC = ClassName.get("io.strata.row", "EntityCodec");

  public JavaFile write(EntityModel model) {
    ValueCode values = new ValueCode(model.codecName());
    ClassName codec = model.codecName();
    CodeBlock.Builder names = CodeBlock.builder();
    for (int i = 0; i < model.fields().size(); i++) {
      names.add(i == 0 ? "$S" : ", $S", model.fields().get(i).name());
    }
    MethodSpec constructor = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addStatement("super($S, $T.of($L), $L)", model.entityName(), List.class, names.build(), model.idIndex())
        .build();

    CodeBlock.Builder elements = CodeBlock.builder();
    for (int i = 0; i < model.fields().size(); i++) {
      FieldModel f = model.fields().get(i);
      elements.add(i == 0 ? "$L" : ",\n$L", values.encode(f.type(), CodeBlock.of(f.read())));
    }
    MethodSpec toElements = MethodSpec.methodBuilder("toElements")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(Object[].class)
        .addParameter(model.type(), "e")
        .addStatement("return new Object[] {\n$>$L$<}", elements.build())
        .build();

    MethodSpec.Builder fromElements = MethodSpec.methodBuilder("fromElements")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(model.type())
        .addParameter(Object[].class, "el");
    List<FieldSpec> converters = new java.util.ArrayList<>();
    for (int i = 0; i < model.fields().size(); i++) {
      FieldModel f = model.fields().get(i);
      CodeBlock decoded = values.decode(f.type(), CodeBlock.of("el[$L]", i));
      fromElements.addStatement("$T $N = $L", f.javaType(), EntityValidator.local(f.name()),
          f.converter() == null ? decoded : f.converter().toAttribute(decoded));
      if (f.converter() != null) {
        converters.add(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get("jakarta.nosql", "AttributeConverter"),
                f.converter().attribute().box(), f.type().type()), f.converter().constant(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The {@code @Convert} converter of {@code $L}: the codec, queries and indexes use its column values.\n", f.name())
            .initializer("new $T()", f.converter().type()).build());
      }
    }
    List<FieldModel> setAfter = model.constructorArgs() == null ? List.of()
        : model.fields().stream().filter(f -> !model.constructorArgs().contains(EntityValidator.local(f.name()))).toList();
    if (model.constructorArgs() != null && setAfter.isEmpty()) {
      fromElements.addStatement("return new $T($L)", model.type(), String.join(", ", model.constructorArgs()));
    } else if (model.constructorArgs() != null) {
      // a constructor that names some fields: the others through their setters
      fromElements.addStatement("$T e = new $T($L)", model.type(), model.type(), String.join(", ", model.constructorArgs()));
      setAfter.forEach(f -> fromElements.addStatement(f.write()));
      fromElements.addStatement("return e");
    } else {
      fromElements.addStatement("$T e = new $T()", model.type(), model.type());
      for (FieldModel f : model.fields()) {
        fromElements.addStatement(f.write());
      }
      fromElements.addStatement("return e");
    }

    FieldModel id = model.id();
    List<MethodSpec> withId = new java.util.ArrayList<>();
    if (model.assignedIds() != null && id.write() != null) {
      // an id the store assigns is set on the caller's instance, as Jakarta NoSQL providers do for setter-style entities
      withId.add(MethodSpec.methodBuilder("withId")
          .addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC)
          .returns(model.type())
          .addParameter(model.type(), "e")
          .addParameter(Object.class, "id")
          .addStatement("$T $N = $L", id.type().type(), EntityValidator.local(id.name()), values.decode(id.type(), CodeBlock.of("id")))
          .addStatement(id.write())
          .addStatement("return e")
          .build());
    }
    TypeSpec type = TypeSpec.classBuilder(codec)
        .addJavadoc("Converts {@link $T} to and from the tuple elements of its stored fields $L.\n",
            model.type(), model.fields().stream().map(FieldModel::name).toList())
        .addJavadoc("Use {@link #INSTANCE} as an {@code io.strata.Codec} with the recipe layers.\n")
        .addAnnotation(Generated.annotation())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(ENTITY_CODEC, model.type()))
        .addFields(converters)
        .addField(FieldSpec.builder(codec, "INSTANCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("new $T()", codec).build())
        .addMethod(constructor)
        .addMethod(toElements)
        .addMethod(fromElements.build())
        .addMethods(withId)
        .addMethods(values.helpers())
        .build();
    return JavaFile.builder(codec.packageName(), type).skipJavaLangImports(true).indent("  ").build();
  }
}

package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.ValueType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Fields annotated {@code @jakarta.nosql.Convert(C.class)}: stored, indexed and compared as the column value of C, an
 * {@code jakarta.nosql.AttributeConverter<X, Y>} whose X is the field's type and whose Y Strata stores. The generated
 * codec holds one C made with {@code new C()} (no reflection), so C needs a no-arg constructor the entity's package can
 * call. Recognised by annotation name: the processor needs no Jakarta NoSQL jar to run.
 */
final class Converters {
  static final String CONVERT = "jakarta.nosql.Convert";
  private static final String CONVERTER = "jakarta.nosql.AttributeConverter";
  private final Types types;
  private final Accessors accessors;
  private final TypeMapper mapper;
  private final Diagnostics diagnostics;

  Converters(Types types, Accessors accessors, TypeMapper mapper, Diagnostics diagnostics) {
    this.types = types;
    this.accessors = accessors;
    this.mapper = mapper;
    this.diagnostics = diagnostics;
  }

  /**
   * The model of field {@code name} of {@code owner}, of Java type {@code fieldType}, annotated with {@code convert}, read by
   * {@code read} (null when it cannot be read); empty when an error was reported.
   */
  Optional<FieldModel> field(TypeElement owner, Element e, String name, TypeMirror fieldType, boolean id, AnnotationMirror convert,
      String read, boolean nonNull) {
    TypeMirror converterType = convert.getElementValues().entrySet().stream()
        .filter(v -> v.getKey().getSimpleName().contentEquals("value")).map(v -> (TypeMirror) v.getValue().getValue()).findFirst().orElse(null);
    if (!(converterType instanceof DeclaredType declared)) {
      return Optional.empty(); // javac reports the missing or unresolved class itself
    }
    TypeElement converter = (TypeElement) declared.asElement();
    if (id) {
      diagnostics.error(e, convert, Messages.CONVERTED_ID, name, owner.getSimpleName(), converter.getSimpleName());
      return Optional.empty();
    }
    String from = EntityValidator.packageOf(owner);
    boolean instantiable = accessors.visible(converter, from) && !converter.getModifiers().contains(Modifier.ABSTRACT)
        && (converter.getNestingKind() != NestingKind.MEMBER || converter.getModifiers().contains(Modifier.STATIC))
        && ElementFilter.constructorsIn(converter.getEnclosedElements()).stream()
            .anyMatch(c -> c.getParameters().isEmpty() && accessors.visible(c, from));
    if (!instantiable) {
      diagnostics.error(e, convert, Messages.CONVERTER_NOT_INSTANTIABLE, converter.getQualifiedName(), name, owner.getSimpleName());
      return Optional.empty();
    }
    List<? extends TypeMirror> xy = arguments(converterType);
    TypeMirror attribute = xy == null ? null : xy.get(0);
    TypeMirror boxedField = fieldType.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) fieldType).asType() : fieldType;
    if (attribute == null || !types.isSameType(types.erasure(attribute), types.erasure(boxedField))) {
      diagnostics.error(e, convert, Messages.CONVERTER_ATTRIBUTE_TYPE, converter.getQualifiedName(), attribute == null ? "a raw type" : attribute,
          name, owner.getSimpleName(), fieldType);
      return Optional.empty();
    }
    TypeMirror column = xy.get(1);
    Optional<ValueType> type = mapper.map(column).filter(t -> !t.isPrimitive());
    if (type.isEmpty()) {
      diagnostics.error(e, convert, Messages.CONVERTER_COLUMN_TYPE, converter.getQualifiedName(), name, owner.getSimpleName(), attribute, column);
      return Optional.empty();
    }
    if (read == null) {
      diagnostics.error(e, Messages.NOT_READABLE, name, owner.getSimpleName(), Accessors.getterName(name, fieldType));
      return Optional.empty();
    }
    ClassName entity = ClassName.get(owner);
    var model = new FieldModel.Converter(TypeName.get(types.erasure(converterType)), TypeName.get(fieldType),
        ClassName.get(entity.packageName(), entity.simpleName() + "Codec"),
        "CONVERT_" + name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
    return Optional.of(new FieldModel(name, type.get(), model.toColumn(CodeBlock.of("$L", read)).toString(), null, false, nonNull, model));
  }

  /** The {@code X} and {@code Y} of the {@code AttributeConverter<X, Y>} {@code type} implements, or null. */
  private List<? extends TypeMirror> arguments(TypeMirror type) {
    for (TypeMirror s : types.directSupertypes(type)) {
      if (s instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(CONVERTER)) {
        return d.getTypeArguments().size() == 2 ? d.getTypeArguments() : null;
      }
      List<? extends TypeMirror> found = arguments(s);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}

package io.strata.processor.validation;

import io.strata.annotations.Id;
import io.strata.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;
import io.strata.processor.validation.EntityValidator.Declared;

/**
 * How the generated codec builds an entity from its decoded fields: the constructor it calls and its arguments (a
 * record's canonical one, a class's constructor over every stored field or over the ones a setter cannot set, Jakarta
 * NoSQL's by parameter names), or no-arg construction and a write per field; a compile error when there is none.
 */
final class EntityConstruction {
  private final Types types;
  private final Diagnostics diagnostics;
  private final Accessors accessors;

  EntityConstruction(Types types, Diagnostics diagnostics, Accessors accessors) {
    this.types = types;
    this.diagnostics = diagnostics;
    this.accessors = accessors;
  }

  private static String defaultValue(TypeMirror t) {
    return switch (t.getKind()) {
      case BOOLEAN -> "false";
      case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, CHAR -> "(" + t + ") 0";
      default -> "null";
    };
  }

  /**
   * Constructor arguments, or null for no-arg construction. Either way each field of a class gets its write (its setter
   * or field assignment, when it has one): a JDQL {@code UPDATE} changes entities through them.
   */
  List<String> arguments(TypeElement type, boolean record, List<Declared> declared, List<FieldModel> fields) {
    if (!record) {
      fields.replaceAll(f -> f.withWrite(writeStatement(type, declared.stream().filter(d -> d.name().equals(f.name())).findFirst().orElseThrow())));
    }
    List<ExecutableElement> ctors = ElementFilter.constructorsIn(type.getEnclosedElements());
    for (List<Declared> shape : List.of(declared, declared.stream().filter(Declared::stored).toList())) {
      for (ExecutableElement c : ctors) {
        if ((record || Accessors.accessible(c)) && matches(c, shape)) {
          return shape.stream().map(d -> d.stored() ? EntityValidator.local(d.name()) : defaultValue(d.type())).toList();
        }
      }
      if (record) {
        break;
      }
    }
    boolean noArg = ctors.stream().anyMatch(c -> c.getParameters().isEmpty() && Accessors.accessible(c));
    if (!record && noArg && fields.stream().allMatch(f -> f.write() != null)) {
      return null;
    }
    Optional<List<String>> named = record ? Optional.empty() : namedConstructor(ctors, declared, fields);
    if (named.isPresent()) {
      return named.get();
    }
    if (!diagnostics.failed()) {
      diagnostics.error(type, Messages.NOT_CONSTRUCTIBLE, type.getSimpleName(),
          String.join(", ", declared.stream().filter(Declared::stored).map(d -> d.type() + " " + d.name()).toList()),
          fields.stream().allMatch(f -> f.write() != null) ? "no constructor it can call (each field has a setter, but there is"
              + " no non-private no-arg constructor)" : "no constructor it can call sets " + String.join(", ",
              fields.stream().filter(f -> f.write() == null).map(FieldModel::name).toList()) + ", and no setter or writable field does");
    }
    return null;
  }

  /**
   * The arguments of the non-private constructor, with the most parameters, whose every parameter names a stored field
   * of its type (by the parameter's name, which javac keeps for sources it compiles, or by a {@code @jakarta.nosql.Id}
   * or {@code @Column} value naming the field) and which leaves out only fields the codec can set afterwards (a setter
   * or a writable field): the constructor binding of Jakarta NoSQL's immutable entities. Empty when there is none.
   */
  private Optional<List<String>> namedConstructor(List<ExecutableElement> ctors, List<Declared> declared, List<FieldModel> fields) {
    List<String> best = null;
    for (ExecutableElement c : ctors) {
      if (!Accessors.accessible(c) || c.getParameters().isEmpty()) {
        continue;
      }
      List<String> bound = new ArrayList<>();
      for (VariableElement p : c.getParameters()) {
        String column = columnName(p);
        declared.stream().filter(d -> d.stored() && !bound.contains(d.name())
                && (d.name().equals(p.getSimpleName().toString()) || d.name().equals(column))
                && types.isSameType(types.erasure(p.asType()), types.erasure(d.type())))
            .findFirst().ifPresent(d -> bound.add(d.name()));
      }
      boolean complete = bound.size() == c.getParameters().size()
          && fields.stream().allMatch(f -> bound.contains(f.name()) || f.write() != null);
      if (complete && (best == null || bound.size() > best.size())) {
        best = bound;
      }
    }
    return Optional.ofNullable(best).map(b -> b.stream().map(EntityValidator::local).toList());
  }

  /** The name a {@code @jakarta.nosql.Id} or {@code @Column} annotation on {@code e} gives, or null. */
  private static String columnName(Element e) {
    for (AnnotationMirror m : e.getAnnotationMirrors()) {
      String annotation = m.getAnnotationType().toString();
      if (annotation.equals(EntityValidator.JAKARTA_ID) || annotation.equals(EntityValidator.JAKARTA_COLUMN)) {
        for (var v : m.getElementValues().entrySet()) {
          if (v.getKey().getSimpleName().contentEquals("value")) {
            return v.getValue().getValue().toString();
          }
        }
      }
    }
    return null;
  }

  private boolean matches(ExecutableElement c, List<Declared> shape) {
    if (c.getParameters().size() != shape.size()) {
      return false;
    }
    for (int i = 0; i < shape.size(); i++) {
      if (!types.isSameType(types.erasure(c.getParameters().get(i).asType()), types.erasure(shape.get(i).type()))) {
        return false;
      }
    }
    return true;
  }

  private String writeStatement(TypeElement owner, Declared d) {
    return accessors.setter(owner, d.element(), d.name(), d.type(), EntityValidator.packageOf(owner))
        .map(set -> set.isEmpty() ? "e." + d.name() + " = " + EntityValidator.local(d.name()) : "e." + set + "(" + EntityValidator.local(d.name()) + ")").orElse(null);
  }
}

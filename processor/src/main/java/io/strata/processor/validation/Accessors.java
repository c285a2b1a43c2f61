package io.strata.processor.validation;

import io.strata.processor.model.ValueType;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * How generated code reads and writes a field of a class (an entity class or a {@code @Document} class):
 * through a non-private getter ({@code getX()}/{@code isX()}, or a record-style {@code x()}) or setter ({@code setX(x)}) of the field's exact
 * type, else through the field itself when it is non-private (and, to write it, non-final). Generated code lives in
 * the entity's package, so members of a class in another package must be public.
 */
final class Accessors {
  private final Types types;
  private final Elements elements;

  Accessors(Types types, Elements elements) {
    this.types = types;
    this.elements = elements;
  }

  static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /** The getter a message suggests adding. */
  static String getterName(String name, TypeMirror type) {
    return (type.getKind() == TypeKind.BOOLEAN ? "is" : "get") + capitalized(name);
  }

  /**
   * For a boolean field named like {@code isOdd}, the JavaBeans getter {@code isOdd()} (whose setter is
   * {@code setOdd}); null for any other field.
   */
  static String beanName(String name, TypeMirror type) {
    boolean bool = type.getKind() == TypeKind.BOOLEAN || type.toString().equals("java.lang.Boolean");
    return bool && name.length() > 2 && name.startsWith("is") && Character.isUpperCase(name.charAt(2)) ? name : null;
  }

  static boolean accessible(Element e) {
    return !e.getModifiers().contains(Modifier.PRIVATE);
  }

  /** Whether code in package {@code from} can use {@code e} (a member, constructor or type). */
  boolean visible(Element e, String from) {
    return e.getModifiers().contains(Modifier.PUBLIC)
        || (accessible(e) && elements.getPackageOf(e).getQualifiedName().contentEquals(from));
  }

  /**
   * The getter's name, {@code ""} to read the field itself, or empty when neither is accessible. A JavaBeans getter
   * ({@code getX()}/{@code isX()}) comes first, then the field itself, then a record-style accessor {@code x()} (as
   * Jakarta NoSQL entities often declare for private fields).
   */
  Optional<String> getter(TypeElement owner, Element field, String name, TypeMirror type, String from) {
    Optional<String> bean = reader(owner, type, from, n -> n.equals("get" + capitalized(name)) || n.equals("is" + capitalized(name))
        || n.equals(beanName(name, type)));
    if (bean.isPresent()) {
      return bean;
    }
    return visible(field, from) ? Optional.of("") : reader(owner, type, from, name::equals);
  }

  /** The first visible instance method of {@code owner} without parameters, returning {@code type}, whose name {@code named} accepts. */
  private Optional<String> reader(TypeElement owner, TypeMirror type, String from, java.util.function.Predicate<String> named) {
    for (ExecutableElement m : ElementFilter.methodsIn(owner.getEnclosedElements())) {
      String n = m.getSimpleName().toString();
      if (visible(m, from) && m.getParameters().isEmpty() && !m.getModifiers().contains(Modifier.STATIC) && named.test(n)
          && types.isSameType(m.getReturnType(), type)) {
        return Optional.of(n);
      }
    }
    return Optional.empty();
  }

  /** The setter's name, {@code ""} to assign the field itself, or empty when neither is accessible. */
  Optional<String> setter(TypeElement owner, Element field, String name, TypeMirror type, String from) {
    String setter = "set" + capitalized(name);
    String beanSetter = beanName(name, type) == null ? null : "set" + name.substring(2);
    for (ExecutableElement m : ElementFilter.methodsIn(owner.getEnclosedElements())) {
      String n = m.getSimpleName().toString();
      if (visible(m, from) && (n.equals(setter) || n.equals(beanSetter)) && m.getParameters().size() == 1
          && !m.getModifiers().contains(Modifier.STATIC) && types.isSameType(m.getParameters().get(0).asType(), type)) {
        return Optional.of(n);
      }
    }
    return visible(field, from) && !field.getModifiers().contains(Modifier.FINAL) ? Optional.of("") : Optional.empty();
  }

  /** Both ways of reaching the field, or empty when it cannot be read or cannot be written. */
  Optional<ValueType.Access> access(TypeElement owner, Element field, String name, TypeMirror type, String from) {
    Optional<String> getter = getter(owner, field, name, type, from);
    Optional<String> setter = setter(owner, field, name, type, from);
    return getter.isPresent() && setter.isPresent() ? Optional.of(new ValueType.Access(getter.get(), setter.get())) : Optional.empty();
  }
}

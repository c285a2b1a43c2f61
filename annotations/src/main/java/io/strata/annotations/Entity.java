package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class or record as persistent. The Strata processor generates {@code <SimpleName>Repository}
 * and {@code <SimpleName>Codec} in the same package.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Entity {
  /** The entity name, the first element of every key; defaults to the simple class name. */
  String name() default "";

  /** Also keep a column-major copy of every field: {@code (E, "C", field, id)}. */
  boolean columnMajor() default false;
}

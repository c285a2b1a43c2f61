package io.strata.annotations;

import jakarta.data.spi.EntityDefining;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class or record as persistent. The Strata processor generates {@code <SimpleName>Repository}
 * and {@code <SimpleName>Codec} in the same package.
 *
 * <p>Meta-annotated with Jakarta Data's {@code @EntityDefining}, so that other Jakarta Data providers and tools recognise
 * it as Strata's entity annotation and leave repositories of these entities to Strata. {@code jakarta.data-api} is not a
 * dependency of this module: where it is absent, the marker is simply not there.
 */
@EntityDefining
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Entity {
  /** The entity name, the first element of every key; defaults to the simple class name. */
  String name() default "";

  /**
   * Store each row as one key {@code (E, "R", id, 0)} holding its non-null fields as (name, value) pairs, in
   * parts past 90,000 bytes (the default, FoundationDB's "pack small values read together" practice); with
   * {@code false}, a key per field {@code (E, "R", id, field)} (the Tables recipe). Either form reads back, so
   * an entity can change it: each save rewrites its row in the new form.
   */
  boolean packed() default true;

  /**
   * Also keep a column-major copy of every field: {@code (E, "C", field, id)}. For rows a key per field: it
   * implies {@code packed = false}, and {@code packed = true} beside it is a compile error.
   */
  boolean columnMajor() default false;
}

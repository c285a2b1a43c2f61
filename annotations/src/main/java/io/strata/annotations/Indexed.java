package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A simple secondary index on one field: {@code (E, "I", name, value, id)}. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD, ElementType.PARAMETER})
public @interface Indexed {
  /** The index name; defaults to the field name. */
  String name() default "";

  /** At most one entity per value: {@code (E, "U", name, value) = id}; duplicates are rejected on save. */
  boolean unique() default false;

  /** Store the whole row in the index entry so queries read no rows. */
  boolean covering() default false;
}

package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A {@code byte[]} stored in chunks outside the row: {@code (E, "B", id, field, offset)}. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD, ElementType.PARAMETER})
public @interface Blob {
  /** Bytes per chunk; at most 100,000 (FoundationDB's value limit). */
  int chunkSize() default 10_000;
}

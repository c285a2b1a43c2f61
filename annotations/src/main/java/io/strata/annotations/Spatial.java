package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A Z-order (Morton) index on an {@code io.strata.Point} or {@code io.strata.GeoPoint} field. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD, ElementType.PARAMETER})
public @interface Spatial {
  /** The most z-ranges one bounding-box query may read; more ranges read fewer keys outside the box. */
  int maxRanges() default 32;
}

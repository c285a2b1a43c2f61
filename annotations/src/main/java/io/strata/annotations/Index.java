package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A composite index over several fields, in the order given. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Index.List.class)
public @interface Index {
  /** The index name, unique within the entity. */
  String name();

  /** The indexed fields, most significant first; a path into a {@code @Document} field uses dots. */
  String[] fields();

  boolean unique() default false;

  boolean covering() default false;

  /** Container for repeated {@link Index} annotations. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE)
  @interface List {
    Index[] value();
  }
}

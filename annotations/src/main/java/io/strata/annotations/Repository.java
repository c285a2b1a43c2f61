package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A declared repository: an interface whose abstract methods are derived queries (for example
 * {@code List<Place> findTop5ByCountryOrderByPopulationDesc(String country)}). The processor plans each
 * method onto the entity's indexes at compile time and generates {@code <Interface>Impl} in the same
 * package; a method no index serves is a compile error naming the index to add.
 *
 * <p>The entity comes from {@code extends CrudRepository<E, ID>}, or from {@link #entity()} for an
 * interface that extends nothing.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Repository {
  /** The {@code @Entity} the queries read; needed only when the interface does not extend {@code CrudRepository<E, ID>}. */
  Class<?> entity() default void.class;
}

package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets a declared query method that no index fully serves read the best partial index (or every row)
 * and filter the remaining criteria in memory. Without it such a method is a compile error that names
 * the index to add. The generated javadoc of the method says that it filters.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface AllowFiltering {}

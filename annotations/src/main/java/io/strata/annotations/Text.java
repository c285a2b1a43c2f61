package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A full-text index on a {@code String} field: {@code (E, "T", field, word, id) = pack(positions...)}.
 * Words are maximal runs of Unicode letters and digits, lower-cased ({@code Locale.ROOT}) and stripped of
 * accents (NFD, marks removed). Generates {@code findBy<F>ContainingAllWords}, {@code ContainingAnyWord},
 * {@code ContainingPhrase} and {@code ContainingWordStartingWith}, each also paged; all exact.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD, ElementType.PARAMETER})
public @interface Text {}

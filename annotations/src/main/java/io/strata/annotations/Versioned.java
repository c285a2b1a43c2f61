package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Keeps a change feed of the entity ordered by commit version: {@code (E, "V", versionstamp, id)} holds
 * each id's latest change once (deletes as tombstones until pruned) and {@code (E, "v", id)} its version,
 * both written with versionstamped mutations in the row's transaction. Generates {@code changesSince},
 * {@code versionOf}, {@code watch}, {@code pruneDeletes} and the live tail {@code subscribe}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Versioned {}

package io.strata.test;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A seeded fault plan for {@link StrataTest#faults()}: the attributes of {@link io.strata.embedded.Faults},
 * each a probability per commit, attempt or read (0, the default, injects none of that kind). The same seed
 * gives the same sequence of decisions, so a failing test replays.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface FaultPlan {

  /** The seed every random decision derives from. */
  long seed();

  /** Commits fail with {@code not_committed} (1020), nothing written. */
  double notCommitted() default 0;

  /** Commits apply, then fail with {@code commit_unknown_result} (1021). */
  double unknownResultApplied() default 0;

  /** Commits fail with {@code commit_unknown_result} (1021), nothing written. */
  double unknownResultNotApplied() default 0;

  /** Transaction attempts get a stale read version: their reads fail with {@code transaction_too_old} (1007). */
  double tooOld() default 0;

  /** Reads are delayed by {@link #readDelayMillis()}. */
  double readDelay() default 0;

  /** How long a delayed read waits, in milliseconds. */
  long readDelayMillis() default 1;
}

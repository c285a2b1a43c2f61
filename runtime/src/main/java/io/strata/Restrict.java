package io.strata;

import io.strata.query.model.Condition;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Combines {@link Restriction}s: all of them, any of them, the opposite of one, or none at all. */
public final class Restrict {
  private Restrict() {}

  /** Entities every one of {@code parts} accepts; {@code all()} of nothing accepts every entity. */
  @SafeVarargs
  public static <E> Restriction<E> all(Restriction<E>... parts) {
    return new Restriction<>(new Condition.And(conditions(parts)));
  }

  /** Entities at least one of {@code parts} accepts; {@code any()} of nothing accepts no entity. */
  @SafeVarargs
  public static <E> Restriction<E> any(Restriction<E>... parts) {
    return new Restriction<>(new Condition.Or(conditions(parts)));
  }

  /** Entities {@code part} does not accept. */
  public static <E> Restriction<E> not(Restriction<E> part) {
    Objects.requireNonNull(part, "Restrict.not(null): give the restriction to negate");
    return new Restriction<>(new Condition.Not(part.condition()));
  }

  /** Every entity (a query over it reads every row, so it needs {@code Finder.allowScan()}). */
  public static <E> Restriction<E> unrestricted() {
    return new Restriction<>(Condition.ALWAYS);
  }

  @SafeVarargs
  private static <E> List<Condition> conditions(Restriction<E>... parts) {
    return Arrays.stream(parts).map(p -> Objects.requireNonNull(p, "a null restriction among the parts: leave it out, "
        + "or use Restrict.unrestricted()").condition()).toList();
  }
}

package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An order-statistics index on one field within groups: the rank of an entity, the entity at a rank, a
 * range of ranks and the group's size, each reading O(log n) keys. Entities are ordered by the field,
 * ties by id; {@code descending = true} reverses the whole order (rank 0 is the largest value, and among
 * equal values the largest id). Stored under {@code (E, "K", name, groups...)} as a ranked skip list,
 * maintained in the same transaction as each row; concurrent saves into one group rarely conflict.
 *
 * <pre>{@code
 * @Entity
 * @Rank(name = "byPopulation", field = "population", groupBy = "country", descending = true)
 * record Place(@Id long id, String country, long population) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Rank.List.class)
public @interface Rank {
  /** The index name, unique among the entity's indexes; the generated methods are named after it. */
  String name();

  /** The ranked field: an orderable scalar (number, String, boolean, Instant, LocalDate, ...). */
  String field();

  /** The fields that form a group, most significant first; none for one ranking of all entities. */
  String[] groupBy() default {};

  /** Rank 0 is the largest value rather than the smallest. */
  boolean descending() default false;

  /** Container for repeated {@link Rank} annotations. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE)
  @interface List {
    Rank[] value();
  }
}

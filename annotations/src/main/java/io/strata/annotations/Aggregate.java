package io.strata.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A count, sum, minimum or maximum of the entities, per group, maintained in the same transaction as
 * each row and exact under updates and deletes. COUNT and SUM live in one key per group,
 * {@code (E, "A", name, groups...)}, updated with atomic ADD; MIN and MAX keep one entry per entity,
 * {@code (E, "A", name, groups..., value, id)}, and read the first or last key of the group. Every
 * read is one or two keys whatever the group's size.
 *
 * <pre>{@code
 * @Entity
 * @Aggregate(name = "placesByCountry", function = Aggregate.Function.COUNT, groupBy = "country")
 * @Aggregate(name = "populationByCountry", function = Aggregate.Function.SUM, field = "population", groupBy = "country")
 * record Place(@Id long id, String country, long population) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Aggregate.List.class)
public @interface Aggregate {
  /** The aggregate's name, unique among the entity's indexes; the generated methods are named after it. */
  String name();

  /** What is computed. */
  Function function();

  /**
   * The aggregated field: required for SUM (an integral field), MIN and MAX (an orderable field); for
   * COUNT, optional: when given, only entities whose field is not null are counted.
   */
  String field() default "";

  /** The fields that form a group, most significant first; none for one total over all entities. */
  String[] groupBy() default {};

  /** The aggregate functions. */
  enum Function {
    /** The number of entities in the group. */
    COUNT,
    /** The sum of an integral field ({@code long} arithmetic, wrapping on overflow like Java's). */
    SUM,
    /** The smallest value of the field in the group. */
    MIN,
    /** The largest value of the field in the group. */
    MAX
  }

  /** Container for repeated {@link Aggregate} annotations. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE)
  @interface List {
    Aggregate[] value();
  }
}

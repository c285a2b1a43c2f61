package io.strata.jakarta.data;

import io.strata.metamodel.AbstractAttribute;
import io.strata.metamodel.RangeRestrictable;
import jakarta.data.Sort;
import jakarta.data.metamodel.SortableAttribute;
import java.util.function.Function;

/**
 * A sortable property of a Jakarta Data entity in its generated static metamodel {@code _E}: Jakarta Data's
 * {@link SortableAttribute} ({@code asc()}, {@code desc()}) that also builds run-time restrictions with Jakarta Data
 * 1.1's vocabulary ({@code equalTo}, {@code lessThan}, {@code between}, ...).
 *
 * @param <E> the entity
 * @param <V> the property's Java type (boxed)
 */
public class SortableDataAttribute<E, V extends Comparable<?>> extends AbstractAttribute<E, V>
    implements SortableAttribute<E>, RangeRestrictable<E, V> {
  public SortableDataAttribute(String name, Function<E, V> accessor, Function<V, Object> element) {
    super(name, accessor, element);
  }

  @Override
  public final Sort<E> asc() {
    return Sort.asc(name());
  }

  @Override
  public final Sort<E> desc() {
    return Sort.desc(name());
  }

  /** Jakarta Data's {@code TextAttribute.ascIgnoreCase()} for the text-like subclasses. */
  public Sort<E> ascIgnoreCase() {
    return Sort.ascIgnoreCase(name());
  }

  /** Jakarta Data's {@code TextAttribute.descIgnoreCase()} for the text-like subclasses. */
  public Sort<E> descIgnoreCase() {
    return Sort.descIgnoreCase(name());
  }
}

package io.strata.jakarta.data;

import io.strata.query.ResultOrder;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import jakarta.data.Sort;
import jakarta.data.exceptions.MappingException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The persistent properties of one entity by name, as getters the processor writes (no reflection), and the order
 * Jakarta Data gives their values: what a method with a {@code Sort}, {@code Order} or cursor chosen at run time
 * sorts and compares by.
 *
 * <p>Order of values: numbers by value (a cursor may give a {@code long} property as an {@code Integer}), enums in
 * declaration order (as Jakarta Data specifies; Strata's index keys hold enum names, so an index never serves such
 * a sort), text and other {@link Comparable}s naturally, {@code ignoreCase} sorts by the upper-cased text, and null
 * before every value in ascending order (as in FoundationDB's tuple order).
 *
 * @param <T> the entity
 */
public final class Attributes<T> {
  private final String entity;
  private final Map<String, Function<T, ?>> getters;
  private final String id;
  private final ResultOrder<T> order;

  private Attributes(String entity, Map<String, Function<T, ?>> getters, String id) {
    this.entity = entity;
    this.getters = getters;
    this.id = id;
    this.order = new ResultOrder<>(Semantics.JAKARTA, Values.ORDER, id, property -> {
      Function<T, ?> getter = getter(property);
      return getter::apply;
    });
  }

  /** Starts the table of {@code entity}, named as in messages. */
  public static <T> Builder<T> of(String entity) {
    return new Builder<>(entity);
  }

  /** The value of {@code property} of {@code value}; a {@link MappingException} names an unknown property. */
  public Object value(T value, String property) {
    return getter(property).apply(value);
  }

  /** The id of {@code value}. */
  public Object id(T value) {
    return getters.get(id).apply(value);
  }

  /** The name of the id property. */
  public String idName() {
    return id;
  }

  /** The entity's name, as messages give it. */
  public String entity() {
    return entity;
  }

  private Function<T, ?> getter(String property) {
    Function<T, ?> getter = getters.get(property);
    if (getter == null) {
      throw new MappingException(entity + " has no persistent property '" + property + "'; its properties are "
          + String.join(", ", getters.keySet()));
    }
    return getter;
  }

  /**
   * The sort keys of {@code value} under {@code order}: one value per {@link Sort}, as a cursor holds them.
   * A {@link MappingException} names a property {@code order} sorts by that the entity does not have.
   */
  public List<Object> key(T value, List<? extends Sort<? super T>> order) {
    List<Object> key = new ArrayList<>(order.size());
    for (Sort<? super T> sort : order) {
      key.add(value(value, sort.property()));
    }
    return key;
  }

  /** Compares two sort keys of {@code order} ({@link #key}, or a cursor's values) position by position. */
  public Comparator<List<?>> keyOrder(List<? extends Sort<? super T>> order) {
    return order().keys(sortKeys(order));
  }

  /**
   * How the read core orders this entity's results ({@link ResultOrder}): by Jakarta Data's value order
   * ({@link Values#ORDER}), null first, ties by id in the direction of the last sort. Jakarta Data asks only for the
   * sorts' order; ties are the provider's to break, the same way on every page.
   */
  public ResultOrder<T> order() {
    return order;
  }

  /** Jakarta Data's {@code sorts} as the query model's sort keys, most significant first. */
  public static List<SortKey> sortKeys(List<? extends Sort<?>> sorts) {
    List<SortKey> keys = new ArrayList<>(sorts.size());
    for (Sort<?> sort : sorts) {
      keys.add(new SortKey(sort.property(), sort.isDescending(), sort.ignoreCase()));
    }
    return keys;
  }

  /** Builds {@link Attributes}, one getter per persistent property, in declaration order. */
  public static final class Builder<T> {
    private final String entity;
    private final Map<String, Function<T, ?>> getters = new LinkedHashMap<>();
    private String id;

    private Builder(String entity) {
      this.entity = Objects.requireNonNull(entity, "entity");
    }

    /** A persistent property; {@code isId} marks the entity's id (exactly one). */
    public Builder<T> attribute(String name, Function<T, ?> getter, boolean isId) {
      if (getters.putIfAbsent(name, Objects.requireNonNull(getter, name)) != null) {
        throw new IllegalArgumentException(entity + " property '" + name + "' is declared twice");
      }
      if (isId) {
        if (id != null) {
          throw new IllegalArgumentException(entity + " has two ids, '" + id + "' and '" + name + "'");
        }
        id = name;
      }
      return this;
    }

    public Attributes<T> build() {
      if (id == null) {
        throw new IllegalArgumentException(entity + " has no id among its properties " + getters.keySet());
      }
      return new Attributes<>(entity, Collections.unmodifiableMap(new LinkedHashMap<>(getters)), id);
    }
  }
}

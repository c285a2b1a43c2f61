package io.strata.jakarta.data;

import jakarta.data.Direction;
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

  private Attributes(String entity, Map<String, Function<T, ?>> getters, String id) {
    this.entity = entity;
    this.getters = getters;
    this.id = id;
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
    for (Sort<? super T> sort : order) {
      getter(sort.property());
    }
    return (a, b) -> {
      for (int i = 0; i < order.size(); i++) {
        Sort<? super T> sort = order.get(i);
        int c = Values.compare(a.get(i), b.get(i), sort.ignoreCase());
        if (c != 0) {
          return sort.isAscending() ? c : -c;
        }
      }
      return 0;
    };
  }

  /**
   * The total order of a query's results under {@code order}: its sorts, then the id unless {@code order} sorts by it,
   * so that equal sort keys keep one order from page to page. The id goes the way of the last sort (ascending when
   * there is none): that is the order of an index's keys, which end with the id, read forwards for an ascending order
   * and backwards for a descending one, so a read in index order decides ties on its keys and stops at the limit
   * (Jakarta Data asks only for the sorts' order; ties are the provider's to break, the same way on every page).
   */
  public List<Sort<? super T>> totalOrder(List<? extends Sort<? super T>> order) {
    List<Sort<? super T>> total = new ArrayList<>(order);
    if (order.stream().noneMatch(s -> s.property().equals(id))) {
      boolean descending = !order.isEmpty() && order.get(order.size() - 1).isDescending();
      total.add(descending ? Sort.desc(id) : Sort.asc(id));
    }
    return total;
  }

  /** {@code order} read backwards: every sort's direction turned round. */
  static <T> List<Sort<? super T>> reversed(List<? extends Sort<? super T>> order) {
    List<Sort<? super T>> out = new ArrayList<>(order.size());
    for (Sort<? super T> s : order) {
      out.add(Sort.of(s.property(), s.isAscending() ? Direction.DESC : Direction.ASC, s.ignoreCase()));
    }
    return out;
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

package io.strata;

/**
 * A stored property of entity {@code E}, of Java type {@code V}, as run-time queries name it: what the generated
 * static metamodel's attributes are ({@code _Doc.vector}), so a {@link Finder} takes them where a restriction does
 * not fit ({@link Finder#nearest}).
 *
 * @param <E> the entity
 * @param <V> the property's Java type
 */
public interface Property<E, V> {

  /** The property's name, as queries name it. */
  String name();
}

package io.strata.query.model;

/**
 * One stored property as queries see it.
 *
 * @param name the property name (dotted for a nested record's component)
 * @param kind how its values are stored
 * @param id whether it is the entity's id
 * @param neverNull whether no entity can lack a value (a primitive, the id): an index over it holds every entity
 */
public record FieldInfo(String name, ValueKind kind, boolean id, boolean neverNull) {}

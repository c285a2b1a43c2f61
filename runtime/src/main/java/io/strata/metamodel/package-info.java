/**
 * The static metamodel's attributes: the generated {@code _E} class of every entity holds one per stored
 * property, typed by the property's Java type, so {@code _Place.population.greaterThan(1_000_000L)} builds a
 * {@link io.strata.Restriction} and {@code _Place.population.greaterThan("x")} does not compile. Each attribute
 * also carries the generated accessor of its property and the conversion of its values to key elements, which
 * the run-time query executor uses to check conditions on an entity without reflection.
 *
 * <p>May use: {@code io.strata} and the query model. Generated code and the query read core use it.
 */
package io.strata.metamodel;

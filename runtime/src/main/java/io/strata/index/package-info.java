/**
 * Index upkeep shared by every kind: which indexes hold every entity ({@code IndexStates}), online builds
 * of indexes added to existing data ({@code IndexMaintenance}), the repair tool's check of every index
 * against the rows ({@code IndexVerifier}), and the service a derived kind implements
 * ({@code DerivedIndexDefinition}, {@code DerivedIndex}), held per entity by {@code Indexes}.
 *
 * <p>May use: {@code io.strata.row}, {@code io.strata} and the algorithms. Never a concrete derived kind
 * (they plug in through {@code DerivedIndexDefinition#index}), the store or queries.
 */
package io.strata.index;

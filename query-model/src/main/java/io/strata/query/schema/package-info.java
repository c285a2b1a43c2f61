/**
 * The schema snapshot of an entity ({@link io.strata.query.schema.EntitySchema}, its fields' {@link
 * io.strata.query.schema.Encoding}s) and its file format ({@link io.strata.query.schema.SchemaFormat}): written by the
 * annotation processor ({@code -Astrata.schemaDir}), read back by it to check a change, and read by the {@code strata}
 * command-line tool, which so needs neither the processor nor its code generator. JDK only, like the rest of this module.
 */
package io.strata.query.schema;

package io.strata.processor.model;

/** One resolved {@code OrderBy} item. */
public record OrderItem(FieldModel field, boolean descending) {}

package io.strata.processor.model;

/**
 * A {@code @Blob} field.
 *
 * @param field the {@code byte[]} field
 * @param chunkSize bytes per chunk
 */
public record BlobModel(FieldModel field, int chunkSize) {}

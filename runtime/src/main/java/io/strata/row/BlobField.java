package io.strata.row;

/**
 * A {@code @Blob} field: its bytes live in chunks {@code (E, "B", id, name, offset)} and its row key
 * {@code (E, "R", id, name)} holds the total length.
 */
public record BlobField(String name, int chunkSize) {}

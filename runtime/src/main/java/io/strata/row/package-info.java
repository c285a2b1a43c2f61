/**
 * Rows and layouts: how one entity's values become keys and values and back. {@code EntityLayout} (every
 * key an entity writes, LAYOUTS.md) with the descriptions of its plain, unique, covering, spatial and blob
 * fields; {@code EntityCodec} and {@code Elements} (the conversions generated codecs call); {@code RowWrites}
 * (a save's row and index-entry keys, size-checked before anything is written); {@code Rows} (reading rows:
 * decoding, documents, blobs, pages in id order, the count); {@code StoredData} (the errors that name
 * entity, id and key for bytes that do not decode); {@code Sizes}, {@code Paging}, {@code KeyBatches}.
 *
 * <p>May use: {@code io.strata} and the algorithms ({@code tuple}, {@code spatial}, {@code document},
 * {@code blob}). Knows nothing of index states, derived indexes, the store or queries.
 */
package io.strata.row;

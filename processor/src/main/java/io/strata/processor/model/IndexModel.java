package io.strata.processor.model;

import java.util.List;

/**
 * One secondary index.
 *
 * @param name the index name (key element)
 * @param fields the indexed fields, most significant first
 * @param unique one entity per value
 * @param covering entries carry the row
 * @param composite declared with {@code @Index} (methods named after all fields) rather than {@code @Indexed}
 */
public record IndexModel(String name, List<FieldModel> fields, boolean unique, boolean covering, boolean composite) {
  public IndexModel {
    fields = List.copyOf(fields);
  }
}

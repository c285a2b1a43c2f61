package io.strata.query.model;

import java.util.List;

/**
 * One secondary index: entries {@code (f1, ..., fn, id)} (a unique index's entries end at {@code fn} and hold
 * the id as their value).
 *
 * @param name the index name (a key element)
 * @param fields the indexed property names, most significant first
 * @param unique one entity per value
 * @param covering entries carry the row
 * @param composite declared with {@code @Index} rather than {@code @Indexed}
 */
public record IndexInfo(String name, List<String> fields, boolean unique, boolean covering, boolean composite) {
  public IndexInfo {
    fields = List.copyOf(fields);
  }
}

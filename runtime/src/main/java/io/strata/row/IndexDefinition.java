package io.strata.row;

import java.util.List;

/**
 * One secondary index of an entity, as the processor found it.
 *
 * @param name the index name (third key element)
 * @param fields the indexed stored fields, most significant first
 * @param unique one entity per value: {@code (E, "U", name, values...) = pack(id)}
 * @param covering index entries carry the whole row as a tuple
 */
public record IndexDefinition(String name, List<String> fields, boolean unique, boolean covering) {
  public IndexDefinition {
    fields = List.copyOf(fields);
  }
}

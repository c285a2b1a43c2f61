package io.strata.index.text;

import io.strata.index.DerivedIndexDefinition;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Text} field: {@code (E, "T", field, word, id) = pack(positions...)} (see {@link Words}).
 *
 * @param field the indexed {@code String} field; also the index's name
 */
public record TextDefinition(String field) implements DerivedIndexDefinition {
  public TextDefinition {
    Objects.requireNonNull(field, "field");
  }

  @Override
  public String name() {
    return field;
  }

  @Override
  public List<String> groupBy() {
    return List.of();
  }

  @Override
  public io.strata.index.DerivedIndex index(io.strata.row.Rows<?> rows) {
    return new TextIndex(rows, this);
  }
}

package io.strata.index.feed;

import io.strata.index.DerivedIndexDefinition;
import java.util.List;

/**
 * The change feed of a {@code @Versioned} entity: {@code (E, "V", versionstamp, id)} and
 * {@code (E, "v", id)} (see {@code VersionedIndex}). Its index state is named {@value #NAME}.
 */
public record VersionedDefinition() implements DerivedIndexDefinition {
  /** The name of the feed's index state ({@code maintenance().build("changes")}). */
  public static final String NAME = "changes";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<String> groupBy() {
    return List.of();
  }

  @Override
  public io.strata.index.DerivedIndex index(io.strata.row.Rows<?> rows) {
    return new VersionedIndex(rows);
  }
}

package io.strata.processor.behaviour;

/**
 * The row layout of the fixtures that do not choose one: packed in the default test run, a key per field in the
 * {@code per-field-contracts} run, whose fixtures are compiled with {@code -Astrata.packed=false} and which sets
 * {@code strata.test.rows=per-field} (processor/pom.xml). Fixtures that set {@code @Entity(packed)} keep theirs.
 */
final class FixtureRows {
  static final boolean PACKED = !"per-field".equals(System.getProperty("strata.test.rows"));

  private FixtureRows() {}

  /** Keys of one row with {@code nonNullFields} stored fields: one packed key, else a key per field. */
  static int keys(int nonNullFields) {
    return PACKED ? 1 : nonNullFields;
  }
}

package io.strata.benchmarks;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import java.time.Instant;
import java.time.LocalDate;

/** A plain entity of ten scalar fields, packed (the default): {@link ImportMeasurement}'s keys and bytes per row. */
@Entity
public record Plain10(@Id long id, int quantity, long total, String sku, String label, double price, boolean active,
    Instant created, LocalDate day, String note) {
  static Plain10 of(long i) {
    return new Plain10(i, (int) (i % 100), i * 31, "SKU-" + i, "label " + i, i * 0.5, i % 2 == 0, Instant.ofEpochSecond(1_700_000_000L + i),
        LocalDate.of(2026, 1, 1).plusDays(i % 365), "note " + i);
  }
}

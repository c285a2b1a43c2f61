package io.strata.benchmarks;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import java.time.Instant;
import java.time.LocalDate;

/** {@link Plain10} stored a key per field: the "before" of its keys and bytes per row. */
@Entity(name = "Plain10F", packed = false)
public record Plain10PerField(@Id long id, int quantity, long total, String sku, String label, double price, boolean active,
    Instant created, LocalDate day, String note) {
  static Plain10PerField of(Plain10 p) {
    return new Plain10PerField(p.id(), p.quantity(), p.total(), p.sku(), p.label(), p.price(), p.active(), p.created(), p.day(),
        p.note());
  }
}

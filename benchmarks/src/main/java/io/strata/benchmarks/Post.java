package io.strata.benchmarks;

import io.strata.annotations.Document;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import java.util.Map;

/** The entity of {@link DocumentBenchmark}: a title beside a free-form document flattened into path keys. */
@Entity
public record Post(@Id String id, String title, @Document Map<String, Object> body) {}

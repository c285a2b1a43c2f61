package io.strata.benchmarks;

import io.strata.annotations.Embedding;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/**
 * The entity of {@link VectorMeasurement}: one vector of a {@link VectorDataSets} set with its group (a place's
 * country, or a synthetic group), under a COSINE vector index. The measurement uses the generated
 * {@code VectorPlaceCodec} with stores it builds (ungrouped, grouped by {@code group}, and without the index as the
 * throughput baseline), so that one run compares the three on the same rows.
 */
@Entity
public record VectorPlace(@Id long id, String group,
    @Embedding(dimensions = VectorDataSets.DIMENSIONS, metric = Embedding.Metric.COSINE) float[] vector) {}

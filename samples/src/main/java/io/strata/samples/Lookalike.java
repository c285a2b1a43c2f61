package io.strata.samples;

import io.strata.annotations.Embedding;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/**
 * A place's {@link Sketch}, kept beside the place in its own entity with a vector index: the sample's "places like
 * this one" ({@link Lookalikes}). Filled from the places on first use.
 */
@Entity
public record Lookalike(@Id long id, String name, String country, long population,
    @Embedding(dimensions = Sketch.DIMENSIONS, metric = Embedding.Metric.COSINE) float[] sketch) {

  static Lookalike of(Place p) {
    return new Lookalike(p.id(), p.name(), p.country(), p.population(), Sketch.of(p));
  }
}

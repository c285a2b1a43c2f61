package io.strata.benchmarks.hot;

import io.strata.annotations.Blob;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;

/** An entity with a blob. */
@Entity
public record HotBlob(@Id long id, String city, @Blob byte[] data) {}

package com.example;

import io.strata.annotations.Embedding;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

@Entity
public record Doc(@Id long id, @Indexed String category, String title, int year,
    @Embedding(dimensions = 96, metric = Embedding.Metric.COSINE, groupBy = "category") float[] vector) {}

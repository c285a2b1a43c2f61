package io.strata.benchmarks;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/** The entity of {@link RepositoryBenchmark}: the processor generates {@code CustomerRepository} from it. */
@Entity
public record Customer(@Id String id, @Indexed String city, int age, String name) {}

package io.strata.cdi.app;

import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;

/** A Jakarta Data repository on another database: the {@code StrataDb} bean named {@code archive}. */
@Repository(dataStore = "archive")
public interface ArchivedProducts extends BasicRepository<Product, Long> {}

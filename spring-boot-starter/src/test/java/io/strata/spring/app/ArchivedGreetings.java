package io.strata.spring.app;

import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;

/** A Jakarta Data repository on another database: the {@code StrataDb} bean named {@code archive}. */
@Repository(dataStore = "archive")
public interface ArchivedGreetings extends BasicRepository<Greeting, String> {}

package io.strata.spring.app;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/** The test application's entity, compiled by the Strata processor like a user's. */
@Entity
public record Greeting(@Id String id, @Indexed String language, String text) {}

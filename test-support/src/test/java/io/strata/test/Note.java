package io.strata.test;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/** The entity whose generated repository the extension's tests inject. */
@Entity
public record Note(@Id String id, @Indexed String topic, String text) {}

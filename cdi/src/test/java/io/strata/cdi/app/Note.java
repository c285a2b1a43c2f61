package io.strata.cdi.app;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;

/** A Strata entity: the processor generates {@code NoteRepository}. */
@Entity
public record Note(@Id String id, @Indexed String topic, String text) {}

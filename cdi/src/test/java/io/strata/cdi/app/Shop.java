package io.strata.cdi.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Application code that gets all three kinds of generated repository by field injection. */
@ApplicationScoped
public class Shop {
  @Inject Products products;
  @Inject Notes notes;
  @Inject NoteRepository noteRepository;

  public Products products() {
    return products;
  }

  public Notes notes() {
    return notes;
  }

  public NoteRepository noteRepository() {
    return noteRepository;
  }
}

package io.strata.cdi.app;

import io.strata.CrudRepository;
import io.strata.annotations.Repository;
import java.util.List;

/** A declared Strata repository: the processor generates {@code NotesImpl}. */
@Repository
public interface Notes extends CrudRepository<Note, String> {
  List<Note> findByTopic(String topic);
}

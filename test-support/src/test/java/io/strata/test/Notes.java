package io.strata.test;

import io.strata.CrudRepository;
import io.strata.annotations.Repository;
import java.util.List;

/** A declared repository the extension injects by its interface type. */
@Repository
public interface Notes extends CrudRepository<Note, String> {
  List<Note> findByTopic(String topic);
}

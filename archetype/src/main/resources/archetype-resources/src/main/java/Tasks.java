package ${package};

import io.strata.CrudRepository;
import io.strata.annotations.Repository;
import java.util.List;

/**
 * The queries the application needs, declared by name. The processor plans each one onto an index of
 * {@link Task} at compile time and generates {@code TasksImpl}; a query no index serves is a compile error
 * that names the index to add.
 */
@Repository
public interface Tasks extends CrudRepository<Task, String> {

  /** The tasks of a project, in id order: one range read of the {@code project} index. */
  List<Task> findByProject(String project);

  /** The tasks of a project still to do: one range read of {@code byProjectAndDone} at (project, false). */
  List<Task> findByProjectAndDoneFalse(String project);
}

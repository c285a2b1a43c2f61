#if ($flavour == "jakarta-data")
package ${package};

import jakarta.data.Order;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.util.List;

/**
 * The queries the application needs, in Jakarta Data 1.0's terms: {@code @Find} methods and method names. The Strata
 * processor plans each one onto an index of {@link Task} at compile time and generates {@code TasksImpl}, whose javadoc
 * states each plan in keys; with {@code -Astrata.requireIndexes=true} (the pom's) a method no index serves is a compile
 * error that names the index to add.
 */
@Repository
public interface Tasks extends CrudRepository<Task, String> {

  /** The tasks of a project, in id order: one range read of the {@code project} index. */
  @Find
  @OrderBy("id")
  List<Task> byProject(@By("project") String project);

  /** The tasks of a project still to do: one range read of {@code byProjectAndDone} at (project, false). */
  List<Task> findByProjectAndDoneFalse(String project);

  /** A project's tasks a page at a time, in the order the caller chooses: reads the {@code project} index. */
  @Find
  Page<Task> pageOf(@By("project") String project, PageRequest pageRequest, Order<Task> order);

  /** How many tasks a project has: reads the {@code project} index. */
  long countByProject(String project);
}
#else
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
#end

#if ($flavour == "jakarta-data")
package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.test.StrataTest;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each test gets a fresh embedded database; the declared repository is injected as a parameter (as TasksImpl). */
@StrataTest
class TasksTest {

  @Test
  void anInsertedTaskIsFoundByIdAndByProject(Tasks tasks) {
    Task task = new Task("t1", "strata", "describe the data as records", false);
    tasks.insert(task);
    assertEquals(Optional.of(task), tasks.findById("t1"));
    assertEquals(List.of(task), tasks.byProject("strata"));
    assertEquals(1, tasks.countByProject("strata"));
    assertThrows(EntityExistsException.class, () -> tasks.insert(task));
  }

  @Test
  void onlyTheTasksNotDoneAreStillToDo(Tasks tasks) {
    Task written = new Task("t1", "strata", "describe the data as records", true);
    Task tested = new Task("t2", "strata", "run the tests", false);
    Task elsewhere = new Task("t3", "other", "not this project", false);
    tasks.insertAll(List.of(written, tested, elsewhere));
    assertEquals(List.of(written, tested), tasks.byProject("strata"));
    assertEquals(List.of(tested), tasks.findByProjectAndDoneFalse("strata"));
  }

  @Test
  void aProjectsTasksComeAPageAtATime(Tasks tasks) {
    Task first = new Task("t1", "strata", "describe the data as records", true);
    Task second = new Task("t2", "strata", "run the tests", false);
    Task third = new Task("t3", "strata", "ship it", false);
    tasks.insertAll(List.of(first, second, third, new Task("t4", "other", "not this project", false)));
    Order<Task> newestFirst = Order.by(Sort.desc("id"));
    Page<Task> page = tasks.pageOf("strata", PageRequest.ofSize(2), newestFirst);
    assertEquals(List.of(third, second), page.content());
    assertEquals(3, page.totalElements());
    Page<Task> next = tasks.pageOf("strata", page.nextPageRequest(), newestFirst);
    assertEquals(List.of(first), next.content());
    assertFalse(next.hasNext());
  }

  @Test
  void deletingATaskRemovesItFromItsProject(Tasks tasks) {
    tasks.insert(new Task("t1", "strata", "describe the data as records", false));
    tasks.deleteById("t1");
    assertEquals(Optional.empty(), tasks.findById("t1"));
    assertEquals(List.of(), tasks.byProject("strata"));
    assertEquals(0, tasks.countByProject("strata"));
  }
}
#else
package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.test.StrataTest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each test gets a fresh embedded database; the declared repository is injected as a parameter (as TasksImpl). */
@StrataTest
class TasksTest {

  @Test
  void aSavedTaskIsFoundByIdAndByProject(Tasks tasks) {
    Task task = new Task("t1", "strata", "describe the data as records", false);
    tasks.save(task);
    assertEquals(Optional.of(task), tasks.findById("t1"));
    assertEquals(List.of(task), tasks.findByProject("strata"));
    assertEquals(1, tasks.count());
  }

  @Test
  void onlyTheTasksNotDoneAreStillToDo(Tasks tasks) {
    Task written = new Task("t1", "strata", "describe the data as records", true);
    Task tested = new Task("t2", "strata", "run the tests", false);
    Task elsewhere = new Task("t3", "other", "not this project", false);
    tasks.saveAll(List.of(written, tested, elsewhere));
    assertEquals(List.of(written, tested), tasks.findByProject("strata"));
    assertEquals(List.of(tested), tasks.findByProjectAndDoneFalse("strata"));
  }

  @Test
  void deletingATaskRemovesItFromItsProject(Tasks tasks) {
    tasks.save(new Task("t1", "strata", "describe the data as records", false));
    assertTrue(tasks.deleteById("t1"));
    assertEquals(List.of(), tasks.findByProject("strata"));
    assertEquals(0, tasks.count());
  }
}
#end

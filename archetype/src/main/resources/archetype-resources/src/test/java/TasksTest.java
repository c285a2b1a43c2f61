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

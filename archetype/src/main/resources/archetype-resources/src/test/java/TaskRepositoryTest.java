package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.test.StrataTest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each test gets a fresh embedded database; the repository is injected as a parameter. */
@StrataTest
class TaskRepositoryTest {

  @Test
  void aSavedTaskIsFoundByIdAndByProject(TaskRepository tasks) {
    Task task = new Task("t1", "strata", "describe the data as records", false);
    tasks.save(task);
    assertEquals(Optional.of(task), tasks.findById("t1"));
    assertEquals(List.of(task), tasks.findByProject("strata"));
    assertEquals(1, tasks.count());
  }

  @Test
  void deletingATaskRemovesItFromItsProject(TaskRepository tasks) {
    tasks.save(new Task("t1", "strata", "describe the data as records", false));
    assertTrue(tasks.deleteById("t1"));
    assertEquals(List.of(), tasks.findByProject("strata"));
    assertEquals(0, tasks.count());
  }
}

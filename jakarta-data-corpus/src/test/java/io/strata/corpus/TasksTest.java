package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.jnosql.demo.se.Task;
import org.jnosql.demo.se.Tasks;
import org.jnosql.demo.se.TasksImpl;
import org.junit.jupiter.api.Test;

/**
 * JNoSQL's demos-se MongoDB record demo {@code Tasks}: a repository with no supertype over a record, whose entity
 * comes from its {@code @Save} method, with JDQL {@code from Task where enabled = true}, a {@code @Find} of every
 * task and a {@code @Delete}.
 */
class TasksTest extends CorpusTest {
  private final Map<String, Task> saved = new TreeMap<>();

  @Test
  void everyMethodAnswersAsBruteForceAsTasksComeAndGo() {
    Tasks tasks = new TasksImpl(db);
    for (int round = 0; round < 60; round++) {
      List<String> ids = new ArrayList<>(saved.keySet());
      if (ids.isEmpty() || random.nextInt(3) > 0) {
        String id = ids.isEmpty() || random.nextBoolean() ? uuid() : pick(ids);
        Task task = new Task(id, word() + " " + round, random.nextBoolean());
        assertEquals(task, tasks.save(task), seed("save returns the task"));
        saved.put(id, task);
      } else {
        Task gone = saved.remove(pick(ids));
        tasks.remove(gone);
      }
      assertEquals(expected(t -> t.enabled()), sorted(tasks.listAllEnabled()), seed("listAllEnabled"));
      assertEquals(expected(t -> !t.enabled()), sorted(tasks.listAllDisabled()), seed("listAllDisabled"));
      assertEquals(expected(t -> true), sorted(tasks.findAll()), seed("findAll"));
    }
  }

  private List<Task> expected(Predicate<Task> where) {
    return saved.values().stream().filter(where).toList();
  }

  private static List<Task> sorted(List<Task> found) {
    return found.stream().sorted((a, b) -> a.id().compareTo(b.id())).toList();
  }
}

package io.strata.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs test bodies on their own threads and waits for all of them, failing with the first failure. */
public final class Concurrently {
  private Concurrently() {}

  public static void run(List<Runnable> tasks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
    try {
      List<Future<?>> futures = new ArrayList<>();
      tasks.forEach(t -> futures.add(pool.submit(t)));
      for (Future<?> f : futures) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** {@code threads} copies of {@code body}, each given its thread number. */
  public static void run(int threads, java.util.function.IntConsumer body) throws Exception {
    List<Runnable> tasks = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      tasks.add(() -> body.accept(thread));
    }
    run(tasks);
  }
}

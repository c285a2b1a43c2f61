package io.strata.testkit;

import java.util.Optional;
import java.util.TreeSet;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says in the build output why the real-cluster twins were skipped. Every {@code *ClusterTest} runs a
 * {@code *Contract} on FoundationDB in Docker and is skipped by Testcontainers when Docker is absent; the
 * build then reports them only as "Skipped", which reads like forgotten tests. This listener (registered
 * through {@code META-INF/services}, so it runs in every module whose tests use the test kit) prints one
 * line per test run naming how many were skipped and the reason JUnit was given.
 */
public final class SkippedClusterTestsReport implements TestExecutionListener {
  private TestPlan plan;
  private long skipped;
  private final TreeSet<String> reasons = new TreeSet<>();

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
    skipped = 0;
    reasons.clear();
  }

  @Override
  public void executionSkipped(TestIdentifier id, String reason) {
    if (plan == null || !isClusterTwin(id.getSource())) {
      return;
    }
    skipped += id.isTest() ? 1 : plan.getDescendants(id).stream().filter(TestIdentifier::isTest).count();
    reasons.add(reason);
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (skipped > 0) {
      System.out.println("[Strata] " + skipped + " real-cluster tests (*ClusterTest, the FoundationDB-in-Docker twins of the"
          + " *EmbeddedTest runs of the same contracts) were skipped: " + String.join("; ", reasons)
          + ". With Docker and the FoundationDB client library installed they run (docs/testing.md).");
    }
  }

  private static boolean isClusterTwin(Optional<TestSource> source) {
    return source.map(s -> s instanceof ClassSource c ? c.getClassName() : s instanceof MethodSource m ? m.getClassName() : "")
        .filter(name -> name.endsWith("ClusterTest")).isPresent();
  }
}

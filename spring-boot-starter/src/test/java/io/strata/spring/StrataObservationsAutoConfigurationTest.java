package io.strata.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.strata.StrataDb;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter observes the StrataDb bean in the application's ObservationRegistry, and leaves it alone without one. */
class StrataObservationsAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(StrataAutoConfiguration.class));

  @Test
  void theApplicationsRegistryObservesTheDatabasesTransactions() {
    TestObservationRegistry registry = TestObservationRegistry.create();
    runner.withBean(TestObservationRegistry.class, () -> registry).run(context -> {
      context.getBean(StrataDb.class).run(tr -> {
        tr.set(new byte[] {1}, new byte[] {2});
        return null;
      });
      TestObservationRegistryAssert.assertThat(registry).hasObservationWithNameEqualTo("strata.transaction");
    });
  }

  @Test
  void withoutARegistryTheDatabaseIsTheEnginesOwn() {
    runner.run(context -> assertThat(context.getBean(StrataDb.class).database().getClass().getName())
        .isEqualTo("io.strata.embedded.EmbeddedDatabase"));
  }
}

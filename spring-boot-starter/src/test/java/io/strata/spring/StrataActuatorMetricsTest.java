package io.strata.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.strata.spring.app.Greeting;
import io.strata.spring.app.GreetingApplication;
import io.strata.spring.app.GreetingRepository;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.metrics.MetricsEndpoint;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The test application with the registries Actuator would give it: a generated repository's calls reach
 * {@code /actuator/metrics/strata.repository.call} (read here through the endpoint bean that serves that address), tagged
 * with entity, method and plan, with no Strata configuration in the application.
 */
@SpringBootTest(classes = {GreetingApplication.class, StrataActuatorMetricsTest.Registries.class},
    properties = "strata.url=strata:mem:")
class StrataActuatorMetricsTest {
  @Autowired
  GreetingRepository greetings;

  @Autowired
  MetricsEndpoint metrics;

  @Autowired
  MeterRegistry meters;

  @Autowired
  List<MeterBinder> binders;

  /** What Actuator's auto-configuration provides: a meter registry, and an observation registry timing into it. */
  @Configuration
  static class Registries {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    ObservationRegistry observationRegistry(MeterRegistry meters) {
      ObservationRegistry registry = ObservationRegistry.create();
      registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
      return registry;
    }

    @Bean
    MetricsEndpoint metricsEndpoint(MeterRegistry meters) {
      return new MetricsEndpoint(meters);
    }
  }

  @Test
  void repositoryCallsAreServedAsStrataRepositoryCallMetrics() {
    greetings.save(new Greeting("m1", "en", "hello"));
    greetings.findById("m1");
    greetings.findById("m1");

    MetricsEndpoint.MetricDescriptor findById = metrics.metric("strata.repository.call",
        List.of("strata.method:GreetingRepository.findById"));
    assertEquals(2.0, findById.getMeasurements().stream().filter(s -> s.getStatistic() == Statistic.COUNT)
        .findFirst().orElseThrow().getValue());
    List<String> tags = findById.getAvailableTags().stream().map(MetricsEndpoint.AvailableTag::getTag).toList();
    assertTrue(tags.containsAll(List.of("strata.entity", "strata.plan")), tags.toString());
    assertTrue(metrics.listNames().getNames().containsAll(List.of("strata.repository.call", "strata.transaction", "strata.commit")),
        metrics.listNames().getNames().toString());
  }

  @Test
  void theEmbeddedEnginesMetersAreAMeterBinderTaggedWithTheDatabasesBean() {
    binders.forEach(binder -> binder.bindTo(meters)); // what Actuator does with every MeterBinder bean
    greetings.save(new Greeting("e1", "en", "hello"));

    MetricsEndpoint.MetricDescriptor commits = metrics.metric("strata.engine.commits", List.of("strata.db:strataDb"));
    assertTrue(commits.getMeasurements().get(0).getValue() >= 1, commits.getMeasurements().toString());
  }
}

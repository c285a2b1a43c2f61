package io.strata.spring;

import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.observation.StrataObservations;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Strata for Spring Boot: a {@link StrataDb} bean opened from {@code strata.url} (closed when the context
 * closes), a bean for every repository the Strata processor generated (see {@link StrataRepositoryRegistrar}),
 * and, with Actuator, a {@code strata} health indicator; with an {@code ObservationRegistry}, observations of its calls
 * and transactions. Each part steps aside for a bean of the same type
 * the application defines itself.
 */
@AutoConfiguration
@EnableConfigurationProperties(StrataProperties.class)
public class StrataAutoConfiguration {

  /** The database named by {@code strata.url}; Spring calls {@link StrataDb#close()} on shutdown. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public StrataDb strataDb(StrataProperties properties) {
    return Strata.connect(properties.getUrl());
  }

  /** Registers the generated repositories listed in {@code META-INF/strata/repositories}. */
  @Bean
  public static StrataRepositoryRegistrar strataRepositoryRegistrar() {
    return new StrataRepositoryRegistrar();
  }

  /**
   * With Micrometer's Observation API and an {@code ObservationRegistry} bean (Actuator provides one), every
   * {@link StrataDb} bean, the application's own included, is observed in it: repository calls and transactions become
   * observations, so metrics and traces (docs/observability.md). Without either, the beans are left as they are.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.observation.ObservationRegistry")
  static class Observations {
    @Bean
    static BeanPostProcessor strataObservations(ObjectProvider<io.micrometer.observation.ObservationRegistry> registry) {
      return new BeanPostProcessor() {
        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
          if (bean instanceof StrataDb sdb) {
            io.micrometer.observation.ObservationRegistry observations = registry.getIfAvailable();
            return observations == null ? sdb : StrataObservations.observe(sdb, observations);
          }
          return bean;
        }
      };
    }
  }

  /**
   * With Micrometer's meters on the class path, the embedded engine's own meters of every {@link StrataDb} bean on an
   * embedded database (docs/observability.md), bound by the application's meter registry as a {@code MeterBinder}.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
  static class EngineMetrics {
    @Bean
    static StrataEngineMeters strataEngineMeters() {
      return new StrataEngineMeters();
    }
  }

  /** The health indicator, when Actuator is present and {@code management.health.strata.enabled} is not false. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  @ConditionalOnProperty(name = "management.health.strata.enabled", matchIfMissing = true)
  static class Health {
    @Bean
    @ConditionalOnMissingBean(name = "strataHealthIndicator")
    StrataHealthIndicator strataHealthIndicator(StrataDb strataDb, StrataProperties properties) {
      return new StrataHealthIndicator(strataDb, properties.getHealthTimeout());
    }
  }
}

package io.strata.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.strata.StrataDb;
import io.strata.embedded.EngineMeters;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The embedded engine's meters ({@link EngineMeters}) of every {@link StrataDb} bean on an embedded database, tagged
 * {@code strata.db} with the bean's name. It meets each bean before anything wraps its database (observations do, after
 * initialization), and binds them when the application's meter registry binds its {@code MeterBinder} beans (Actuator
 * does so once every bean exists). A bean on a FoundationDB cluster has no engine meters.
 */
final class StrataEngineMeters implements BeanPostProcessor, MeterBinder {
  private final List<EngineMeters> engines = new CopyOnWriteArrayList<>();

  @Override
  public Object postProcessBeforeInitialization(Object bean, String beanName) {
    if (bean instanceof StrataDb sdb) {
      try {
        engines.add(new EngineMeters(sdb.database(), Tags.of("strata.db", beanName)));
      } catch (IllegalArgumentException cluster) {
        // not the embedded engine: a cluster reports its own metrics
      }
    }
    return bean;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    engines.forEach(engine -> engine.bindTo(registry));
  }
}

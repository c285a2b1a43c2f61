package io.strata.jakarta.data.tck;

import io.strata.cdi.StrataExtension;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InjectionTarget;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

/**
 * Injects the TCK's {@code @Inject} repository fields in SE mode, where no container does, the way an application's CDI
 * container would: one Weld SE container for the whole run, with Strata's portable extension ({@link StrataExtension})
 * registering the generated repositories as beans and {@link TckDatabase} producing the one embedded database they use
 * (the TCK's read-only data is written once and checked before each test). Each test instance is injected through the
 * container's {@link BeanManager}. Registered through JUnit's extension autodetection (META-INF/services), so the TCK's
 * sources stay unedited.
 */
public final class RepositoryInjection implements TestInstancePostProcessor {
  private static final WeldContainer CONTAINER = new Weld("strata-tck").disableDiscovery()
      .addExtension(new StrataExtension()).addBeanClass(TckDatabase.class).initialize();

  @Override
  @SuppressWarnings("unchecked")
  public void postProcessTestInstance(Object instance, ExtensionContext context) {
    BeanManager beans = CONTAINER.getBeanManager();
    Class<Object> type = (Class<Object>) instance.getClass();
    InjectionTarget<Object> target = beans.getInjectionTargetFactory(beans.createAnnotatedType(type)).createInjectionTarget(null);
    target.inject(instance, beans.createCreationalContext(null));
  }
}

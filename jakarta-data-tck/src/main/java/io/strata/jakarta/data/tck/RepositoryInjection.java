package io.strata.jakarta.data.tck;

import io.strata.Strata;
import io.strata.StrataDb;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

/**
 * Injects the TCK's {@code @Inject} repository fields in SE mode, where no container does: each field gets the
 * {@code <Interface>Impl} Strata's processor generated for its type, built on one embedded database for the whole run
 * (the TCK's read-only data is written once and checked before each test). Registered through JUnit's extension
 * autodetection (META-INF/services), so the TCK's sources stay unedited.
 */
public final class RepositoryInjection implements TestInstancePostProcessor {
  private static final StrataDb DB = Strata.connect("strata:mem:");
  private static final Map<Class<?>, Object> REPOSITORIES = new ConcurrentHashMap<>();

  @Override
  public void postProcessTestInstance(Object instance, ExtensionContext context) throws Exception {
    for (Class<?> c = instance.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (f.isAnnotationPresent(jakarta.inject.Inject.class) && f.getType().isInterface()) {
          f.setAccessible(true);
          f.set(instance, repository(f.getType()));
        }
      }
    }
  }

  private static Object repository(Class<?> type) {
    return REPOSITORIES.computeIfAbsent(type, t -> {
      String impl = t.getName().replace('$', '_') + "Impl";
      try {
        return Class.forName(impl, true, t.getClassLoader()).getConstructor(StrataDb.class).newInstance(DB);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("Strata generated no " + impl + " for the TCK's repository " + t.getName(), e);
      }
    });
  }
}

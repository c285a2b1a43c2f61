package io.strata.cdi;

import io.strata.StrataDb;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.AmbiguousResolutionException;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.UnsatisfiedResolutionException;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.InjectionPoint;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessBeanAttributes;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URL;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Makes every repository the Strata processor generated a CDI bean, built on the application's {@link StrataDb} bean.
 *
 * <p>The repositories are the classes listed in the {@code META-INF/strata/repositories} resources of the thread context
 * class loader (else this extension's loader): Strata's {@code <Entity>Repository}, the implementations of declared
 * {@code @io.strata.annotations.Repository} interfaces and of Jakarta Data {@code @jakarta.data.repository.Repository}
 * interfaces. Each becomes one synthetic bean whose types are the class and everything it implements (so
 * {@code @Inject Products products} finds {@code ProductsImpl}), with the pseudo-scope {@link Singleton} (generated
 * classes are final, so a normal scope could not proxy them) and the qualifiers {@code @Default} and {@code @Any}. The
 * container never builds them itself: when bean discovery finds a listed class (discovery mode {@code all}) it is
 * vetoed, so every discovery mode gives exactly one bean per repository. A listed class is left out when the
 * application has a {@code @Default} bean of that very class (a producer of its own).
 *
 * <p>A repository is built with its {@code (StrataDb)} constructor, else its {@code (Database, Subspace)} one given
 * {@code db.database()} and {@code db.root()}. The application owns the database: it produces the {@code StrataDb}
 * bean, and Strata provides none. Deployment fails when a listed class cannot be loaded or built, and when a
 * repository is injected but no {@code StrataDb} bean exists; each message says how to fix it.
 */
public class StrataExtension implements Extension {
  private final Map<String, URL> listed = new TreeMap<>();
  // containers may fire the events of different beans in parallel (Weld does): these two are filled concurrently
  private final Set<String> ownedByApplication = ConcurrentHashMap.newKeySet();
  private final Queue<InjectionPoint> injectionPoints = new ConcurrentLinkedQueue<>();
  private final Set<Class<?>> registered = new HashSet<>();
  private ClassLoader loader;

  void readIndex(@Observes BeforeBeanDiscovery event) {
    loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
        .orElse(StrataExtension.class.getClassLoader());
    try {
      listed.putAll(RepositoryIndex.read(loader));
    } catch (IOException e) {
      throw new DeploymentException(Messages.unreadableIndex(e), e); // a definition error
    }
  }

  /** A listed class that discovery found (mode {@code all}) becomes a bean only as the extension adds it. */
  <T> void vetoDiscoveredRepository(@Observes @WithAnnotations({Inject.class, Singleton.class}) ProcessAnnotatedType<T> event) {
    if (listed.containsKey(event.getAnnotatedType().getJavaClass().getName())) {
      event.veto();
    }
  }

  /** Remembers the listed classes the application already has a {@code @Default} bean of. */
  void recordApplicationBean(@Observes ProcessBeanAttributes<?> event) {
    if (!event.getBeanAttributes().getQualifiers().contains(Default.Literal.INSTANCE)) {
      return;
    }
    for (Type type : event.getBeanAttributes().getTypes()) {
      if (type instanceof Class<?> c && listed.containsKey(c.getName())) {
        ownedByApplication.add(c.getName());
      }
    }
  }

  void recordInjectionPoint(@Observes ProcessInjectionPoint<?, ?> event) {
    injectionPoints.add(event.getInjectionPoint());
  }

  void addRepositories(@Observes AfterBeanDiscovery event) {
    listed.forEach((name, resource) -> {
      if (ownedByApplication.contains(name)) {
        return;
      }
      Class<?> type;
      try {
        type = Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        event.addDefinitionError(new DeploymentException(Messages.unloadable(name, resource, e), e));
        return;
      }
      Optional<RepositoryConstructor> constructor = RepositoryConstructor.of(type);
      if (constructor.isEmpty()) {
        event.addDefinitionError(new DeploymentException(Messages.noConstructor(type, resource)));
        return;
      }
      registered.add(type);
      event.addBean()
          .beanClass(type)
          .addTransitiveTypeClosure(type)
          .scope(Singleton.class)
          .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
          .produceWith(beans -> constructor.get().newInstance(strataDb(beans, type)));
    });
  }

  /** Fails deployment when a repository is injected and there is no {@code StrataDb} to build it on. */
  void checkStrataDb(@Observes AfterDeploymentValidation event, BeanManager beans) {
    if (!registered.isEmpty() && beans.getBeans(StrataDb.class).isEmpty()) {
      List<String> needers = injectionPoints.stream().filter(ip -> injectsRepository(ip, beans)).map(Messages::describe)
          .sorted().distinct().toList();
      if (!needers.isEmpty()) {
        event.addDeploymentProblem(new DeploymentException(Messages.noStrataDb(needers)));
      }
    }
    injectionPoints.clear();
  }

  private boolean injectsRepository(InjectionPoint injectionPoint, BeanManager beans) {
    try {
      Set<Bean<?>> candidates = beans.getBeans(injectionPoint.getType(), injectionPoint.getQualifiers().toArray(Annotation[]::new));
      return candidates.stream().anyMatch(bean -> registered.contains(bean.getBeanClass()));
    } catch (IllegalArgumentException notResolvable) { // a type variable, a duplicate qualifier: not a repository
      return false;
    }
  }

  /** The application's {@code StrataDb} bean, looked up when a repository is created. */
  private static StrataDb strataDb(Instance<Object> beans, Class<?> repository) {
    Instance<StrataDb> db = beans.select(StrataDb.class);
    if (db.isUnsatisfied()) {
      throw new UnsatisfiedResolutionException(Messages.noStrataDb(List.of(repository.getName())));
    }
    if (db.isAmbiguous()) {
      throw new AmbiguousResolutionException(Messages.ambiguousStrataDb(repository));
    }
    return db.get();
  }
}

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
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
  private final Map<Class<?>, RepositoryConstructor> registered = new HashMap<>();
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
      registered.put(type, constructor.get());
      event.addBean()
          .beanClass(type)
          .addTransitiveTypeClosure(type)
          .scope(Singleton.class)
          .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
          .produceWith(beans -> constructor.get().newInstance(strataDb(beans, constructor.get())));
    });
  }

  /**
   * Fails deployment when a repository is injected and there is no {@code StrataDb} to build it on: no {@code @Default}
   * one, or none with the qualifiers its constructor asks for ({@code @Named("x")} for {@code @Repository(dataStore = "x")}).
   */
  void checkStrataDb(@Observes AfterDeploymentValidation event, BeanManager beans) {
    Map<List<Annotation>, List<String>> missing = new LinkedHashMap<>();
    for (InjectionPoint ip : injectionPoints) {
      injectedRepository(ip, beans).filter(c -> beans.getBeans(StrataDb.class, c.qualifiers()).isEmpty())
          .ifPresent(c -> missing.computeIfAbsent(List.of(c.qualifiers()), q -> new ArrayList<>()).add(Messages.describe(ip)));
    }
    missing.forEach((qualifiers, needers) -> event.addDeploymentProblem(new DeploymentException(qualifiers.isEmpty()
        ? Messages.noStrataDb(needers.stream().sorted().distinct().toList())
        : Messages.noQualifiedStrataDb(qualifiers, needers.stream().sorted().distinct().toList()))));
    injectionPoints.clear();
  }

  /** The repository {@code injectionPoint} injects, if it injects one the extension registered. */
  private Optional<RepositoryConstructor> injectedRepository(InjectionPoint injectionPoint, BeanManager beans) {
    try {
      Set<Bean<?>> candidates = beans.getBeans(injectionPoint.getType(), injectionPoint.getQualifiers().toArray(Annotation[]::new));
      return candidates.stream().map(bean -> registered.get(bean.getBeanClass())).filter(Objects::nonNull).findFirst();
    } catch (IllegalArgumentException notResolvable) { // a type variable, a duplicate qualifier: not a repository
      return Optional.empty();
    }
  }

  /** The application's {@code StrataDb} bean the repository asks for, looked up when it is created. */
  private static StrataDb strataDb(Instance<Object> beans, RepositoryConstructor repository) {
    Instance<StrataDb> db = beans.select(StrataDb.class, repository.qualifiers());
    if (db.isUnsatisfied()) {
      List<String> needer = List.of(repository.type().getName());
      throw new UnsatisfiedResolutionException(repository.qualifiers().length == 0 ? Messages.noStrataDb(needer)
          : Messages.noQualifiedStrataDb(List.of(repository.qualifiers()), needer));
    }
    if (db.isAmbiguous()) {
      // CDI gives a bean whose only qualifier is @Named the @Default one too: the named ones are there for repositories
      // that name their data store, so a repository that names none takes the one default StrataDb without a name
      List<? extends Instance.Handle<StrataDb>> unnamed = repository.qualifiers().length > 0 ? List.of() : db.handlesStream()
          .filter(h -> h.getBean().getQualifiers().stream().noneMatch(Named.class::isInstance)).toList();
      if (unnamed.size() != 1) {
        throw new AmbiguousResolutionException(Messages.ambiguousStrataDb(repository.type()));
      }
      return unnamed.get(0).get();
    }
    return db.get();
  }
}

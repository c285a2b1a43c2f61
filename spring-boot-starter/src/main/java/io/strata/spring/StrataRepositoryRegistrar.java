package io.strata.spring;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.StrataDb;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationContextException;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.core.Ordered;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Registers a singleton bean for every repository class listed in the {@value #INDEX} resources on the
 * classpath (the Strata processor writes one per compiled module: one fully qualified class name per line).
 * Each is built from the {@link StrataDb} bean: with its {@code (StrataDb)} constructor when it has one, else
 * with {@code (Database, Subspace)} given the database and its root. The bean is named after the class
 * ({@code userRepository}; the qualified name if that is taken) and is skipped when the application already
 * defines a bean of that type. A Jakarta Data repository declared {@code @Repository(dataStore = "x")} is built on the
 * {@code StrataDb} bean named {@code x} instead, when first needed. No classpath scanning, no reflection after start-up.
 */
public class StrataRepositoryRegistrar implements BeanDefinitionRegistryPostProcessor, BeanFactoryAware, ResourceLoaderAware, Ordered {
  /** The resource the processor writes (io.strata.processor.codegen.RepositoryIndexWriter). */
  public static final String INDEX = "META-INF/strata/repositories";

  private BeanFactory beanFactory;
  private ClassLoader classLoader = ClassUtils.getDefaultClassLoader();

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void setResourceLoader(ResourceLoader resourceLoader) {
    if (resourceLoader.getClassLoader() != null) {
      this.classLoader = resourceLoader.getClassLoader();
    }
  }

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) throws BeansException {
    for (String className : repositoryClassNames(classLoader)) {
      Class<?> type;
      try {
        type = ClassUtils.forName(className, classLoader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new ApplicationContextException(INDEX + " lists " + className + ", which cannot be loaded: rebuild the module"
            + " that generated it (its classes and its " + INDEX + " must come from the same compile)", e);
      }
      if (registry instanceof ListableBeanFactory listable && listable.getBeanNamesForType(type, true, false).length > 0) {
        continue; // the application defines its own
      }
      String name = StringUtils.uncapitalize(type.getSimpleName());
      if (registry.containsBeanDefinition(name)) {
        name = className;
      }
      RootBeanDefinition definition = new RootBeanDefinition(type);
      String dataStore = dataStore(type);
      definition.setInstanceSupplier(() -> instantiate(type, strataDb(type, dataStore)));
      // built when first needed: an application that never uses a repository of another data store need not declare it
      definition.setLazyInit(dataStore != null);
      registry.registerBeanDefinition(name, definition);
    }
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    // everything happens at registration
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE; // after the application's own configuration is registered
  }

  /** Every class name listed in the {@value #INDEX} resources visible to {@code loader}, sorted. */
  static Set<String> repositoryClassNames(ClassLoader loader) {
    Set<String> names = new TreeSet<>();
    try {
      for (URL url : Collections.list(loader.getResources(INDEX))) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
          in.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(names::add);
        }
      }
    } catch (IOException e) {
      throw new ApplicationContextException("cannot read " + INDEX + " from the classpath: " + e.getMessage(), e);
    }
    return names;
  }

  /**
   * The name of the {@code StrataDb} bean a repository asks for: the {@code @jakarta.inject.Named} value on its
   * {@code (StrataDb)} constructor's parameter (a Jakarta Data {@code @Repository(dataStore = "x")}), or null for the one
   * {@code StrataDb} bean. Read by annotation name, so the starter needs no {@code jakarta.inject} on the classpath.
   */
  static String dataStore(Class<?> type) {
    Constructor<?> withDb = constructor(type, StrataDb.class);
    if (withDb == null) {
      return null;
    }
    for (java.lang.annotation.Annotation a : withDb.getParameterAnnotations()[0]) {
      if (a.annotationType().getName().equals("jakarta.inject.Named")) {
        try {
          return (String) a.annotationType().getMethod("value").invoke(a);
        } catch (ReflectiveOperationException e) {
          throw new BeanCreationException(type.getName() + ": cannot read its @Named data store: " + e, e);
        }
      }
    }
    return null;
  }

  private StrataDb strataDb(Class<?> type, String dataStore) {
    if (dataStore == null) {
      return beanFactory.getBean(StrataDb.class);
    }
    try {
      return beanFactory.getBean(dataStore, StrataDb.class);
    } catch (org.springframework.beans.factory.NoSuchBeanDefinitionException e) {
      throw new BeanCreationException(type.getName() + " asks for the StrataDb bean named '" + dataStore + "' (its"
          + " @Repository(dataStore = \"" + dataStore + "\")), and there is none: declare @Bean StrataDb " + dataStore + "()", e);
    }
  }

  /** A repository built on {@code db}: {@code new R(db)} when R has that constructor, else {@code new R(db.database(), db.root())}. */
  static <R> R instantiate(Class<R> type, StrataDb db) {
    try {
      Constructor<R> withDb = constructor(type, StrataDb.class);
      if (withDb != null) {
        return withDb.newInstance(db);
      }
      Constructor<R> withRoot = constructor(type, Database.class, Subspace.class);
      if (withRoot != null) {
        return withRoot.newInstance(db.database(), db.root());
      }
    } catch (InvocationTargetException e) {
      throw new BeanCreationException(type.getName() + " failed to construct: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new BeanCreationException(type.getName() + " cannot be constructed: " + e, e);
    }
    throw new BeanCreationException(type.getName() + " has neither a public (StrataDb) nor a public (Database, Subspace)"
        + " constructor, so it cannot be built on the StrataDb bean: is it a Strata-generated repository?");
  }

  private static <R> Constructor<R> constructor(Class<R> type, Class<?>... parameters) {
    try {
      return type.getConstructor(parameters);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }
}

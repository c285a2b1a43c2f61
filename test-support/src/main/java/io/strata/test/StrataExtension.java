package io.strata.test;

import com.apple.foundationdb.Database;
import io.strata.StrataDb;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link StrataTest}: resolves {@code StrataDb}, {@code Database}, {@code Faults},
 * classes constructed from either, and declared repository interfaces (as their generated {@code <Interface>Impl}), from one embedded database per test, kept in the test's extension store
 * so that JUnit closes it when the test ends.
 */
public final class StrataExtension implements ParameterResolver {
  private static final Namespace NAMESPACE = Namespace.create(StrataExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == StrataDb.class || type == Database.class || type == Faults.class
        || implementation(type).flatMap(StrataExtension::constructor).isPresent();
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (parameter.getDeclaringExecutable() instanceof Constructor<?> || context.getTestMethod().isEmpty()) {
      throw new ParameterResolutionException("@StrataTest gives each test its own database, so it injects " + type.getSimpleName()
          + " into test methods and @BeforeEach/@AfterEach methods, not into " + parameter.getDeclaringExecutable()
          + ": take it as a parameter of those methods instead");
    }
    Fixture fixture = context.getStore(NAMESPACE).getOrComputeIfAbsent(Fixture.class, k -> open(context), Fixture.class);
    if (type == StrataDb.class) {
      return fixture.sdb();
    }
    if (type == Database.class) {
      return fixture.sdb().database();
    }
    if (type == Faults.class) {
      return fixture.faults().orElseThrow(() -> new ParameterResolutionException("a Faults parameter needs a fault plan:"
          + " @StrataTest(faults = @FaultPlan(seed = ..., notCommitted = ...)) on the test method or its class"));
    }
    return construct(implementation(type).orElseThrow(), fixture.sdb());
  }

  /** One test's database, closed by JUnit (5.13 on closes AutoCloseable store values) when the test's store is closed. */
  private record Fixture(StrataDb sdb, Optional<Faults> faults) implements AutoCloseable {
    @Override
    public void close() {
      sdb.close();
    }
  }

  private static Fixture open(ExtensionContext context) {
    Optional<Faults> faults = plan(context).map(StrataExtension::faults);
    Database db = faults.map(f -> EmbeddedFdb.builder().faults(f).open()).orElseGet(EmbeddedFdb::open);
    return new Fixture(StrataDb.of(db), faults);
  }

  /** The fault plan of the nearest {@code @StrataTest}: the test method's, else its class's (or an enclosing class's). */
  private static Optional<FaultPlan> plan(ExtensionContext context) {
    Optional<ExtensionContext> c = Optional.of(context);
    while (c.isPresent()) {
      Optional<StrataTest> annotation = AnnotationSupport.findAnnotation(c.get().getElement(), StrataTest.class);
      if (annotation.isPresent()) {
        FaultPlan[] plans = annotation.get().faults();
        if (plans.length > 1) {
          throw new ParameterResolutionException("@StrataTest(faults = ...) on " + c.get().getElement().orElseThrow()
              + " gives " + plans.length + " fault plans; give at most one");
        }
        return plans.length == 0 ? Optional.empty() : Optional.of(plans[0]);
      }
      c = c.get().getParent();
    }
    return Optional.empty();
  }

  private static Faults faults(FaultPlan plan) {
    return Faults.seeded(plan.seed()).notCommitted(plan.notCommitted()).unknownResultApplied(plan.unknownResultApplied())
        .unknownResultNotApplied(plan.unknownResultNotApplied()).tooOld(plan.tooOld())
        .readDelay(Duration.ofMillis(plan.readDelayMillis()), plan.readDelay());
  }

  /**
   * The class to construct for a parameter of type {@code type}: the type itself, or for an interface (a declared
   * {@code @Repository}) the {@code <Interface>Impl} the processor generates beside it, if it implements it.
   */
  private static Optional<Class<?>> implementation(Class<?> type) {
    if (!type.isInterface()) {
      return Optional.of(type);
    }
    String packagePrefix = type.getPackageName().isEmpty() ? "" : type.getPackageName() + ".";
    try {
      Class<?> impl = Class.forName(packagePrefix + type.getSimpleName() + "Impl", false, type.getClassLoader());
      return type.isAssignableFrom(impl) ? Optional.of(impl) : Optional.empty();
    } catch (ClassNotFoundException e) {
      return Optional.empty(); // not a declared repository: not ours to resolve
    }
  }

  /** A public constructor taking a {@code StrataDb} (preferred) or a {@code Database}. */
  private static Optional<Constructor<?>> constructor(Class<?> type) {
    if (!Modifier.isPublic(type.getModifiers()) || Modifier.isAbstract(type.getModifiers())) {
      return Optional.empty();
    }
    for (Class<?> argument : new Class<?>[] {StrataDb.class, Database.class}) {
      try {
        return Optional.of(type.getConstructor(argument));
      } catch (NoSuchMethodException e) {
        // try the next form
      }
    }
    return Optional.empty();
  }

  private static Object construct(Class<?> type, StrataDb sdb) {
    Constructor<?> constructor = constructor(type).orElseThrow();
    Object argument = constructor.getParameterTypes()[0] == StrataDb.class ? sdb : sdb.database();
    try {
      return constructor.newInstance(argument);
    } catch (InvocationTargetException e) {
      throw new ParameterResolutionException("constructing " + type.getName() + " for the test failed: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new ParameterResolutionException("cannot construct " + type.getName() + " for the test: " + e, e);
    }
  }
}

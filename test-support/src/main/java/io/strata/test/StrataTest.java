package io.strata.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives every test a fresh, empty embedded database (the in-process engine of {@code strata-embedded}), by
 * parameter injection into test methods and {@code @BeforeEach}/{@code @AfterEach} methods:
 *
 * <ul>
 *   <li>{@link io.strata.StrataDb} — the database with the whole key space as its root;</li>
 *   <li>{@link com.apple.foundationdb.Database} — the same database, as fdb-java sees it;</li>
 *   <li>any class with a public constructor taking a {@code StrataDb} or a {@code Database} — a generated
 *       {@code <Type>Repository}, a declared repository's implementation, or your own service;</li>
 *   <li>a declared {@code @Repository} interface — its generated {@code <Interface>Impl}, found beside it;</li>
 *   <li>{@link io.strata.embedded.Faults} — the fault plan, when {@link #faults()} names one, to count what
 *       it injected.</li>
 * </ul>
 *
 * <p>Everything one test receives shares one database; the next test gets a new one, and the database is
 * closed when its test ends. Put it on a test class (every test), or on a method to override the class's
 * fault plan:
 *
 * <pre>{@code
 * @StrataTest
 * class UserRepositoryTest {
 *   @Test
 *   void savedUsersAreFoundByZipcode(UserRepository users) {
 *     users.save(new User("u1", "10001", 36));
 *     assertEquals(List.of("u1"), users.findIdsByZipcode("10001"));
 *   }
 *
 *   @Test
 *   @StrataTest(faults = @FaultPlan(seed = 42, notCommitted = 0.2, unknownResultApplied = 0.1))
 *   void savesSurviveRetries(UserRepository users, Faults faults) { ... }
 * }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(StrataExtension.class)
public @interface StrataTest {

  /**
   * The seeded fault plan the embedded engine follows: none by default (the array form makes it optional; give
   * at most one).
   */
  FaultPlan[] faults() default {};
}

package io.strata.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.spring.app.ArchivedGreetings;
import io.strata.spring.app.Greeting;
import io.strata.spring.app.GreetingRepository;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Each auto-configuration decision, on contexts started with only the starter's configuration. */
class StrataAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(StrataAutoConfiguration.class));

  @Test
  void strataUrlDefaultsToAFreshEmbeddedDatabase() {
    runner.run(context -> assertEquals("strata:mem:", context.getBean(StrataDb.class).url()));
  }

  @Test
  void strataUrlChoosesTheDatabaseAndItsRoot() {
    runner.withPropertyValues("strata.url=strata:mem:?root=app&tenant=acme").run(context -> {
      StrataDb db = context.getBean(StrataDb.class);
      assertEquals("strata:mem:?root=app&tenant=acme", db.url());
      assertEquals(java.util.List.of("app", "acme"), db.directory().orElseThrow().getPath());
    });
  }

  @Test
  void theDatabaseIsClosedWhenTheContextCloses() {
    StrataDb[] opened = new StrataDb[1];
    runner.run(context -> opened[0] = context.getBean(StrataDb.class));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> opened[0].database().createTransaction());
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void anApplicationsOwnStrataDbWins() {
    runner.withUserConfiguration(OwnDb.class).run(context -> {
      StrataDb own = context.getBean(StrataDb.class);
      assertSame(context.getBean("ownDb"), own);
      context.getBean(GreetingRepository.class).save(new Greeting("b", "en", "hey"));
      assertEquals("hey", new GreetingRepository(own.database(), own.root()).findById("b").orElseThrow().text(),
          "repositories are built on the application's StrataDb and its root");
    });
  }

  @Test
  void generatedRepositoriesBecomeBeansOnTheStrataDb() {
    runner.run(context -> {
      GreetingRepository repository = context.getBean("greetingRepository", GreetingRepository.class);
      repository.save(new Greeting("a", "en", "hi"));
      GreetingRepository direct = new GreetingRepository(context.getBean(StrataDb.class).database());
      assertEquals("hi", direct.findById("a").orElseThrow().text(), "the bean writes to the StrataDb bean's database");
    });
  }

  @Test
  void aRepositoryWithADataStoreIsBuiltOnTheStrataDbBeanOfThatName() {
    runner.withUserConfiguration(TwoDatabases.class).run(context -> {
      context.getBean(ArchivedGreetings.class).save(new Greeting("old", "en", "howdy"));
      context.getBean(GreetingRepository.class).save(new Greeting("new", "en", "hi"));
      StrataDb archive = context.getBean("archive", StrataDb.class);
      StrataDb main = context.getBean("main", StrataDb.class);
      assertEquals("howdy", new GreetingRepository(archive.database(), archive.root()).findById("old").orElseThrow().text(), "in the archive");
      assertFalse(new GreetingRepository(main.database(), main.root()).findById("old").isPresent(), "not in the main database");
      assertTrue(new GreetingRepository(main.database(), main.root()).findById("new").isPresent(), "a repository naming none uses the primary one");
    });
  }

  @Test
  void aRepositoryWhoseDataStoreHasNoBeanFailsNamingIt() {
    runner.run(context -> {
      Throwable e = assertThrows(RuntimeException.class, () -> context.getBean(ArchivedGreetings.class));
      String message = String.valueOf(e.getMessage()) + (e.getCause() == null ? "" : e.getCause().getMessage());
      assertTrue(message.contains("asks for the StrataDb bean named 'archive'") && message.contains("declare @Bean StrataDb archive()"),
          message);
    });
  }

  @Configuration
  static class TwoDatabases {
    @Bean
    @org.springframework.context.annotation.Primary
    StrataDb main() {
      return Strata.connect("strata:mem:");
    }

    @Bean
    StrataDb archive() {
      return Strata.connect("strata:mem:");
    }
  }

  @Test
  void anApplicationsOwnRepositoryBeanWins() {
    runner.withUserConfiguration(OwnRepository.class).run(context -> {
      assertEquals(1, context.getBeanNamesForType(GreetingRepository.class).length);
      assertSame(context.getBean("mine"), context.getBean(GreetingRepository.class));
    });
  }

  @Test
  void aListedClassThatCannotBeLoadedFailsStartUpNamingIt(@TempDir Path dir) throws IOException {
    Path index = dir.resolve(StrataRepositoryRegistrar.INDEX);
    Files.createDirectories(index.getParent());
    Files.writeString(index, "# test\ncom.example.GoneRepository\n");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      runner.withClassLoader(loader).run(context -> {
        assertTrue(context.getStartupFailure() != null, "start-up fails");
        String message = context.getStartupFailure().getMessage();
        assertTrue(message.contains("META-INF/strata/repositories lists com.example.GoneRepository, which cannot be loaded"), message);
      });
    }
  }

  @Test
  void theIndexesOfEveryJarAreMerged(@TempDir Path dir) throws IOException {
    Path index = dir.resolve(StrataRepositoryRegistrar.INDEX);
    Files.createDirectories(index.getParent());
    Files.writeString(index, WithRoot.class.getName() + "\n");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      runner.withClassLoader(loader).run(context -> {
        assertEquals(1, context.getBeanNamesForType(GreetingRepository.class).length, "from the test classes' index");
        WithRoot other = context.getBean("withRoot", WithRoot.class);
        assertSame(context.getBean(StrataDb.class).database(), other.database, "from the second index");
      });
    }
  }

  @Test
  void theHealthIndicatorCanBeTurnedOff() {
    runner.run(context -> assertEquals(1, context.getBeanNamesForType(StrataHealthIndicator.class).length));
    runner.withPropertyValues("management.health.strata.enabled=false")
        .run(context -> assertEquals(0, context.getBeanNamesForType(StrataHealthIndicator.class).length));
  }

  @Test
  void aClosedDatabaseIsReportedDownWithTheError() {
    StrataDb db = Strata.connect("strata:mem:");
    db.close();
    Health h = new StrataHealthIndicator(db, Duration.ofSeconds(1)).health();
    assertEquals(Status.DOWN, h.getStatus());
    assertEquals("strata:mem:", h.getDetails().get("url"));
    assertTrue(String.valueOf(h.getDetails().get("error")).contains("closed"), h.getDetails().toString());
    assertFalse(h.getDetails().containsKey("readVersion"));
  }

  @Test
  void theStrataDbConstructorIsPreferredWhenARepositoryHasOne() {
    try (StrataDb db = Strata.connect("strata:mem:")) {
      assertSame(db, StrataRepositoryRegistrar.instantiate(WithStrataDb.class, db).db);
      WithRoot withRoot = StrataRepositoryRegistrar.instantiate(WithRoot.class, db);
      assertSame(db.database(), withRoot.database);
      assertEquals(db.root(), withRoot.root);
    }
  }

  @Test
  void aClassWithNeitherConstructorIsRejectedWithAReason() {
    try (StrataDb db = Strata.connect("strata:mem:")) {
      Exception e = assertThrows(org.springframework.beans.factory.BeanCreationException.class,
          () -> StrataRepositoryRegistrar.instantiate(String.class, db));
      assertTrue(e.getMessage().contains("java.lang.String has neither a public (StrataDb) nor a public (Database, Subspace) constructor"),
          e.getMessage());
    }
  }

  /** Stands for a repository generated with a {@code (StrataDb)} constructor as well. */
  public static final class WithStrataDb {
    final StrataDb db;

    public WithStrataDb(StrataDb db) {
      this.db = db;
    }

    public WithStrataDb(com.apple.foundationdb.Database database, com.apple.foundationdb.subspace.Subspace root) {
      this.db = null;
    }
  }

  /** Stands for a repository generated with only the {@code (Database, Subspace)} constructor. */
  public static final class WithRoot {
    final com.apple.foundationdb.Database database;
    final com.apple.foundationdb.subspace.Subspace root;

    public WithRoot(com.apple.foundationdb.Database database, com.apple.foundationdb.subspace.Subspace root) {
      this.database = database;
      this.root = root;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnDb {
    @Bean
    StrataDb ownDb() {
      return Strata.connect("strata:mem:?root=own");
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnRepository {
    @Bean
    GreetingRepository mine(StrataDb db) {
      return new GreetingRepository(db.database(), db.root());
    }
  }
}

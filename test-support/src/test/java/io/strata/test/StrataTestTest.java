package io.strata.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.StrataDb;
import io.strata.embedded.Faults;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** {@link StrataTest}: what it injects, that each test gets its own database, fault plans, and its error messages. */
@StrataTest
class StrataTestTest {
  private Note seeded;

  @BeforeEach
  void seedOneNote(NoteRepository notes) {
    seeded = new Note("seed", "setup", "saved in @BeforeEach");
    notes.save(seeded);
  }

  @RepeatedTest(3)
  void everyTestStartsWithADatabaseHoldingOnlyWhatItsOwnBeforeEachSaved(NoteRepository notes) {
    assertEquals(1, notes.count(), "the notes saved by earlier repetitions are gone");
    assertEquals(Optional.of(seeded), notes.findById("seed"), "@BeforeEach and the test share one database");
    notes.save(new Note("n1", "a", "x"));
  }

  @Test
  void everythingOneTestReceivesSharesOneDatabase(StrataDb sdb, Database db, NoteRepository notes, NoteRepository again) {
    assertSame(sdb.database(), db);
    assertEquals(0, sdb.root().getKey().length, "the whole key space is the root");
    notes.save(new Note("n1", "fdb", "hello"));
    assertEquals(List.of("n1"), again.findIdsByTopic("fdb"));
    Tuple row = Tuple.fromBytes(db.run(tr -> tr.get(Tuple.from("Note", "R", "n1", 0L).pack()).join())); // the packed row
    assertEquals("hello", row.get(row.getItems().indexOf("text") + 1));
  }

  @Test
  void aClassWithAStrataDbConstructorIsPreferredToItsDatabaseConstructor(Service service, StrataDb sdb) {
    assertSame(sdb, service.sdb);
  }

  @Test
  void aDeclaredRepositoryInterfaceIsInjectedAsItsGeneratedImplOnTheTestsDatabase(Notes notes, NoteRepository repository) {
    assertEquals(NotesImpl.class, notes.getClass());
    repository.save(new Note("n1", "fdb", "hello"));
    assertEquals(List.of(seeded), notes.findByTopic("setup"), "the note saved in @BeforeEach");
    assertEquals(List.of("n1"), notes.findByTopic("fdb").stream().map(Note::id).toList());
  }

  /** Both constructor forms: the extension must pick the {@code StrataDb} one. */
  public static final class Service {
    final StrataDb sdb;

    public Service(Database db) {
      throw new AssertionError("the StrataDb constructor should have been used");
    }

    public Service(StrataDb sdb) {
      this.sdb = sdb;
    }
  }

  @Nested
  @StrataTest(faults = @FaultPlan(seed = 7, notCommitted = 0.3, unknownResultApplied = 0.2))
  class WithAFaultPlan {
    @Test
    void savesAreRetriedThroughInjectedFaultsAndNothingIsLostOrDoubled(NoteRepository notes, Faults faults) {
      for (int i = 0; i < 100; i++) {
        notes.save(new Note("n" + i, "t" + i % 3, "x"));
      }
      assertEquals(101, notes.count(), "100 saves and the @BeforeEach note, each counted once");
      assertEquals(34, notes.countByTopic("t0"));
      assertTrue(faults.injectedCount(Faults.Kind.NOT_COMMITTED) > 0, faults::toString);
      assertTrue(faults.injectedCount(Faults.Kind.UNKNOWN_RESULT_APPLIED) > 0, faults::toString);
      assertTrue(faults.toString().startsWith("Faults[seed=7, notCommitted=0.3, unknownResultApplied=0.2,"), faults::toString);
    }

    @Test
    @StrataTest(faults = @FaultPlan(seed = 99, tooOld = 0.5))
    void aPlanOnTheMethodReplacesTheClassPlan(NoteRepository notes, Faults faults) {
      assertEquals(1, notes.count());
      assertTrue(faults.toString().startsWith("Faults[seed=99, notCommitted=0.0, unknownResultApplied=0.0,"), faults::toString);
    }
  }

  // Classes run only through the JUnit Platform test kit below: some are meant to fail (the pom excludes the tag).

  @Tag("testkit-fixture")
  @StrataTest
  static class InjectsIntoTheConstructor {
    InjectsIntoTheConstructor(StrataDb sdb) {}

    @Test
    void test() {}
  }

  @Tag("testkit-fixture")
  @StrataTest
  static class AsksForFaultsWithoutAPlan {
    @Test
    void test(Faults faults) {}
  }

  @Tag("testkit-fixture")
  @StrataTest(faults = {@FaultPlan(seed = 1), @FaultPlan(seed = 2)})
  static class GivesTwoPlans {
    @Test
    void test(StrataDb sdb) {}
  }

  @Tag("testkit-fixture")
  @StrataTest
  static class KeepsItsDatabase {
    static Database kept;

    @Test
    void test(Database db) {
      kept = db;
    }
  }

  private static String failure(Class<?> testClass) {
    Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents();
    assertEquals(1, tests.failed().count(), () -> testClass.getSimpleName() + " should fail once");
    return tests.failed().list().get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
        .getThrowable().orElseThrow().getMessage();
  }

  @Test
  void injectingIntoAConstructorIsRefusedBecauseTheDatabaseWouldOutliveItsTest() {
    String message = failure(InjectsIntoTheConstructor.class);
    assertTrue(message.contains("@StrataTest gives each test its own database, so it injects StrataDb into test methods and"
        + " @BeforeEach/@AfterEach methods, not into"), message);
  }

  @Test
  void askingForFaultsWithoutAPlanSaysHowToDeclareOne() {
    String message = failure(AsksForFaultsWithoutAPlan.class);
    assertTrue(message.contains("a Faults parameter needs a fault plan: @StrataTest(faults = @FaultPlan(seed = ..., notCommitted = ...))"),
        message);
  }

  @Test
  void twoFaultPlansAreRefused() {
    String message = failure(GivesTwoPlans.class);
    assertTrue(message.contains("gives 2 fault plans; give at most one"), message);
  }

  @Test
  void theDatabaseIsClosedWhenItsTestEnds() {
    EngineTestKit.engine("junit-jupiter").selectors(selectClass(KeepsItsDatabase.class)).execute().testEvents().assertStatistics(
        s -> s.succeeded(1));
    IllegalStateException closed = assertThrows(IllegalStateException.class,
        () -> KeepsItsDatabase.kept.run(tr -> tr.get(Tuple.from("k").pack()).join()));
    assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
  }
}

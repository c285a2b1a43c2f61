package io.strata.spring;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.FDBException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.TransactionLimits;
import io.strata.embedded.EmbeddedFdb;
import io.strata.embedded.Faults;
import io.strata.observation.StrataObservations;
import io.strata.spring.app.ArchivedGreetingsImpl;
import io.strata.spring.app.Greeting;
import io.strata.spring.app.GreetingRepository;
import io.strata.spring.app.GreetingsImpl;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Generated repository methods of both dialects, on an observed database: each call is one {@code strata.repository.call}
 * tagged with its entity, {@code Type.method} and plan kind, holding its transactions, and a timer of the same name.
 * Retries and failures are caused by the embedded engine's fault plan (every commit refused with not_committed), not
 * waited for. An asynchronous call ends when its future completes, one returning a stream when the stream ends.
 */
class ObservedRepositoryCallsTest {
  private final TestObservationRegistry observations = TestObservationRegistry.create();
  private final MeterRegistry meters = new SimpleMeterRegistry();
  private final StrataDb plain = Strata.connect("strata:mem:");

  /** Every observation stopped, in order. */
  private final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

  ObservedRepositoryCallsTest() {
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(new ObservationHandler<>() {
          @Override
          public boolean supportsContext(Observation.Context context) {
            return true;
          }

          @Override
          public void onStop(Observation.Context context) {
            stopped.add(context);
          }
        });
  }

  @AfterEach
  void close() {
    plain.close();
  }

  private double calls(String method, String plan) {
    return meters.get("strata.repository.call").tag("strata.method", method).tag("strata.plan", plan)
        .tag("strata.entity", "Greeting").timer().count();
  }

  /** The context of the one call of {@code method} observed. */
  private Observation.Context call(String method) {
    List<Observation.Context> calls = stopped.stream().filter(c -> c.getName().equals("strata.repository.call") && method.equals(c.getContextualName())).toList();
    assertEquals(1, calls.size(), method);
    return calls.get(0);
  }

  @Test
  void aGeneratedRepositorysSaveFindAndDeleteAreCallsWithTheirPlans() {
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(plain, observations));

    greetings.save(new Greeting("g1", "fr", "bonjour"));
    assertEquals("bonjour", greetings.findById("g1").orElseThrow().text());
    assertEquals(1, greetings.findByLanguage("fr").size());
    greetings.deleteById("g1");

    assertEquals(1, calls("GreetingRepository.save", "write"));
    assertEquals(1, calls("GreetingRepository.findById", "ById"));
    assertEquals(1, calls("GreetingRepository.findByLanguage", "IndexRead"));
    assertEquals(1, calls("GreetingRepository.deleteById", "write"));
    assertThat(observations).hasObservationWithNameEqualTo("strata.transaction").that()
        .hasParentObservationContextMatching(parent -> parent.getName().equals("strata.repository.call"));
  }

  @Test
  void aDeclaredRepositorysMethodsAreCallsOfTheInterface() {
    GreetingsImpl greetings = new GreetingsImpl(StrataObservations.observe(plain, observations));

    greetings.save(new Greeting("d1", "it", "ciao"));
    assertEquals(1, greetings.findByLanguageOrderByIdDesc("it").size());

    assertEquals(1, calls("Greetings.save", "write"));
    assertEquals(1, calls("Greetings.findByLanguageOrderByIdDesc", "IndexRead"));
    // its one index entry, then its row: one key per non-null field besides the id (language, text)
    assertEquals("3", call("Greetings.findByLanguageOrderByIdDesc").getHighCardinalityKeyValue("strata.keys.read").getValue());
  }

  @Test
  void aJakartaDataRepositorysMethodsAreCallsToo() {
    ArchivedGreetingsImpl archived = new ArchivedGreetingsImpl(StrataObservations.observe(plain, observations));

    archived.save(new Greeting("a1", "en", "hi"));
    assertEquals(Optional.of("hi"), archived.findById("a1").map(Greeting::text));
    archived.deleteById("a1");

    assertEquals(1, calls("ArchivedGreetings.save", "write"));
    assertEquals(1, calls("ArchivedGreetings.findById", "ById"));
    assertEquals(1, calls("ArchivedGreetings.deleteById", "write"));
  }

  @Test
  void aRunTimeQueryIsACallOfItsFinder() {
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(plain, observations));
    greetings.save(new Greeting("q1", "de", "hallo"));

    assertEquals(1, greetings.jdql("WHERE language = 'de'").list().size());

    assertEquals(1, calls("Finder.list", "IndexRead"));
  }

  @Test
  void anAsynchronousCallEndsWhenItsFutureCompletes() {
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(plain, observations));

    greetings.async().save(new Greeting("a1", "fr", "salut")).join();
    assertEquals("salut", greetings.async().findById("a1").join().orElseThrow().text());

    assertEquals(1, calls("GreetingRepository.Async.save", "write"));
    assertEquals(1, calls("GreetingRepository.Async.findById", "ById"));
    assertThat(observations).hasObservationWithNameEqualTo("strata.transaction").that()
        .hasParentObservationContextMatching(parent -> "GreetingRepository.Async.save".equals(parent.getContextualName()));
  }

  @Test
  void anAsynchronousCommitThatFailsIsTheCallsError() {
    Faults faults = Faults.seeded(7).notCommitted(1.0);
    StrataDb failing = StrataDb.of(EmbeddedFdb.builder().faults(faults).open())
        .wrap(db -> TransactionLimits.none().retryLimit(2).on(db));
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(failing, observations));

    CompletionException failure = assertThrows(CompletionException.class,
        () -> greetings.async().save(new Greeting("f1", "en", "hi")).join());

    FDBException notCommitted = assertInstanceOf(FDBException.class, failure.getCause());
    assertEquals(1020, notCommitted.getCode());
    Observation.Context save = call("GreetingRepository.Async.save");
    assertEquals(notCommitted, save.getError());
    assertEquals("2", save.getHighCardinalityKeyValue("strata.retries").getValue(), "the first attempt and two retries");
    assertEquals(1, meters.get("strata.repository.call").tag("strata.method", "GreetingRepository.Async.save")
        .tag("error", "FDBException").timer().count());
  }

  @Test
  void aStreamReadToItsEndIsOneCallHoldingItsReads() {
    ArchivedGreetingsImpl archived = new ArchivedGreetingsImpl(StrataObservations.observe(plain, observations));
    archived.save(new Greeting("s1", "en", "hi"));
    archived.save(new Greeting("s2", "en", "hello"));

    assertEquals(2, archived.findAll().toList().size());

    Observation.Context findAll = call("ArchivedGreetings.findAll");
    assertEquals("AllRows", findAll.getLowCardinalityKeyValue("strata.plan").getValue());
    assertEquals("exhausted", findAll.getHighCardinalityKeyValue("strata.stream.end").getValue());
    // two rows, a packed key each, read by the stream's transactions (Jakarta Data's reads run in the asynchronous loop)
    assertEquals("2", findAll.getHighCardinalityKeyValue("strata.keys.read").getValue());
  }

  @Test
  void aStreamClosedBeforeItsEndEndsItsCallWhenClosed() {
    GreetingsImpl greetings = new GreetingsImpl(StrataObservations.observe(plain, observations));
    greetings.save(new Greeting("c1", "nl", "hoi"));
    greetings.save(new Greeting("c2", "nl", "dag"));

    try (Stream<Greeting> stream = greetings.streamByLanguage("nl")) {
      assertEquals("c1", stream.findFirst().orElseThrow().id());
      assertEquals(0, stopped.stream().filter(c -> "Greetings.streamByLanguage".equals(c.getContextualName())).count());
    }

    assertEquals("closed", call("Greetings.streamByLanguage").getHighCardinalityKeyValue("strata.stream.end").getValue());
    assertEquals(1, calls("Greetings.streamByLanguage", "IndexRead"));
  }

  @Test
  void aRunTimeQuerysStreamIsOneCallOfItsFinder() {
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(plain, observations));
    greetings.save(new Greeting("q1", "de", "hallo"));
    greetings.save(new Greeting("q2", "de", "servus"));

    assertEquals(2, greetings.jdql("WHERE language = 'de'").stream().toList().size());

    assertEquals(1, calls("Finder.stream", "IndexRead"));
    assertEquals(0, stopped.stream().filter(c -> "Finder.page".equals(c.getContextualName())).count(),
        "its pages are reads of the stream's call, not calls");
  }

  @Test
  void aCommitRefusedThenRetriedIsOneCallWithItsRetries() {
    Faults faults = Faults.seeded(7).notCommitted(1.0);
    StrataDb failing = StrataDb.of(EmbeddedFdb.builder().faults(faults).open())
        .wrap(db -> TransactionLimits.none().retryLimit(2).on(db));
    GreetingRepository greetings = new GreetingRepository(StrataObservations.observe(failing, observations));

    FDBException failure = assertThrows(FDBException.class, () -> greetings.save(new Greeting("f1", "en", "hi")));

    assertEquals(1020, failure.getCode());
    assertEquals(3, faults.injectedCount(Faults.Kind.NOT_COMMITTED), "the first attempt and two retries");
    Observation.Context save = call("GreetingRepository.save");
    assertEquals("2", save.getHighCardinalityKeyValue("strata.retries").getValue());
    assertEquals(failure, save.getError());
    assertEquals(2, meters.get("strata.transaction.error").tag("strata.fdb.error", "1020").tag("strata.retried", "true")
        .timer().count(), "two retries after not_committed");
    assertEquals(3, meters.get("strata.commit").tag("strata.fdb.error", "1020").timer().count(), "three failed commits");
    assertEquals(1, calls("GreetingRepository.save", "write"));
  }
}

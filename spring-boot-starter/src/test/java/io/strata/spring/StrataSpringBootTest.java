package io.strata.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.StrataDb;
import io.strata.spring.app.Greeting;
import io.strata.spring.app.GreetingApplication;
import io.strata.spring.app.GreetingRepository;
import io.strata.spring.app.GreetingService;
import io.strata.spring.app.Greetings;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;

/** A real application context: the starter's beans, a generated repository injected into a service. */
@SpringBootTest(classes = GreetingApplication.class, properties = "strata.url=strata:mem:?root=greetings")
class StrataSpringBootTest {
  @Autowired
  GreetingRepository greetings;

  @Autowired
  GreetingService service;

  @Autowired
  Greetings declared;

  @Autowired
  StrataDb db;

  @Autowired
  StrataHealthIndicator health;

  @Test
  void anInjectedRepositorySavesAndReads() {
    greetings.save(new Greeting("g1", "fr", "bonjour"));
    assertEquals(Optional.of(new Greeting("g1", "fr", "bonjour")), greetings.findById("g1"));
    service.greet("g2", "fr", "salut");
    service.greet("g3", "en", "hello");
    assertEquals(List.of("bonjour", "salut"), service.textsIn("fr"));
  }

  @Test
  void aDeclaredRepositoryIsInjectedByItsInterfaceAndSharesTheDatabase() {
    greetings.save(new Greeting("d1", "it", "ciao"));
    greetings.save(new Greeting("d2", "it", "salve"));
    assertEquals(List.of("d2", "d1"), declared.findByLanguageOrderByIdDesc("it").stream().map(Greeting::id).toList());
  }

  @Test
  void theRepositoryWritesUnderTheRootTheUrlNames() {
    greetings.save(new Greeting("root-check", "de", "hallo"));
    assertEquals("strata:mem:?root=greetings", db.url());
    List<KeyValue> rows = db.database().read(tr -> tr.getRange(db.root().range(Tuple.from("Greeting", "R", "root-check"))).asList().join());
    assertEquals(1, rows.size(), "the row, packed into one key, under the root directory");
    assertTrue(Tuple.fromBytes(rows.get(0).getValue()).getItems().contains("hallo"), "its fields are in that key");
    assertTrue(db.root().getKey().length > 0, "strata.url's ?root= gave a directory prefix");
  }

  @Test
  void theHealthIndicatorReportsUpWithAReadVersion() {
    Health h = health.health();
    assertEquals(Status.UP, h.getStatus());
    assertEquals("strata:mem:?root=greetings", h.getDetails().get("url"));
    assertTrue(((Long) h.getDetails().get("readVersion")) >= 0, h.getDetails().toString());
  }
}

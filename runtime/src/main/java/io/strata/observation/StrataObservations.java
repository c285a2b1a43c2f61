package io.strata.observation;

import com.apple.foundationdb.Database;
import io.micrometer.observation.ObservationRegistry;
import io.strata.StrataDb;
import java.util.Objects;

/**
 * Observes a database's transactions and the repository calls made on it, with Micrometer's Observation API: give
 * repositories the result instead of the database. One instrumentation gives metrics and traces, depending on the
 * handlers the registry has (a {@code DefaultMeterObservationHandler} makes timers, a tracing handler makes spans);
 * docs/observability.md lists every observation and key.
 *
 * <pre>{@code
 * StrataDb sdb = StrataObservations.observe(Strata.connect(url), observationRegistry);
 * AccountRepository accounts = new AccountRepository(sdb);   // calls and transactions observed
 * }</pre>
 *
 * <p>Transactions of the returned database run in Strata's own retry loop, the same loop as fdb-java's
 * {@code Database.run/read} (run the body, commit, on error continue with the transaction {@code onError} returns), so
 * that each retry and its error code are seen; semantics are unchanged. A no-op registry returns the database as it
 * is.
 */
public final class StrataObservations {
  private StrataObservations() {}

  /** {@code db}, with its transactions and the repository calls on it observed in {@code registry}. */
  public static Database observe(Database db, ObservationRegistry registry) {
    Objects.requireNonNull(db, "db");
    return Objects.requireNonNull(registry, "registry").isNoop() ? db : new ObservedDatabase(db, registry);
  }

  /** {@code sdb} at the same root, its transactions and the repository calls on it observed in {@code registry}. */
  public static StrataDb observe(StrataDb sdb, ObservationRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    return sdb.wrap(db -> observe(db, registry));
  }
}

package io.strata.spring;

import com.apple.foundationdb.Transaction;
import io.strata.StrataDb;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Reports the {@link StrataDb} up when a new transaction gets a read version within the timeout (one
 * round trip to the cluster, nothing read or written), down otherwise. Details: the URL, and the read
 * version or the error.
 */
public class StrataHealthIndicator extends AbstractHealthIndicator {
  private static final System.Logger LOG = System.getLogger(StrataHealthIndicator.class.getName());
  private final StrataDb db;
  private final Duration timeout;

  public StrataHealthIndicator(StrataDb db, Duration timeout) {
    super("Strata health check failed");
    this.db = db;
    this.timeout = timeout;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) throws Exception {
    builder.withDetail("url", db.url());
    try (Transaction tr = db.database().createTransaction()) {
      long version = tr.getReadVersion().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      builder.up().withDetail("readVersion", version);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // reported DOWN with the error (FDBException 1031 etc., not the wrapper) and one log line, not a stack trace:
      // an unreachable cluster is a state the health endpoint shows, not a bug in the application
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      LOG.log(System.Logger.Level.WARNING, "Strata health check failed for " + db.url() + ": " + cause);
      builder.down().withDetail("error", cause.getClass().getName() + ": " + cause.getMessage());
    }
  }
}

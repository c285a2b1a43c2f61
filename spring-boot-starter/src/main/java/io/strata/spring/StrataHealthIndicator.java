package io.strata.spring;

import com.apple.foundationdb.Transaction;
import io.strata.StrataDb;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Reports the {@link StrataDb} up when a new transaction gets a read version within the timeout (one
 * round trip to the cluster, nothing read or written), down otherwise. Details: the URL, and the read
 * version or the error.
 */
public class StrataHealthIndicator extends AbstractHealthIndicator {
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
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e; // report FDBException 1031 etc., not the wrapper
    }
  }
}

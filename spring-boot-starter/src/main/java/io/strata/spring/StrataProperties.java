package io.strata.spring;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code strata.*} configuration properties. */
@ConfigurationProperties("strata")
public class StrataProperties {
  /**
   * The database to open, as for Strata.connect: strata:mem: (the default: a new in-process embedded
   * engine), strata:fdb: (the default cluster file) or strata:fdb:/path/to/fdb.cluster, optionally with
   * the query parameters root and tenant choosing the root directory (strata:fdb:?root=app).
   */
  private String url = "strata:mem:";

  /** How long the health check waits for a read version before reporting the database down. */
  private Duration healthTimeout = Duration.ofSeconds(5);

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  public Duration getHealthTimeout() {
    return healthTimeout;
  }

  public void setHealthTimeout(Duration healthTimeout) {
    this.healthTimeout = healthTimeout;
  }
}

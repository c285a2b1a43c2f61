package io.strata.spring;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code strata.*} configuration properties. */
@ConfigurationProperties("strata")
public class StrataProperties {
  /**
   * The database to open, as for {@code io.strata.Strata.connect}: {@code strata:mem:} (the default: a new
   * in-process embedded engine), {@code strata:fdb:}, {@code strata:fdb:/path/to/fdb.cluster}, with an
   * optional {@code ?root=app&tenant=t} choosing the root directory.
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

package io.strata.spring;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The starter ships Spring's configuration metadata, so IDEs complete and document {@code strata.*}. */
class ConfigurationMetadataTest {

  @Test
  void strataPropertiesAreDescribedWithTheirDefaults() throws IOException {
    String json = null;
    for (URL url : Collections.list(getClass().getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
      try (InputStream in = url.openStream()) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (text.contains("io.strata.spring.StrataProperties")) {
          json = text;
        }
      }
    }
    assertNotNull(json, "the starter's META-INF/spring-configuration-metadata.json describes StrataProperties");
    assertTrue(Pattern.compile("\"name\"\\s*:\\s*\"strata.url\"[^}]*\"defaultValue\"\\s*:\\s*\"strata:mem:\"", Pattern.DOTALL)
        .matcher(json).find(), json);
    assertTrue(Pattern.compile("\"name\"\\s*:\\s*\"strata.health-timeout\"[^}]*\"description\"\\s*:\\s*\"How long the health check",
        Pattern.DOTALL).matcher(json).find(), json);
    assertTrue(Pattern.compile("\"name\"\\s*:\\s*\"management.health.strata.enabled\"[^}]*\"defaultValue\"\\s*:\\s*true",
        Pattern.DOTALL).matcher(json).find(), json);
  }
}

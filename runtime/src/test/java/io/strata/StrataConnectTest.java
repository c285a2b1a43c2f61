package io.strata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class StrataConnectTest {

  @Test
  void urlsParse() {
    assertEquals(new Strata.Url("mem", Optional.empty(), List.of(), Optional.empty()), Strata.parse("strata:mem:"));
    assertEquals(new Strata.Url("fdb", Optional.empty(), List.of(), Optional.empty()), Strata.parse("strata:fdb:"));
    assertEquals(new Strata.Url("fdb", Optional.of("/etc/x.cluster"), List.of("myapp", "v1"), Optional.of("acme")),
        Strata.parse("strata:fdb:/etc/x.cluster?root=myapp/v1&tenant=acme"));
  }

  @Test
  void malformedUrlsNameTheAcceptedForms() {
    for (String bad : List.of("jdbc:h2:mem:", "strata:redis:", "strata:mem:?colour=blue")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strata.parse(bad));
      assertTrue(e.getMessage().contains("strata:mem:") || e.getMessage().contains("root and tenant"), e.getMessage());
    }
  }

  @Test
  void memoryUrlOpensTheEmbeddedEngineWithARootAndTenantDirectory() {
    try (StrataDb sdb = Strata.connect("strata:mem:?root=myapp&tenant=acme")) {
      byte[] expected = sdb.database().run(tr -> DirectoryLayer.getDefault().open(tr, List.of("myapp", "acme")).join()).getKey();
      assertArrayEquals(expected, sdb.root().getKey());
      sdb.database().run(tr -> {
        tr.set(sdb.root().pack(Tuple.from("k")), new byte[] {1});
        return null;
      });
    }
    try (StrataDb plain = Strata.connect("strata:mem:")) {
      assertEquals(0, plain.root().getKey().length);
    }
  }

  @Test
  void tenantsGetDistinctPrefixes() {
    try (StrataDb a = Strata.connect("strata:mem:?root=app&tenant=a")) {
      byte[] other = a.database().run(tr -> DirectoryLayer.getDefault().createOrOpen(tr, List.of("app", "b")).join()).getKey();
      assertFalse(java.util.Arrays.equals(a.root().getKey(), other), "each tenant has its own key prefix");
    }
  }

  @Test
  void aClusterUrlWithoutTheClientLibraryFailsWithInstallInstructions() throws Exception {
    Path cluster = Files.createTempFile("fdb", ".cluster");
    Files.writeString(cluster, "test:test@127.0.0.1:4500\n");
    try (StrataDb opened = Strata.connect("strata:fdb:" + cluster)) {
      Assumptions.abort("the FoundationDB client library is installed here, so the missing-library message cannot be shown");
    } catch (StrataException e) {
      assertTrue(e.getMessage().contains("libfdb_c") && e.getMessage().contains("strata:mem:"), e.getMessage());
    }
  }

  @Test
  void aMissingClusterFileIsReported() {
    StrataException e = assertThrows(StrataException.class, () -> Strata.connect("strata:fdb:/nonexistent/fdb.cluster"));
    assertTrue(e.getMessage().contains("/nonexistent/fdb.cluster"), e.getMessage());
  }
}

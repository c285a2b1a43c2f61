package io.strata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.DirectoryLockedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Strata.connect: every URL form, the embedded engine end to end, and the clear failures. */
class StrataConnectTest {

  private static Strata.Url url(String backend, String file, List<String> root, String tenant) {
    return new Strata.Url(backend, Optional.ofNullable(file), root, Optional.ofNullable(tenant));
  }

  @Test
  void fileDirectoryIsTheDecodedPathOfAFileUrlAndEmptyForTheOthers() {
    assertEquals(Optional.of(Path.of("/data/my places")), Strata.fileDirectory("strata:file:/data/my%20places?root=app"));
    assertEquals(Optional.empty(), Strata.fileDirectory("strata:mem:"));
    assertEquals(Optional.empty(), Strata.fileDirectory("strata:fdb:/etc/fdb.cluster"));
    assertThrows(IllegalArgumentException.class, () -> Strata.fileDirectory("strata:nope:"));
  }

  @Test
  void everyUrlFormParses() {
    assertEquals(url("mem", null, List.of(), null), Strata.parse("strata:mem:"));
    assertEquals(url("mem", null, List.of("myapp"), null), Strata.parse("strata:mem:?root=myapp"));
    assertEquals(url("mem", null, List.of("myapp"), "acme"), Strata.parse("strata:mem:?root=myapp&tenant=acme"));
    assertEquals(url("mem", null, List.of(), "acme"), Strata.parse("strata:mem:?tenant=acme"));
    assertEquals(url("fdb", null, List.of(), null), Strata.parse("strata:fdb:"));
    assertEquals(url("fdb", null, List.of("a", "b"), null), Strata.parse("strata:fdb:?root=a/b"));
    assertEquals(url("fdb", "/etc/x.cluster", List.of(), null), Strata.parse("strata:fdb:/etc/x.cluster"));
    assertEquals(url("fdb", "/etc/x.cluster", List.of("myapp", "v1"), "acme"),
        Strata.parse("strata:fdb:/etc/x.cluster?root=myapp/v1&tenant=acme"));
    assertEquals(url("fdb", "C:\\fdb\\fdb.cluster", List.of("my app"), null),
        Strata.parse("strata:fdb:C:\\fdb\\fdb.cluster?root=my%20app"));
    assertEquals(url("file", "/var/lib/app", List.of(), null), Strata.parse("strata:file:/var/lib/app"));
    assertEquals(url("file", "data/places", List.of("app"), "acme"), Strata.parse("strata:file:data/places?root=app&tenant=acme"));
  }

  @Test
  void aFileUrlKeepsTheDatabaseInItsDirectoryAcrossConnections(@TempDir Path temp) {
    String url = "strata:file:" + temp.resolve("db") + "?root=app";
    try (StrataDb first = Strata.connect(url)) {
      first.database().run(tr -> {
        tr.set(first.root().pack(Tuple.from("k")), new byte[] {7});
        return null;
      });
    }
    try (StrataDb second = Strata.connect(url)) {
      assertArrayEquals(new byte[] {7}, second.database().run(tr -> tr.get(second.root().pack(Tuple.from("k"))).join()));
    }
  }

  @Test
  void aFileUrlWhoseDirectoryIsInUseFailsWithTheEnginesMessage(@TempDir Path temp) {
    String url = "strata:file:" + temp.resolve("db");
    try (StrataDb open = Strata.connect(url)) {
      StrataException e = assertThrows(StrataException.class, () -> Strata.connect(url));
      assertTrue(e.getMessage().contains(temp.resolve("db").toString()) && e.getMessage().contains("already open"),
          e.getMessage());
      assertTrue(e.getCause() instanceof DirectoryLockedException, "the engine's exception is the cause");
    }
  }

  @Test
  void aRelativeFileUrlIsADirectoryUnderTheWorkingDirectory() throws Exception {
    Path relative = Path.of("target", "strata-relative-" + System.nanoTime());
    try (StrataDb db = Strata.connect("strata:file:" + relative)) {
      assertTrue(Files.isDirectory(relative.toAbsolutePath()), "created below " + Path.of("").toAbsolutePath());
    } finally {
      try (var files = Files.walk(relative)) {
        for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @Test
  void malformedUrlsSayWhatIsWrongAndListTheAcceptedForms() {
    Map<String, String> reasons = Map.of(
        "jdbc:h2:mem:", "does not start with strata:",
        "strata:redis:", "backend must be mem:, file: or fdb:",
        "strata:mem", "backend must be mem:, file: or fdb:",
        "strata:file:", "strata:file: needs a directory",
        "strata:mem:?colour=blue", "unknown option 'colour'",
        "strata:mem:?root=", "option root needs a value",
        "strata:mem:?root=a&root=b", "option root is given twice",
        "strata:mem:?root=a&tenant=x/y", "tenant is one directory name");
    reasons.forEach((bad, reason) -> {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strata.connect(bad), bad);
      assertTrue(e.getMessage().contains(reason) && e.getMessage().contains(Strata.FORMS), e.getMessage());
    });
    assertThrows(IllegalArgumentException.class, () -> Strata.connect(null));
  }

  private static void assertRefused(String bad, String... reason) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strata.connect(bad), bad);
    assertTrue(e.getMessage().startsWith("malformed Strata URL '" + bad + "'") && e.getMessage().contains(Strata.FORMS),
        e.getMessage());
    for (String part : reason) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
    }
  }

  @Test
  void whitespaceControlCharactersAndHashAreRefusedWhereverTheyAre() {
    // a .properties line has no inline comment: the whole tail is the value
    assertRefused("strata:fdb:?root=myapp   # default: the whole key space", "a space at index 22", "comment");
    assertRefused("strata:mem:?root=myapp#v2", "'#' at index 22");
    assertRefused("strata:file:/var/lib/my places", "a space at index 23", "%20");
    assertRefused("strata:mem:?tenant=a b", "a space");
    assertRefused("strata:mem:\t", "U+0009");
    assertRefused("strata:mem:?root=app\u00a0", "U+00A0");
    assertRefused("strata:fdb:/etc/x.cluster\n", "U+000A");
  }

  @Test
  void aDirectoryNameHasOneSpellingOnly() {
    assertRefused("strata:mem:?tenant=a+b", "'+'", "%2B", "%20");
    assertRefused("strata:mem:?tenant=%61", "%61, an encoded 'a'", "as itself");
    assertRefused("strata:mem:?root=app/%7Ev1", "%7E, an encoded '~'");
    assertRefused("strata:mem:?tenant=a@b", "'@'", "write %40");
    assertRefused("strata:mem:?root=caf\u00e9", "write %C3%A9");
    assertRefused("strata:mem:?tenant=%zz", "'%zz'", "two hexadecimal digits");
    assertRefused("strata:mem:?tenant=ab%2", "'%2'", "two hexadecimal digits");
    assertRefused("strata:mem:?tenant=%ff", "not UTF-8");
    assertRefused("strata:mem:?tenant=%2F", "encoded '/' (%2F)");
    assertRefused("strata:mem:?root=a%2Fb", "encoded '/' (%2F)");
    assertRefused("strata:file:/tmp/100%", "'%'", "%25");
  }

  @Test
  void aDirectoryPathHasOneSpellingOnly() {
    assertRefused("strata:mem:?root=a/", "empty directory name", "write root=a");
    assertRefused("strata:mem:?root=/a", "empty directory name", "write root=a");
    assertRefused("strata:mem:?root=a//b", "empty directory name", "write root=a/b");
    assertRefused("strata:fdb:?root=/a/b/&tenant=t", "write root=a/b");
    assertEquals(List.of("a", "b"), Strata.parse("strata:mem:?root=a/b").root());
  }

  @Test
  void anEmptyOptionIsRefusedWhereverItIs() {
    assertRefused("strata:mem:?root=a&", "empty option", "one '&'");
    assertRefused("strata:mem:?&root=a", "empty option", "one '&'");
    assertRefused("strata:mem:?root=a&&tenant=b", "empty option");
    assertRefused("strata:mem:?", "'?' must be followed by options");
    assertRefused("strata:file:data?", "'?' must be followed by options");
  }

  @Test
  void aDirectoryPathDeeperThanTheLimitIsRefusedBeforeAnyDirectoryIsOpened() {
    String deepest = "a/".repeat(UrlSyntax.MAX_DEPTH - 2) + "a";
    assertEquals(UrlSyntax.MAX_DEPTH, Strata.parse("strata:mem:?root=" + deepest + "&tenant=t").directoryPath().size());
    try (StrataDb db = Strata.connect("strata:mem:?root=" + deepest + "&tenant=t")) {
      assertTrue(db.root().getKey().length > 0, "the deepest path allowed was created");
    }
    assertRefused("strata:mem:?root=" + deepest + "/a&tenant=t", (UrlSyntax.MAX_DEPTH + 1) + " directories",
        "at most " + UrlSyntax.MAX_DEPTH);
    assertRefused("strata:mem:?root=" + "a/".repeat(UrlSyntax.MAX_DEPTH) + "a", (UrlSyntax.MAX_DEPTH + 1) + " directories");
    // the URL of the report: 2,001 levels took minutes to open; now it is refused before the engine starts
    assertRefused("strata:mem:?root=" + "a/".repeat(2_000) + "a", "2001 directories");
  }

  @Test
  void aUrlLongerThanTheLimitIsRefusedQuotingItsStart() {
    String url = "strata:file:/" + "x".repeat(UrlSyntax.MAX_URL_CHARS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strata.connect(url));
    assertTrue(e.getMessage().startsWith("malformed Strata URL '" + url.substring(0, 80) + "…'"), e.getMessage());
    assertTrue(e.getMessage().contains((UrlSyntax.MAX_URL_CHARS + 13) + " characters long")
        && e.getMessage().contains("at most " + UrlSyntax.MAX_URL_CHARS) && e.getMessage().contains(Strata.FORMS), e.getMessage());
    assertTrue(e.getMessage().length() < 1_000, "the message does not repeat the whole URL");
  }

  @Test
  void aPathThatDecodesToNoPathOnThisSystemGetsTheUrlError() {
    assertRefused("strata:file:/tmp/a%00b", "the path of strata:file:", "'/tmp/a<U+0000>b'", "NUL (%00)");
    assertRefused("strata:fdb:/etc/fdb%00.cluster", "the path of strata:fdb:", "NUL (%00)");
  }

  @Test
  void percentEncodingsOfCharactersThatNeedThemAreDecoded() {
    assertEquals(url("mem", null, List.of("my app", "v+1"), "caf\u00e9"),
        Strata.parse("strata:mem:?root=my%20app/v%2B1&tenant=caf%C3%A9"));
    assertEquals(url("file", "/var/lib/my places/100%", List.of(), "a-b.c_d~e"),
        Strata.parse("strata:file:/var/lib/my%20places/100%25?tenant=a-b.c_d~e"));
  }

  @Test
  void aDirectoryNameLongerThanTheLimitIsRefusedUpFront() {
    String longest = "t".repeat(UrlSyntax.MAX_NAME_BYTES);
    assertEquals(Optional.of(longest), Strata.parse("strata:mem:?tenant=" + longest).tenant());
    try (StrataDb db = Strata.connect("strata:mem:?tenant=" + longest)) {
      assertTrue(db.root().getKey().length > 0, "the tenant's directory was created");
    }
    assertRefused("strata:mem:?tenant=" + "t".repeat(UrlSyntax.MAX_NAME_BYTES + 1), "1001 bytes", "at most " + UrlSyntax.MAX_NAME_BYTES);
    assertRefused("strata:mem:?root=" + "%C3%A9".repeat(UrlSyntax.MAX_NAME_BYTES / 2 + 1), "1002 bytes");
  }

  @Test
  void memoryUrlWithRootAndTenantCreatesTheDirectoriesAndUsesThemAsRoot() {
    try (StrataDb sdb = Strata.connect("strata:mem:?root=myapp/v1&tenant=acme")) {
      DirectorySubspace expected = sdb.database().run(tr -> DirectoryLayer.getDefault().open(tr, List.of("myapp", "v1", "acme")).join());
      assertArrayEquals(expected.getKey(), sdb.root().getKey());
      assertEquals(List.of("myapp", "v1", "acme"), sdb.directory().orElseThrow().getPath());
      sdb.database().run(tr -> {
        tr.set(sdb.root().pack(Tuple.from("k")), new byte[] {1});
        return null;
      });
      byte[] read = sdb.database().run(tr -> tr.get(expected.pack(Tuple.from("k"))).join());
      assertArrayEquals(new byte[] {1}, read, "writes under root() land in the tenant's directory");
    }
  }

  @Test
  void memoryUrlWithoutOptionsUsesTheWholeKeySpaceOfAFreshEngine() {
    try (StrataDb first = Strata.connect("strata:mem:")) {
      first.database().run(tr -> {
        tr.set(Tuple.from("k").pack(), new byte[] {1});
        return null;
      });
      assertEquals(0, first.root().getKey().length);
      assertTrue(first.directory().isEmpty());
    }
    try (StrataDb second = Strata.connect("strata:mem:")) {
      assertNull(second.database().run(tr -> tr.get(Tuple.from("k").pack()).join()), "each strata:mem: starts empty");
    }
  }

  @Test
  void ofWrapsADatabaseTheCallerOpenedAtTheWholeKeySpaceAndClosesIt() {
    Database db = io.strata.embedded.EmbeddedFdb.open();
    StrataDb sdb = StrataDb.of(db);
    assertSame(db, sdb.database());
    assertEquals(0, sdb.root().getKey().length);
    assertTrue(sdb.directory().isEmpty());
    assertEquals("strata:database", sdb.url());
    sdb.close();
    assertThrows(IllegalStateException.class, () -> db.run(tr -> tr.get(Tuple.from("k").pack()).join()), "closing it closed the database");
    assertThrows(NullPointerException.class, () -> StrataDb.of(null));
  }

  @Test
  void tenantsOfOneRootGetDistinctPrefixes() {
    try (StrataDb a = Strata.connect("strata:mem:?root=app&tenant=a")) {
      byte[] other = a.database().run(tr -> DirectoryLayer.getDefault().createOrOpen(tr, List.of("app", "b")).join()).getKey();
      assertFalse(Arrays.equals(a.root().getKey(), other), "each tenant has its own key prefix");
    }
  }

  @Test
  void aClusterUrlWithoutTheClientLibraryFailsWithOneMessageSayingHowToInstallIt() {
    for (String url : List.of("strata:fdb:", "strata:fdb:/nonexistent/fdb.cluster?root=app")) {
      try (StrataDb opened = Strata.connect(url)) {
        Assumptions.abort("the FoundationDB client library is installed here, so the missing-library message cannot be shown");
      } catch (StrataException e) {
        assertTrue(e.getMessage().contains("libfdb_c") && e.getMessage().contains("foundationdb-clients")
            && e.getMessage().contains("strata:mem:"), e.getMessage());
        assertNull(e.getCause(), "no UnsatisfiedLinkError chained below the message");
      }
    }
  }

  @Test
  void anUnreadableClusterFileIsNamedWithTheWaysToPointElsewhere() throws Exception {
    StrataException e = assertThrows(StrataException.class, () -> Strata.readableClusterFile("/nonexistent/fdb.cluster"));
    assertTrue(e.getMessage().contains("/nonexistent/fdb.cluster") && e.getMessage().contains("FDB_CLUSTER_FILE"), e.getMessage());
    Path cluster = Files.createTempFile("fdb", ".cluster");
    try {
      assertEquals(cluster.toString(), Strata.readableClusterFile(cluster.toString()));
    } finally {
      Files.delete(cluster);
    }
  }

  @Test
  void theDefaultClusterFileIsTheEnvironmentVariableThenThePlatformPath() {
    assertEquals("/srv/fdb.cluster", Strata.defaultClusterFile(Map.of("FDB_CLUSTER_FILE", "/srv/fdb.cluster"), "Linux"));
    assertEquals("/etc/foundationdb/fdb.cluster", Strata.defaultClusterFile(Map.of(), "Linux"));
    assertEquals("/etc/foundationdb/fdb.cluster", Strata.defaultClusterFile(Map.of("FDB_CLUSTER_FILE", ""), "Linux"));
    assertEquals("/usr/local/etc/foundationdb/fdb.cluster", Strata.defaultClusterFile(Map.of(), "Mac OS X"));
    assertEquals("C:\\ProgramData\\foundationdb\\fdb.cluster", Strata.defaultClusterFile(Map.of(), "Windows 11"));
  }
}

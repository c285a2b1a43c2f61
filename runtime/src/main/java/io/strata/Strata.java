package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDB;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.subspace.Subspace;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Opens databases from JDBC-style URLs:
 * <ul>
 *   <li>{@code strata:mem:} — the in-process embedded engine (needs {@code strata-embedded} on the classpath);
 *   <li>{@code strata:fdb:} — a FoundationDB cluster through the default cluster file ({@code FDB_CLUSTER_FILE},
 *       then the platform's default path);
 *   <li>{@code strata:fdb:/path/to/fdb.cluster} — a cluster through that file.
 * </ul>
 * Options after {@code ?}: {@code root=a/b} uses the directory-layer path {@code a/b} as the root subspace;
 * {@code tenant=acme} adds a per-tenant directory below it ({@code a/b/acme}).
 */
public final class Strata {
  /** The FoundationDB API version Strata speaks (7.3). */
  public static final int API_VERSION = 730;

  private static final String FORMS = "strata:mem:, strata:fdb: or strata:fdb:/path/to/fdb.cluster, optionally followed by"
      + " ?root=dir/path&tenant=name";

  private Strata() {}

  /** A parsed URL. */
  record Url(String backend, Optional<String> clusterFile, List<String> root, Optional<String> tenant) {
    List<String> directoryPath() {
      List<String> path = new ArrayList<>(root);
      tenant.ifPresent(path::add);
      return path;
    }
  }

  public static StrataDb connect(String url) {
    Url parsed = parse(url);
    Database db = parsed.backend().equals("mem") ? openEmbedded() : openCluster(parsed.clusterFile());
    try {
      Subspace root = new Subspace();
      List<String> path = parsed.directoryPath();
      if (!path.isEmpty()) {
        root = db.run(tr -> DirectoryLayer.getDefault().createOrOpen(tr, path).join());
      }
      return new StrataDb(url, db, root);
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
  }

  static Url parse(String url) {
    if (url == null || !url.startsWith("strata:")) {
      throw new IllegalArgumentException("not a Strata URL: " + url + "; use " + FORMS);
    }
    String rest = url.substring("strata:".length());
    String query = "";
    int q = rest.indexOf('?');
    if (q >= 0) {
      query = rest.substring(q + 1);
      rest = rest.substring(0, q);
    }
    Map<String, String> options = options(url, query);
    List<String> root = options.containsKey("root")
        ? Arrays.stream(options.get("root").split("/")).filter(s -> !s.isEmpty()).toList()
        : List.of();
    Optional<String> tenant = Optional.ofNullable(options.get("tenant")).filter(s -> !s.isEmpty());
    if (rest.equals("mem:")) {
      return new Url("mem", Optional.empty(), root, tenant);
    }
    if (rest.startsWith("fdb:")) {
      String file = rest.substring("fdb:".length());
      return new Url("fdb", file.isEmpty() ? Optional.empty() : Optional.of(file), root, tenant);
    }
    throw new IllegalArgumentException("unknown Strata URL " + url + "; use " + FORMS);
  }

  private static Map<String, String> options(String url, String query) {
    Map<String, String> out = new LinkedHashMap<>();
    if (query.isEmpty()) {
      return out;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      if (!key.equals("root") && !key.equals("tenant")) {
        throw new IllegalArgumentException("unknown option '" + key + "' in " + url + "; the options are root and tenant");
      }
      out.put(key, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static Database openEmbedded() {
    try {
      // strata-embedded is an optional dependency, found by name like a JDBC driver
      return (Database) Class.forName("io.strata.embedded.EmbeddedFdb").getMethod("open").invoke(null);
    } catch (ClassNotFoundException e) {
      throw new StrataException("strata:mem: needs the embedded engine: add the dependency io.strata:strata-embedded");
    } catch (ReflectiveOperationException e) {
      throw new StrataException("could not start the embedded engine: " + e, e);
    }
  }

  private static Database openCluster(Optional<String> clusterFile) {
    String file = clusterFile.orElseGet(Strata::defaultClusterFile);
    if (!Files.isReadable(Path.of(file))) {
      throw new StrataException("FoundationDB cluster file " + file + " is not readable; pass strata:fdb:/path/to/fdb.cluster"
          + " or set FDB_CLUSTER_FILE");
    }
    try {
      return FDB.selectAPIVersion(API_VERSION).open(file);
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      throw new StrataException("the FoundationDB client library (libfdb_c) is not installed, so strata:fdb: URLs cannot be"
          + " opened. Install the FoundationDB 7.3 client package for your platform (foundationdb-clients .deb/.rpm, or the"
          + " macOS/Windows installer from the FoundationDB releases), or use strata:mem: for the embedded engine.");
    }
  }

  /** {@code FDB_CLUSTER_FILE}, else the platform's default location. */
  static String defaultClusterFile() {
    String env = System.getenv("FDB_CLUSTER_FILE");
    if (env != null && !env.isEmpty()) {
      return env;
    }
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (os.contains("win")) {
      return "C:\\ProgramData\\foundationdb\\fdb.cluster";
    }
    if (os.contains("mac")) {
      return "/usr/local/etc/foundationdb/fdb.cluster";
    }
    return "/etc/foundationdb/fdb.cluster";
  }
}

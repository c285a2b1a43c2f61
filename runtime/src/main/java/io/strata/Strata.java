package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDB;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectorySubspace;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Opens databases from JDBC-style URLs:
 * <ul>
 *   <li>{@code strata:mem:} — a new, empty in-process embedded engine (needs {@code strata-embedded} on the
 *       classpath);
 *   <li>{@code strata:file:data/places} — the embedded engine kept durably in that directory (absolute, or relative to
 *       the working directory; created when only it is missing), as {@code EmbeddedFdb.open(Path)} opens it: one process
 *       at a time, every acknowledged commit on disk;
 *   <li>{@code strata:fdb:} — a FoundationDB cluster through the default cluster file: {@code FDB_CLUSTER_FILE}, else
 *       the platform's default path ({@code /etc/foundationdb/fdb.cluster} on Linux,
 *       {@code /usr/local/etc/foundationdb/fdb.cluster} on macOS, {@code C:\ProgramData\foundationdb\fdb.cluster} on
 *       Windows);
 *   <li>{@code strata:fdb:/path/to/fdb.cluster} — a cluster through that file.
 * </ul>
 * Options after {@code ?}: {@code root=a/b} uses the directory-layer path {@code a/b} as the root subspace;
 * {@code tenant=acme} adds a per-tenant directory below it ({@code a/b/acme}). Directories are created on first use.
 * A URL holds no whitespace, control character or {@code #}, and at most {@value UrlSyntax#MAX_URL_CHARS} characters; a
 * path is percent-decoded; a directory path has one spelling: names separated by single {@code /}s, none at either end,
 * at most {@value UrlSyntax#MAX_DEPTH} directories with the tenant; a directory name is written in one way only:
 * unreserved characters as themselves, anything else percent-encoded as UTF-8 (see {@link UrlSyntax}). Options are
 * separated by single {@code &}s, none empty.
 * Anything else is refused with a message naming the URL and the accepted forms.
 *
 * <p>The embedded engine is found by class name, like a JDBC driver: it is a separate artifact that does not depend on
 * the runtime, so runtime cannot declare an interface for it to implement.
 */
public final class Strata {
  /** The FoundationDB API version Strata speaks (7.3). */
  public static final int API_VERSION = 730;

  static final String FORMS = "strata:mem:, strata:file:/path/to/dir, strata:fdb: (default cluster file) or"
      + " strata:fdb:/path/to/fdb.cluster,"
      + " each optionally followed by ?root=dir/path&tenant=name";

  private static final String EMBEDDED_ENGINE = "io.strata.embedded.EmbeddedFdb";

  private Strata() {}

  /**
   * A parsed URL: {@code backend} is {@code "mem"}, {@code "file"} or {@code "fdb"}; {@code path} is the directory of
   * {@code file:} or the cluster file of {@code fdb:}; {@code root} and {@code tenant} name directories.
   */
  record Url(String backend, Optional<String> path, List<String> root, Optional<String> tenant) {
    List<String> directoryPath() {
      List<String> path = new ArrayList<>(root);
      tenant.ifPresent(path::add);
      return path;
    }
  }

  /**
   * Opens the database a URL names; close the result to release it.
   *
   * @throws IllegalArgumentException when the URL is malformed; the message lists the accepted forms
   * @throws StrataException when the backend cannot be opened: no {@code strata-embedded} on the classpath, a
   *     {@code file:} directory that cannot be used (in use by another process, damaged, read-only, missing its parent;
   *     the cause is the engine's exception), no FoundationDB client library installed, or no readable cluster file
   */
  public static StrataDb connect(String url) {
    Url parsed = parse(url);
    Database db = switch (parsed.backend()) {
      case "mem" -> openEmbedded(Optional.empty());
      case "file" -> openEmbedded(parsed.path());
      default -> openCluster(parsed.path());
    };
    try {
      List<String> path = parsed.directoryPath();
      Optional<DirectorySubspace> directory = path.isEmpty() ? Optional.empty()
          : Optional.of(db.run(tr -> DirectoryLayer.getDefault().createOrOpen(tr, path).join()));
      return new StrataDb(url, db, directory);
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
  }

  /**
   * The directory a {@code strata:file:} URL names (percent-decoded, as {@link #connect} opens it), for tools that
   * work on the database's files (a backup); empty for the other backends.
   *
   * @throws IllegalArgumentException when the URL is malformed; the message lists the accepted forms
   */
  public static Optional<Path> fileDirectory(String url) {
    Url parsed = parse(url);
    return parsed.backend().equals("file") ? parsed.path().map(Path::of) : Optional.empty();
  }

  static Url parse(String url) {
    if (url == null || !url.startsWith("strata:")) {
      throw malformed(url, "it does not start with strata:");
    }
    UrlSyntax.rejectOverlong(url);
    UrlSyntax.rejectStrayCharacters(url);
    String rest = url.substring("strata:".length());
    Map<String, String> options = Map.of();
    int q = rest.indexOf('?');
    if (q >= 0) {
      options = options(url, rest.substring(q + 1));
      rest = rest.substring(0, q);
    }
    List<String> root = options.containsKey("root") ? UrlSyntax.rootNames(url, options.get("root")) : List.of();
    Optional<String> tenant = Optional.ofNullable(options.get("tenant")).map(name -> UrlSyntax.decodeName(url, "tenant", name));
    UrlSyntax.checkDepth(url, root.size() + (tenant.isPresent() ? 1 : 0));
    if (rest.equals("mem:")) {
      return new Url("mem", Optional.empty(), root, tenant);
    }
    if (rest.startsWith("file:")) {
      String dir = rest.substring("file:".length());
      if (dir.isBlank()) {
        throw malformed(url, "strata:file: needs a directory, e.g. strata:file:data/places");
      }
      return new Url("file", Optional.of(UrlSyntax.decodePath(url, "strata:file:", dir)), root, tenant);
    }
    if (rest.startsWith("fdb:")) {
      String file = rest.substring("fdb:".length());
      return new Url("fdb", file.isEmpty() ? Optional.empty() : Optional.of(UrlSyntax.decodePath(url, "strata:fdb:", file)),
          root, tenant);
    }
    throw malformed(url, "the backend must be mem:, file: or fdb:");
  }

  private static Map<String, String> options(String url, String query) {
    Map<String, String> out = new LinkedHashMap<>();
    if (query.isEmpty()) {
      throw malformed(url, "a '?' must be followed by options: drop the '?', or write ?root=app or ?tenant=acme");
    }
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        throw malformed(url, "it has an empty option (a '&' at the start or end of the options, or '&&'): separate"
            + " options with one '&', e.g. ?root=app&tenant=acme");
      }
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1); // raw: names are checked and decoded one by one
      if (!key.equals("root") && !key.equals("tenant")) {
        throw malformed(url, "unknown option '" + key + "' (the options are root and tenant)");
      }
      if (value.isBlank() || value.replace("/", "").isEmpty()) {
        throw malformed(url, "option " + key + " needs a value, e.g. " + key + "=myapp");
      }
      if (key.equals("tenant") && value.contains("/")) {
        throw malformed(url, "tenant is one directory name; put the path above it in root=");
      }
      if (out.put(key, value) != null) {
        throw malformed(url, "option " + key + " is given twice");
      }
    }
    return out;
  }

  static IllegalArgumentException malformed(String url, String why) {
    return new IllegalArgumentException("malformed Strata URL '" + url + "': " + why + ". Use " + FORMS);
  }

  /** The embedded engine, in memory or kept in {@code directory}. */
  private static Database openEmbedded(Optional<String> directory) {
    try {
      Class<?> engine = Class.forName(EMBEDDED_ENGINE);
      return (Database) (directory.isEmpty() ? engine.getMethod("open").invoke(null)
          : engine.getMethod("open", Path.class).invoke(null, Path.of(directory.get())));
    } catch (ClassNotFoundException e) {
      throw new StrataException("strata:" + (directory.isEmpty() ? "mem" : "file") + ": needs the embedded engine on"
          + " the classpath: add the dependency io.strata:strata-embedded");
    } catch (InvocationTargetException e) {
      // the engine's own message names the directory and what is wrong with it
      throw new StrataException(e.getCause().getMessage(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new StrataException("could not start the embedded engine " + EMBEDDED_ENGINE + ": " + e, e);
    }
  }

  /** Loads the client library first: without it no cluster file helps, and its message says what to install. */
  private static Database openCluster(Optional<String> clusterFile) {
    FDB fdb = clientLibrary();
    String os = System.getProperty("os.name", "");
    return fdb.open(readableClusterFile(clusterFile.orElseGet(() -> defaultClusterFile(System.getenv(), os))));
  }

  private static FDB clientLibrary() {
    try {
      return FDB.selectAPIVersion(API_VERSION);
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      // the first attempt fails with UnsatisfiedLinkError, later ones with NoClassDefFoundError (FDB stays unloadable)
      throw new StrataException("the FoundationDB client library (libfdb_c) is not installed, so strata:fdb: URLs"
          + " cannot be opened. Install the FoundationDB 7.3 client for your platform: the foundationdb-clients .deb or"
          + " .rpm on Linux, the FoundationDB .pkg on macOS or .msi on Windows, from"
          + " https://github.com/apple/foundationdb/releases. Or use strata:mem: for the embedded engine.");
    }
  }

  /** {@code file} when it is readable; otherwise a message naming it and the ways to point elsewhere. */
  static String readableClusterFile(String file) {
    if (!Files.isReadable(Path.of(file))) {
      throw new StrataException("the FoundationDB cluster file " + file + " does not exist or is not readable;"
          + " use strata:fdb:/path/to/fdb.cluster or set FDB_CLUSTER_FILE");
    }
    return file;
  }

  /** The standard lookup: {@code FDB_CLUSTER_FILE}, else the default location on the operating system {@code osName}. */
  static String defaultClusterFile(Map<String, String> env, String osName) {
    String fromEnv = env.get("FDB_CLUSTER_FILE");
    if (fromEnv != null && !fromEnv.isEmpty()) {
      return fromEnv;
    }
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.contains("win")) {
      return "C:\\ProgramData\\foundationdb\\fdb.cluster";
    }
    if (os.contains("mac")) {
      return "/usr/local/etc/foundationdb/fdb.cluster";
    }
    return "/etc/foundationdb/fdb.cluster";
  }
}

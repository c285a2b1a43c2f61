package io.strata.cli;

import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.embedded.EmbeddedFdb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code strata stats}: keys and bytes (keys plus values) per entity and per part of it (rows, each index, blobs,
 * the feed, bookkeeping), read a page of keys per transaction, and the writes a {@code strata:file:} database's
 * write-ahead log holds since its last checkpoint (all the engine keeps of past writes); {@code --html FILE} also
 * writes the key-space report.
 */
@Command(name = "stats", description = "Counts keys and bytes per entity and per index, blob, feed and bookkeeping, and"
    + " for a strata:file: database the writes its log holds since the last checkpoint; --html FILE writes a"
    + " self-contained key-space report (a treemap of the sizes) to open in a browser.")
final class StatsCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Option(names = "--html", paramLabel = "FILE", description = "also writes the key-space report to FILE")
  Path html;

  /** One part of the key space: its kind, the keys and bytes counted in it, and the logged writes to it. */
  static final class Part {
    final String kind;
    long keys;
    long bytes;
    long writes;

    Part(String kind) {
      this.kind = kind;
    }
  }

  @Override
  public void run() {
    try (Session s = cli.open(false)) {
      KeyNames names = new KeyNames(s.db().root().getKey(), s.schemas().entities().keySet());
      Map<String, Map<String, Part>> parts = new TreeMap<>();
      long[] counted = {0};
      KeyPages.forEach(s.db(), KeyPages.all(s.db()), kv -> {
        Part p = part(parts, names.name(kv.getKey()));
        p.keys++;
        p.bytes += kv.getKey().length + kv.getValue().length;
        if (++counted[0] % (10 * KeyPages.PAGE) == 0) {
          cli.err.println("counted " + counted[0] + " keys...");
        }
        return true;
      });
      String writes = countWrites(s, names, parts);
      parts.forEach((entity, byPart) -> byPart.forEach((part, p) -> cli.out.println(entity + "\t" + p.kind + "\t" + part
          + "\t" + p.keys + " keys\t" + p.bytes + " bytes" + (writes.startsWith(LOGGED) ? "\t" + p.writes + " logged writes" : ""))));
      cli.out.println(writes);
      if (html != null) {
        try {
          Files.writeString(html, KeySpaceReport.html(s.db().url(), parts, writes), StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new CliException(ExitCodes.FILE, "--html " + html + ": " + e.getMessage(), e);
        }
        cli.err.println("wrote the key-space report to " + html.toAbsolutePath());
      }
    }
  }

  /** How the summary of writes begins when they were counted (and the lines show them). */
  static final String LOGGED = "writes: counted from the write-ahead log";

  /** Where writes per entity are counted for good: the application's observations, as meters. */
  static final String METERS = "writes per entity over time are the application's meters: strata.repository.call"
      + "{strata.plan=\"write\"} by strata.entity counts write calls, strata.engine.keys.written the keys written by all"
      + " (docs/observability.md)";

  private static Part part(Map<String, Map<String, Part>> parts, KeyNames.Named n) {
    String entity = n.entity().isEmpty() ? "(outside entities)" : n.entity();
    String part = n.entity().isEmpty() ? n.kind() + (n.part().isEmpty() ? "" : " " + n.part()) : n.part();
    return parts.computeIfAbsent(entity, x -> new TreeMap<>()).computeIfAbsent(part, x -> new Part(n.kind()));
  }

  /**
   * Counts each mutation the write-ahead log holds under the part its key is in (a range clear under its first key's),
   * and says what the counts mean: the writes since the last checkpoint, which every close writes, so they are the
   * writes of a process that stopped without closing. A database with no log (strata:fdb:, strata:mem:) keeps no
   * history of writes.
   */
  private String countWrites(Session s, KeyNames names, Map<String, Map<String, Part>> parts) {
    if (!s.db().url().startsWith("strata:file:")) {
      return "writes: not recorded: " + s.db().url().replaceAll("^(strata:[a-z]+:).*", "$1") + " databases keep no history of"
          + " writes; " + METERS;
    }
    long[] mutations = {0};
    long commits;
    try {
      byte[] root = s.db().root().getKey();
      commits = EmbeddedFdb.loggedWrites(s.db().database(), w -> {
        if (ByteArrayUtil.startsWith(w.key(), root)) { // as the key walk: only what is below the root
          part(parts, names.name(w.key())).writes++;
          mutations[0]++;
        }
      });
    } catch (IllegalArgumentException notEmbedded) {
      return "writes: not recorded: this database has no write-ahead log to count them from; " + METERS;
    } catch (IOException e) {
      throw CliException.database("reading the write-ahead log: " + e.getMessage(), e);
    }
    if (commits == 0) {
      return "writes: none in the write-ahead log: a checkpoint covers every commit (each close writes one, this tool's"
          + " too), and the database keeps no other history of writes, so none are shown; " + METERS;
    }
    return LOGGED + ": " + mutations[0] + " mutations of " + commits + " commits since the last checkpoint, which no"
        + " close wrote (the process that made them stopped without closing), not the writes of all time; this tool's"
        + " close checkpoints them, so the next stats shows none; " + METERS;
  }
}

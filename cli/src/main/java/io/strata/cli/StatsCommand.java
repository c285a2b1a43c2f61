package io.strata.cli;

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
 * the feed, bookkeeping), read a page of keys per transaction; {@code --html FILE} also writes the key-space report.
 */
@Command(name = "stats", description = "Counts keys and bytes per entity and per index, blob, feed and bookkeeping;"
    + " --html FILE writes a self-contained key-space report (a treemap of the sizes) to open in a browser.")
final class StatsCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Option(names = "--html", paramLabel = "FILE", description = "also writes the key-space report to FILE")
  Path html;

  /** One part of the key space: its kind, and the keys and bytes counted in it. */
  static final class Part {
    final String kind;
    long keys;
    long bytes;

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
        KeyNames.Named n = names.name(kv.getKey());
        String entity = n.entity().isEmpty() ? "(outside entities)" : n.entity();
        String part = n.entity().isEmpty() ? n.kind() + (n.part().isEmpty() ? "" : " " + n.part()) : n.part();
        Part p = parts.computeIfAbsent(entity, x -> new TreeMap<>()).computeIfAbsent(part, x -> new Part(n.kind()));
        p.keys++;
        p.bytes += kv.getKey().length + kv.getValue().length;
        if (++counted[0] % (10 * KeyPages.PAGE) == 0) {
          cli.err.println("counted " + counted[0] + " keys...");
        }
        return true;
      });
      parts.forEach((entity, byPart) -> byPart.forEach((part, p) ->
          cli.out.println(entity + "\t" + p.kind + "\t" + part + "\t" + p.keys + " keys\t" + p.bytes + " bytes")));
      if (html != null) {
        try {
          Files.writeString(html, KeySpaceReport.html(s.db().url(), parts), StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new CliException(ExitCodes.FILE, "--html " + html + ": " + e.getMessage(), e);
        }
        cli.err.println("wrote the key-space report to " + html.toAbsolutePath());
      }
    }
  }
}

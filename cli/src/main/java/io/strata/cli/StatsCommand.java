package io.strata.cli;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
  /** Keys read per transaction. */
  private static final int PAGE = 10_000;

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
      byte[] root = s.db().root().getKey();
      KeyNames names = new KeyNames(root, s.schemas().entities().keySet());
      Map<String, Map<String, Part>> parts = new TreeMap<>();
      byte[] begin = root.length == 0 ? new byte[0] : root;
      byte[] end = root.length == 0 ? new byte[] {(byte) 0xff} : ByteArrayUtil.strinc(root);
      long total = 0;
      while (true) {
        byte[] from = begin;
        List<KeyValue> page = s.db().read(tr -> tr.getRange(new Range(from, end), PAGE).asList().join());
        for (KeyValue kv : page) {
          KeyNames.Named n = names.name(kv.getKey());
          String entity = n.entity().isEmpty() ? "(outside entities)" : n.entity();
          String part = n.entity().isEmpty() ? n.kind() + (n.part().isEmpty() ? "" : " " + n.part()) : n.part();
          Part p = parts.computeIfAbsent(entity, x -> new TreeMap<>()).computeIfAbsent(part, x -> new Part(n.kind()));
          p.keys++;
          p.bytes += kv.getKey().length + kv.getValue().length;
        }
        total += page.size();
        if (page.size() < PAGE) {
          break;
        }
        begin = ByteArrayUtil.join(page.get(page.size() - 1).getKey(), new byte[] {0});
        if (total % (10 * PAGE) == 0) {
          cli.err.println("counted " + total + " keys...");
        }
      }
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

package io.strata.cli;

import java.util.Locale;
import java.util.Map;

/**
 * The key-space report: one self-contained HTML page (no fetches, no external files) drawing the database's bytes
 * as a treemap, an SVG in which each entity is a column as wide as its share of the bytes and each of its parts
 * (rows, an index, blobs, the feed, bookkeeping) a box as tall as its share of the entity, coloured by kind.
 * Hovering a box shows its keys and bytes.
 */
final class KeySpaceReport {
  private static final int WIDTH = 1000;
  private static final int HEIGHT = 560;
  /** Each kind's colour, in the legend's order (fixed, so the same database gives the same page). */
  private static final Map<String, String> COLOURS = colours("row", "#4e79a7", "index", "#f28e2b", "blob", "#59a14f",
      "feed", "#b07aa1", "bookkeeping", "#9c9c9c", "other", "#d4a6c8");

  private KeySpaceReport() {}

  /** The page of {@code parts}; {@code writes} says whether their write counts are known and what they mean. */
  static String html(String url, Map<String, Map<String, StatsCommand.Part>> parts, String writes) {
    boolean logged = writes.startsWith(StatsCommand.LOGGED);
    long total = parts.values().stream().flatMap(m -> m.values().stream()).mapToLong(p -> p.bytes).sum();
    StringBuilder svg = new StringBuilder();
    double x = 0;
    for (var entity : parts.entrySet()) {
      long bytes = entity.getValue().values().stream().mapToLong(p -> p.bytes).sum();
      double w = total == 0 ? 0 : WIDTH * (double) bytes / total;
      double y = 0;
      for (var part : entity.getValue().entrySet()) {
        StatsCommand.Part p = part.getValue();
        double h = bytes == 0 ? 0 : HEIGHT * (double) p.bytes / bytes;
        String label = entity.getKey() + " / " + part.getKey();
        String detail = label + ": " + p.keys + " keys, " + size(p.bytes) + " (" + percent(p.bytes, total) + " of all)"
            + (logged ? ", " + p.writes + " logged writes" : "");
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\""
            + " data-detail=\"%s\"><title>%s</title></rect>%n", x, y, w, h, COLOURS.getOrDefault(p.kind, "#cccccc"),
            escape(detail), escape(detail)));
        if (w > 70 && h > 18) {
          svg.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%.2f\">%s</text>%n", x + 4, y + 14,
              escape(clip(part.getKey(), (int) (w / 7)))));
        }
        y += h;
      }
      if (w > 40) {
        svg.append(String.format(Locale.ROOT, "<text class=\"entity\" x=\"%.2f\" y=\"%d\">%s</text>%n", x + 4, HEIGHT + 16,
            escape(clip(entity.getKey() + " " + size(bytes), (int) (w / 7)))));
      }
      x += w;
    }
    StringBuilder legend = new StringBuilder();
    COLOURS.forEach((kind, colour) -> legend.append("<span><i style=\"background:").append(colour).append("\"></i>")
        .append(kind).append("</span>"));
    return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Strata key space</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
        svg rect { stroke: #fff; stroke-width: 1; }
        svg rect:hover { opacity: 0.8; }
        svg text { font-size: 12px; fill: #fff; pointer-events: none; }
        svg text.entity { fill: #222; font-weight: bold; }
        .legend span { margin-right: 16px; }
        .legend i { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -1px; }
        #detail { min-height: 1.4em; margin: 8px 0; }
        </style>
        </head>
        <body>
        <h1>Key space of %s</h1>
        <p>%s in all. Each column is an entity, as wide as its share of the bytes (keys and values); each box a part of it, as tall as its share of the entity.</p>
        <p id="writes">%s</p>
        <p class="legend">%s</p>
        <p id="detail">Point at a box for its keys and bytes.</p>
        <svg id="treemap" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">
        %s</svg>
        <script>
        document.getElementById("treemap").addEventListener("mouseover", function (event) {
          var detail = event.target.getAttribute("data-detail");
          if (detail) {
            document.getElementById("detail").textContent = detail;
          }
        });
        </script>
        </body>
        </html>
        """.formatted(escape(url), size(total), escape(writes), legend, WIDTH, HEIGHT + 24, WIDTH, HEIGHT + 24, svg);
  }

  private static Map<String, String> colours(String... kindsAndColours) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (int i = 0; i < kindsAndColours.length; i += 2) {
      out.put(kindsAndColours[i], kindsAndColours[i + 1]);
    }
    return out;
  }

  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    if (bytes < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
  }

  private static String percent(long part, long total) {
    return total == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / total);
  }

  private static String clip(String text, int chars) {
    return text.length() <= chars ? text : text.substring(0, Math.max(0, chars - 1)) + "…";
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}

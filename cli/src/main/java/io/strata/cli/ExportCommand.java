package io.strata.cli;

import io.strata.Continuation;
import io.strata.Page;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code strata export <Entity>}: every row as JSON Lines in id order, a page per transaction, so any number of rows
 * streams through. The first line is a header naming the entity and its fields' stored order; after each page the
 * tool prints a resume token on stderr, and {@code --after TOKEN} continues an export that was stopped, appending.
 */
@Command(name = "export", description = "Writes every row of an entity as JSON Lines (a header line, then one row per line),"
    + " streamed a page per transaction; prints a resume token on stderr after each page.")
final class ExportCommand implements Runnable {
  /** The header line's marker and format version. */
  static final String HEADER = "strata-export";

  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name")
  String entity;

  @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "the file to write (default: stdout)")
  Path out;

  @Option(names = "--after", paramLabel = "TOKEN", description = "continues a stopped export after the page this token"
      + " (printed by it on stderr) ends, appending to --out")
  String after;

  @Mixin
  BatchOption batchOption;

  @Override
  public void run() {
    int batch = batchOption.rows();
    Continuation resume = after == null ? null : token(after);
    if (resume != null && out == null) {
      throw CliException.usage("--after needs --out FILE: a resumed export appends to the file it was writing");
    }
    try (Session s = cli.open(false); Writer w = writer(resume != null)) {
      SchemaEntity e = s.entity("ENTITY", entity);
      var store = s.store(e);
      if (resume == null) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put(HEADER, 1L);
        header.put("entity", e.name());
        header.put("fields", e.fields());
        w.write(Json.write(header) + "\n");
      }
      long rows = 0;
      Continuation next = resume;
      do {
        Continuation from = next;
        Page<Object[]> page = s.db().read(tr -> store.scan(tr, batch, from).join());
        for (Object[] row : page.items()) {
          w.write(Json.write(e.toJson(row)) + "\n");
        }
        w.flush();
        rows += page.items().size();
        next = page.next().orElse(null);
        cli.err.println("exported " + rows + " rows" + (next == null ? "" : "; to resume: --after " + token(next)));
      } while (next != null);
    } catch (IOException ex) {
      throw new CliException(ExitCodes.FILE, "--out " + out + ": " + ex.getMessage(), ex);
    }
  }

  private Writer writer(boolean append) throws IOException {
    if (out == null) {
      return new BufferedWriter(new OutputStreamWriter(cli.out, StandardCharsets.UTF_8)) {
        @Override
        public void close() throws IOException {
          flush(); // stdout stays open
        }
      };
    }
    return Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
  }

  static String token(Continuation c) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(c.toBytes());
  }

  private static Continuation token(String text) {
    try {
      return Continuation.fromBytes(Base64.getUrlDecoder().decode(text));
    } catch (RuntimeException e) {
      throw CliException.usage("--after '" + text + "': not a resume token; give the token an export printed after"
          + " '--after' on stderr");
    }
  }
}

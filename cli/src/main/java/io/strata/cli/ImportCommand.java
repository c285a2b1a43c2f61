package io.strata.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code strata import <Entity> FILE}: saves the rows of a JSON Lines export through the runtime's store, so every
 * index, aggregate and feed is written as the application's saves write them; a batch per transaction, streamed.
 * Saving a row again is harmless, and {@code --from-line N} resumes where a stopped import left off.
 */
@Command(name = "import", description = "Saves the rows of a JSON Lines file (as export writes it) with their index entries,"
    + " a batch per transaction; prints the line to resume from on stderr after each batch.")
final class ImportCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Parameters(index = "0", paramLabel = "ENTITY", description = "the entity name")
  String entity;

  @Parameters(index = "1", paramLabel = "FILE", description = "a JSON Lines file: an export's header line (optional), then one row object per line")
  Path file;

  @Option(names = "--from-line", paramLabel = "N", defaultValue = "1", description = "starts at line N (1 = the first;"
      + " a stopped import printed the line to resume from)")
  long fromLine;

  @Mixin
  BatchOption batchOption;

  @Override
  public void run() {
    int batch = batchOption.rows();
    if (fromLine < 1) {
      throw CliException.usage("--from-line " + fromLine + ": lines are numbered from 1");
    }
    if (!Files.isReadable(file)) {
      throw new CliException(ExitCodes.FILE, "FILE " + file + ": no such readable file", null);
    }
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); Session s = cli.open(true)) {
      var schema = s.schemas().require("ENTITY", entity);
      String first = in.readLine();
      long line = 1;
      List<String> order = List.of();
      Map<String, Object> header = first == null ? null : object(first, line);
      if (header != null && header.containsKey(ExportCommand.HEADER)) {
        if (!entity.equals(header.get("entity"))) {
          throw CliException.usage("FILE " + file + " is an export of " + header.get("entity") + ", not of " + entity);
        }
        order = ((List<?>) header.get("fields")).stream().map(String::valueOf).toList();
      }
      SchemaEntity e = s.entity(schema, order);
      var store = s.store(e);
      List<Object[]> rows = new ArrayList<>();
      long saved = 0;
      String text = first;
      boolean headerLine = header != null && header.containsKey(ExportCommand.HEADER);
      for (; text != null; text = in.readLine(), line++) {
        if (line < fromLine || (line == 1 && headerLine) || text.isBlank()) {
          continue;
        }
        try {
          rows.add(e.fromJson(object(text, line)));
        } catch (IllegalArgumentException ex) {
          saved += save(s, store, rows, line - 1);
          throw CliException.usage("FILE " + file + " line " + line + ": " + ex.getMessage() + " (" + saved + " rows before it"
              + " were saved, nothing from it on; fix it and resume with --from-line " + line + ")");
        }
        if (rows.size() == batch) {
          saved += save(s, store, rows, line);
        }
      }
      saved += save(s, store, rows, line);
      cli.out.println(e.name() + ": " + saved + " rows imported");
    } catch (IOException ex) {
      throw new CliException(ExitCodes.FILE, "FILE " + file + ": " + ex.getMessage(), ex);
    }
  }

  private long save(Session s, io.strata.repository.EntityStore<Object[]> store, List<Object[]> rows, long line) {
    if (rows.isEmpty()) {
      return 0;
    }
    List<Object[]> batchRows = List.copyOf(rows);
    s.db().run(tr -> store.saveAll(tr, batchRows).join());
    rows.clear();
    cli.err.println("saved through line " + line + "; to resume: --from-line " + (line + 1));
    return batchRows.size();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object(String text, long line) {
    Object json = Json.parse(text, "FILE " + file + " line " + line);
    if (!(json instanceof Map<?, ?>)) {
      throw new IllegalArgumentException("expected a JSON object (one row), found " + text);
    }
    return (Map<String, Object>) json;
  }
}

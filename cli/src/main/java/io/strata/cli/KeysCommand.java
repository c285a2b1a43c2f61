package io.strata.cli;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code strata keys [prefix...]}: keys and values decoded as tuples and named by what they are. */
@Command(name = "keys", description = "Lists keys in order, decoded as tuples and named (row, index, blob, feed, bookkeeping,"
    + " other) with their values. The prefix is tuple elements below the root: strings, or integers written as numbers"
    + " (e.g. keys Place I population).")
final class KeysCommand implements Runnable {
  @ParentCommand
  StrataCli cli;

  @Parameters(paramLabel = "PREFIX", arity = "0..*", description = "tuple elements every listed key starts with")
  List<String> prefix = new ArrayList<>();

  @Option(names = "--limit", paramLabel = "N", defaultValue = "100", description = "at most this many keys (default ${DEFAULT-VALUE}; 0: all)")
  int limit;

  @Override
  public void run() {
    if (limit < 0) {
      throw CliException.usage("--limit " + limit + ": give 0 (every key) or a positive number of keys");
    }
    try (Session s = cli.open(false)) {
      byte[] root = s.db().root().getKey();
      Tuple elements = new Tuple();
      for (String p : prefix) {
        elements = p.matches("-?\\d{1,18}") ? elements.add(Long.parseLong(p)) : elements.add(p);
      }
      Range range = prefix.isEmpty() ? KeyPages.all(s.db()) : Range.startsWith(ByteArrayUtil.join(root, elements.pack()));
      KeyNames names = new KeyNames(root, s.schemas().entities().keySet());
      long[] shown = {0};
      KeyPages.forEach(s.db(), range, kv -> {
        if (limit > 0 && shown[0] == limit) {
          cli.err.println("(more keys follow: raise --limit, or give a longer prefix)");
          return false;
        }
        KeyNames.Named n = names.name(kv.getKey());
        String key = n.tuple() == null ? ByteArrayUtil.printable(kv.getKey()) : n.tuple().toString();
        cli.out.println(n.kind() + (n.entity().isEmpty() ? "" : " " + n.entity()) + "\t" + key + " = " + KeyNames.value(n, kv.getValue()));
        shown[0]++;
        return true;
      });
    }
  }
}

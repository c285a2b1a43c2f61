package io.strata.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The hand-written baseline of RepositoryBenchmark must do the same work as the generated repository. */
class HandWrittenCustomersTest {
  private final Database db = EmbeddedFdb.open();
  private final Subspace genRoot = new Subspace(Tuple.from("gen"));
  private final Subspace handRoot = new Subspace(Tuple.from("hand"));
  private final CustomerRepository generated = new CustomerRepository(db, genRoot);
  private final HandWrittenCustomers handWritten = new HandWrittenCustomers(db, handRoot);

  /** Compared under the entity: the generated repository's index-state key beside it is written once, not per save. */
  @Test
  void handWrittenSavesWriteExactlyTheKeysAndValuesOfTheGeneratedRepository() {
    for (Customer c : List.of(new Customer("a", "Oslo", 30, "Ann"), new Customer("b", "Oslo", 41, "Bo"),
        new Customer("a", "Rome", 31, "Ann"))) {
      generated.save(c);
      handWritten.save(c);
    }
    assertEquals(contents(genRoot.get("Customer")), contents(handRoot.get("Customer")));
  }

  @Test
  void handWrittenReadsReturnWhatTheGeneratedRepositoryReturns() {
    Customer c = new Customer("c", "Lima", 52, "Cy");
    generated.save(c);
    handWritten.save(c);
    assertEquals(generated.findById("c"), handWritten.findById("c"));
    assertEquals(Optional.of(c), handWritten.findById("c"));
    assertEquals(generated.findByCity("Lima"), handWritten.findByCity("Lima"));
  }

  private Map<Tuple, Tuple> contents(Subspace root) {
    Map<Tuple, Tuple> out = new TreeMap<>();
    for (KeyValue kv : db.read(tr -> tr.getRange(root.range()).asList().join())) {
      out.put(root.unpack(kv.getKey()), Tuple.from((Object) kv.getValue()));
    }
    return out;
  }
}

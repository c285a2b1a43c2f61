package io.strata.index.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.EmbeddedFdb;
import io.strata.index.AfterCommit;
import io.strata.index.vector.VectorContract.Doc;
import io.strata.query.CandidateReads;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which writes keep {@link AfterCommit}'s bookkeeping: the own-transaction writes of an entity whose index asks work
 * after its commit (an {@code @Embedding}'s), through {@link EntityStore#run} and Jakarta Data's
 * {@link CandidateReads#write}; an entity with no such index commits with none (no registration in the map every
 * write of the process shares), and a caller's transaction never has one.
 */
class AfterCommitRegistrationTest {
  private Database db;

  @BeforeEach
  void open() {
    db = EmbeddedFdb.open();
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void onlyAnEntityWhoseIndexAsksWorkAfterItsCommitRegistersItsOwnWrites() {
    EntityStore<Doc> vectors = VectorContract.store(Metric.COSINE, List.of(), true);
    EntityStore<Doc> plain = EntityStore.builder(new VectorContract.DocCodec(), new Subspace(Tuple.from("plain")))
        .ids(Elements::toLong).build();
    List<Boolean> registered = new ArrayList<>();
    vectors.run(db, tr -> registered.add(AfterCommit.of(tr) != null));
    plain.run(db, tr -> registered.add(AfterCommit.of(tr) != null));
    vectors.runAsync(db, tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null))).join();
    plain.runAsync(db, tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null))).join();
    new CandidateReads<>(db, vectors, e -> e).write(tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null)));
    new CandidateReads<>(db, plain, e -> e).write(tr -> CompletableFuture.completedFuture(registered.add(AfterCommit.of(tr) != null)));
    db.run(tr -> vectors.run(tr, inner -> registered.add(AfterCommit.of(inner) != null)));
    assertEquals(List.of(true, false, true, false, true, false, false), registered,
        "vectors, plain: run, runAsync, a Jakarta write; then a caller's transaction");
  }
}

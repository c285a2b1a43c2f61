package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.Scored;
import io.strata.StrataDb;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.query.Matches;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * The {@link Docs} planned at compile time onto the indexes of {@link Doc}: each method's javadoc
 * says which keys it reads. Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class DocsImpl implements Docs {
  private final Database db;

  private final EntityStore<Doc> store;

  private final VectorQueries<Doc> vectors;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public DocsImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Queries whose keys start at the root of the key space (empty prefix).
   */
  public DocsImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Queries whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public DocsImpl(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(DocCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .index("category", "category")
          .packed()
          .derived(new VectorDefinition("vector", "vector", 96, Metric.COSINE, List.of("category")))
          .ids(v -> v == null ? 0 : Elements.toLong(v))
          .build();
    this.vectors = new VectorQueries<>(store);
  }

  @Override
  public void save(Doc entity) {
    Blocking.call(() -> db.run(tr -> store.save(tr, entity).join()));
  }

  @Override
  public void saveAll(Iterable<? extends Doc> entities) {
    Blocking.call(() -> db.run(tr -> store.saveAll(tr, entities).join()));
  }

  @Override
  public Optional<Doc> findById(Long id) {
    return Blocking.call(() -> db.read(tr -> store.load(tr, id).join()));
  }

  @Override
  public List<Doc> findAllById(Iterable<Long> ids) {
    return Blocking.call(() -> db.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
  }

  @Override
  public boolean existsById(Long id) {
    return Blocking.call(() -> db.read(tr -> store.exists(tr, id).join()));
  }

  @Override
  public boolean deleteById(Long id) {
    return Blocking.call(() -> db.run(tr -> store.delete(tr, id).join()));
  }

  @Override
  public long count() {
    return Blocking.call(() -> db.read(tr -> store.count(tr).join()));
  }

  @Override
  public Page<Doc> findAll(int limit, Continuation after) {
    return Blocking.call(() -> db.read(tr -> store.scan(tr, limit, after).join()));
  }

  /**
   * The {@code 10} entities whose {@code vector} is nearest {@code query}, nearest first
   * (fewer when fewer match).
   *
   * <p>Plan: searches vector index {@code vector} (COSINE, 96 dimensions) for the {@code 10} entities nearest {@code query}, nearest first, in the one group {@code category = category}; then reads the row of each candidate, concurrently.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public List<Doc> findTop10ByCategoryAndVectorNear(String category, float[] query) {
    return Blocking.call(() -> db.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, 10, VectorQueries.DEFAULT_CANDIDATES, e -> true).thenApply(rs -> Elements.map(rs, Scored::entity)).join()));
  }

  /**
   * The {@code 10} entities whose {@code vector} is nearest {@code query}, each with its distance, nearest first
   * (fewer when fewer match).
   *
   * <p>Plan: searches vector index {@code vector} (COSINE, 96 dimensions) for the {@code 10} entities nearest {@code query}, nearest first, in the one group {@code category = category}, checking {@code year} on each candidate (the search widens, within a bound, until enough pass); then reads the row of each candidate, concurrently.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public List<Scored<Doc>> findTop10ByCategoryAndYearGreaterThanAndVectorNear(String category,
      int after, float[] query, int candidates) {
    return Blocking.call(() -> db.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, 10, candidates, e -> Matches.greaterThan((long) e.year(), (long) after, false)).join()));
  }
}

package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.Page;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.Scored;
import io.strata.StrataDb;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.observation.RepositoryCalls;
import io.strata.query.Matches;
import io.strata.query.RuntimeQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.query.model.VectorInfo;
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
 * says which keys it reads. Run-time queries ({@code where}, {@code jdql}) are planned onto the same indexes.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class DocsImpl implements Docs, Queryable<Doc> {
  private static final EntityInfo ENTITY = new EntityInfo("Doc", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("category", ValueKind.STRING, false, false),
      new FieldInfo("title", ValueKind.STRING, false, false),
      new FieldInfo("year", ValueKind.INT, false, true),
      new FieldInfo("vector", ValueKind.VECTOR, false, false)), List.of(new IndexInfo("category", List.of("category"), false, false, false)), List.of(), List.of(), List.of(new VectorInfo("vector", 96, "COSINE", List.of("category"))));

  private final Database db;

  private final EntityStore<Doc> store;

  private final VectorQueries<Doc> vectors;

  private final RuntimeQueries<Doc> queries;

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
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Doc.id, _Doc.category,
        _Doc.title, _Doc.year, _Doc.vector), Semantics.STRATA, ValueOrder.KEYS);
    this.vectors = new VectorQueries<>(store);
  }

  @Override
  public void save(Doc entity) {
    RepositoryCalls.observeVoid(db, "Doc", "Docs.save", "write", () -> {
      Blocking.call(() -> store.run(db, tr -> store.save(tr, entity).join()));
    });
  }

  @Override
  public void saveAll(Iterable<? extends Doc> entities) {
    RepositoryCalls.observeVoid(db, "Doc", "Docs.saveAll", "write", () -> {
      Blocking.call(() -> store.run(db, tr -> store.saveAll(tr, entities).join()));
    });
  }

  @Override
  public Optional<Doc> findById(Long id) {
    return RepositoryCalls.observe(db, "Doc", "Docs.findById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.load(tr, id).join()));
    });
  }

  @Override
  public List<Doc> findAllById(Iterable<Long> ids) {
    return RepositoryCalls.observe(db, "Doc", "Docs.findAllById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  @Override
  public boolean existsById(Long id) {
    return RepositoryCalls.observe(db, "Doc", "Docs.existsById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.exists(tr, id).join()));
    });
  }

  @Override
  public boolean deleteById(Long id) {
    return RepositoryCalls.observe(db, "Doc", "Docs.deleteById", "write", () -> {
      return Blocking.call(() -> db.run(tr -> store.delete(tr, id).join()));
    });
  }

  @Override
  public long count() {
    return RepositoryCalls.observe(db, "Doc", "Docs.count", "AggregateRead", () -> {
      return Blocking.call(() -> db.read(tr -> store.count(tr).join()));
    });
  }

  @Override
  public Page<Doc> findAll(int limit, Continuation after) {
    return RepositoryCalls.observe(db, "Doc", "Docs.findAll", "AllRows", () -> {
      return Blocking.call(() -> db.read(tr -> store.scan(tr, limit, after).join()));
    });
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
    return RepositoryCalls.observe(db, "Doc", "Docs.findTop10ByCategoryAndVectorNear", "VectorRead", () -> {
      return Blocking.call(() -> db.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, 10, VectorQueries.DEFAULT_CANDIDATES, e -> true).thenApply(rs -> Elements.map(rs, Scored::entity)).join()));
    });
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
    return RepositoryCalls.observe(db, "Doc", "Docs.findTop10ByCategoryAndYearGreaterThanAndVectorNear", "VectorRead", () -> {
      return Blocking.call(() -> db.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, 10, candidates, e -> Matches.greaterThan((long) e.year(), (long) after, false)).join()));
    });
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Doc}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  @Override
  public Finder<Doc> where(Restriction<Doc> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  @Override
  public Finder<Doc> jdql(String query) {
    return queries.jdql(query);
  }
}

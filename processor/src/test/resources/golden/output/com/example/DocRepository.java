package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.IndexReport;
import io.strata.Page;
import io.strata.Restriction;
import io.strata.Scored;
import io.strata.StrataDb;
import io.strata.index.IndexMaintenance;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.observation.RepositoryCalls;
import io.strata.query.IndexQueries;
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
import java.util.concurrent.CompletableFuture;
import javax.annotation.processing.Generated;

/**
 * Stores {@link Doc} entities under {@code ("Doc", ...)} in FoundationDB: rows {@code ("Doc", "R", id, field)},
 * the count's shards {@code ("Doc", "#", shard)} and index entries under {@code ("Doc", "I"/"U", name, ...)}. Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class DocRepository {
  private static final EntityInfo ENTITY = new EntityInfo("Doc", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("category", ValueKind.STRING, false, false),
      new FieldInfo("title", ValueKind.STRING, false, false),
      new FieldInfo("year", ValueKind.INT, false, true),
      new FieldInfo("vector", ValueKind.VECTOR, false, false)), List.of(new IndexInfo("category", List.of("category"), false, false, false)), List.of(), List.of(), List.of(new VectorInfo("vector", 96, "COSINE", List.of("category"))));

  private final Database db;

  private final EntityStore<Doc> store;

  private final IndexQueries<Doc> indexes;

  private final VectorQueries<Doc> vectors;

  private final RuntimeQueries<Doc> queries;

  private final Async async = new Async();

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public DocRepository(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * A repository whose keys start at the root of the key space (empty prefix).
   */
  public DocRepository(Database db) {
    this(db, new Subspace());
  }

  /**
   * A repository whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public DocRepository(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(DocCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .index("category", "category")
          .packed()
          .derived(new VectorDefinition("vector", "vector", 96, Metric.COSINE, List.of("category")))
          .ids(v -> v == null ? 0 : Elements.toLong(v))
          .build();
    this.indexes = new IndexQueries<>(store);
    this.vectors = new VectorQueries<>(store);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Doc.id, _Doc.category,
        _Doc.title, _Doc.year, _Doc.vector), Semantics.STRATA, ValueOrder.KEYS);
  }

  /**
   * The same operations returning {@link CompletableFuture}s, for non-blocking callers.
   */
  public Async async() {
    return async;
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Doc", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Doc", "#", shard)} on insert.
   * When it commits its own transaction (a {@code Database}, not a caller's {@code Transaction}), the
   * partitions of the vector index it took over their maximum are split, each in a transaction of its own, before it
   * returns; in a caller's transaction the next insert into such a partition splits it.
   * <p>Runs in its own transaction, retried on conflicts.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(Doc entity) {
    save(db, entity);
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Doc", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Doc", "#", shard)} on insert.
   * When it commits its own transaction (a {@code Database}, not a caller's {@code Transaction}), the
   * partitions of the vector index it took over their maximum are split, each in a transaction of its own, before it
   * returns; in a caller's transaction the next insert into such a partition splits it.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(TransactionContext tc, Doc entity) {
    RepositoryCalls.observeVoid(tc, "Doc", "DocRepository.save", "write", () -> {
      Blocking.call(() -> store.run(tc, tr -> store.save(tr, entity).join()));
    });
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Doc)}).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public void saveAll(Iterable<? extends Doc> entities) {
    saveAll(db, entities);
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Doc)}).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public void saveAll(TransactionContext tc, Iterable<? extends Doc> entities) {
    RepositoryCalls.observeVoid(tc, "Doc", "DocRepository.saveAll", "write", () -> {
      Blocking.call(() -> store.run(tc, tr -> store.saveAll(tr, entities).join()));
    });
  }

  /**
   * The entity with this id: one range read of {@code ("Doc", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Optional<Doc> findById(long id) {
    return findById(db, id);
  }

  /**
   * The entity with this id: one range read of {@code ("Doc", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Optional<Doc> findById(ReadTransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.load(tr, id).join()));
    });
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Doc> findAllById(Iterable<Long> ids) {
    return findAllById(db, ids);
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Doc> findAllById(ReadTransactionContext tc, Iterable<Long> ids) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findAllById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Doc", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean deleteById(long id) {
    return deleteById(db, id);
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Doc", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean deleteById(TransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.deleteById", "write", () -> {
      return Blocking.call(() -> tc.run(tr -> store.delete(tr, id).join()));
    });
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Doc", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean existsById(long id) {
    return existsById(db, id);
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Doc", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean existsById(ReadTransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.existsById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.exists(tr, id).join()));
    });
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Doc", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long count() {
    return count(db);
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Doc", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long count(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.count", "AggregateRead", () -> {
      return Blocking.call(() -> tc.read(tr -> store.count(tr).join()));
    });
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Doc> findAll(int limit, Continuation after) {
    return findAll(db, limit, after);
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Doc> findAll(ReadTransactionContext tc, int limit, Continuation after) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findAll", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.scan(tr, limit, after).join()));
    });
  }

  /**
   * The entities whose {@code category} equal the given values, in index order; found through {@code ("Doc", "I", "category", category, id)}, rows read concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Doc> findByCategory(String category) {
    return findByCategory(db, category);
  }

  /**
   * The entities whose {@code category} equal the given values, in index order; found through {@code ("Doc", "I", "category", category, id)}, rows read concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Doc> findByCategory(ReadTransactionContext tc, String category) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findByCategory", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.find(tr, "category", Elements.values(category)).join()));
    });
  }

  /**
   * The ids of the entities whose {@code category} equal the given values: index keys only, no row reads.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Long> findIdsByCategory(String category) {
    return findIdsByCategory(db, category);
  }

  /**
   * The ids of the entities whose {@code category} equal the given values: index keys only, no row reads.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Long> findIdsByCategory(ReadTransactionContext tc, String category) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findIdsByCategory", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.ids(tr, "category", Elements.values(category)).thenApply(ids -> Elements.map(ids, v -> v == null ? 0 : Elements.toLong(v))).join()));
    });
  }

  /**
   * One page of the entities whose {@code category} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Doc> findByCategory(String category, int limit, Continuation after) {
    return findByCategory(db, category, limit, after);
  }

  /**
   * One page of the entities whose {@code category} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Doc> findByCategory(ReadTransactionContext tc, String category, int limit,
      Continuation after) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findByCategory", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.page(tr, "category", Elements.values(category), limit, after).join()));
    });
  }

  /**
   * How many entities have {@code category} equal the given values (reads index keys).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long countByCategory(String category) {
    return countByCategory(db, category);
  }

  /**
   * How many entities have {@code category} equal the given values (reads index keys).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long countByCategory(ReadTransactionContext tc, String category) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.countByCategory", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.count(tr, "category", Elements.values(category)).join()));
    });
  }

  /**
   * The entities whose {@code category} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Doc> findByCategoryBetween(String from, String toExclusive) {
    return findByCategoryBetween(db, from, toExclusive);
  }

  /**
   * The entities whose {@code category} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Doc> findByCategoryBetween(ReadTransactionContext tc, String from,
      String toExclusive) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.findByCategoryBetween", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.between(tr, "category", Elements.values(from), Elements.values(toExclusive)).join()));
    });
  }

  /**
   * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
   * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
   * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
   * Explores {@code VectorQueries.DEFAULT_CANDIDATES} candidates.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Scored<Doc>> nearestVector(String category, float[] query, int k) {
    return nearestVector(db, category, query, k);
  }

  /**
   * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
   * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
   * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
   * Explores {@code VectorQueries.DEFAULT_CANDIDATES} candidates.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Scored<Doc>> nearestVector(ReadTransactionContext tc, String category, float[] query,
      int k) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.nearestVector", "VectorRead", () -> {
      return Blocking.call(() -> tc.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, k).join()));
    });
  }

  /**
   * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
   * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
   * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
   * Explores {@code candidates} candidates: more finds closer neighbours and reads more.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Scored<Doc>> nearestVector(String category, float[] query, int k, int candidates) {
    return nearestVector(db, category, query, k, candidates);
  }

  /**
   * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
   * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
   * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
   * Explores {@code candidates} candidates: more finds closer neighbours and reads more.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Scored<Doc>> nearestVector(ReadTransactionContext tc, String category, float[] query,
      int k, int candidates) {
    return RepositoryCalls.observe(tc, "Doc", "DocRepository.nearestVector", "VectorRead", () -> {
      return Blocking.call(() -> tc.read(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, k, candidates, e -> true).join()));
    });
  }

  /**
   * Checks every index entry against its row and every row against its entries, in short read
   * transactions of at most 1,000 rows or entries each; safe on live data of any size.
   */
  public IndexReport verifyIndexes() {
    return verifyIndexes(db);
  }

  /**
   * {@link #verifyIndexes()} through {@code tc} (each batch is one read in {@code tc}).
   */
  public IndexReport verifyIndexes(ReadTransactionContext tc) {
    return Blocking.call(() -> store.verifyIndexes(tc, 1_000));
  }

  /**
   * Index states and online builds: an index added to an entity that already has data is
   * built with {@code maintenance().build(name)} in short transactions while writes continue;
   * until then queries on it fail with {@link io.strata.IndexNotReadyException}. Reads and
   * writes {@code ("__strata", "index", "Doc")} and, while building, rows and index entries.
   */
  public IndexMaintenance<Doc> maintenance() {
    return store.maintenance(db);
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Doc}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  public Finder<Doc> where(Restriction<Doc> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  public Finder<Doc> jdql(String query) {
    return queries.jdql(query);
  }

  /**
   * Asynchronous operations of {@link DocRepository}; obtain with {@link DocRepository#async()}.
   */
  public final class Async {
    private Async() {
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Doc", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Doc", "#", shard)} on insert.
     * When it commits its own transaction (a {@code Database}, not a caller's {@code Transaction}), the
     * partitions of the vector index it took over their maximum are split, each in a transaction of its own, before it
     * returns; in a caller's transaction the next insert into such a partition splits it.
     * <p>Runs in its own transaction, retried on conflicts.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(Doc entity) {
      return save(db, entity);
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Doc", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Doc", "#", shard)} on insert.
     * When it commits its own transaction (a {@code Database}, not a caller's {@code Transaction}), the
     * partitions of the vector index it took over their maximum are split, each in a transaction of its own, before it
     * returns; in a caller's transaction the next insert into such a partition splits it.
     * <p>Runs inside {@code tc}.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(TransactionContext tc, Doc entity) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.save", "write", () -> {
        return store.runAsync(tc, tr -> store.save(tr, entity));
      });
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Doc)}).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Void> saveAll(Iterable<? extends Doc> entities) {
      return saveAll(db, entities);
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Doc)}).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Void> saveAll(TransactionContext tc,
        Iterable<? extends Doc> entities) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.saveAll", "write", () -> {
        return store.runAsync(tc, tr -> store.saveAll(tr, entities));
      });
    }

    /**
     * The entity with this id: one range read of {@code ("Doc", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Optional<Doc>> findById(long id) {
      return findById(db, id);
    }

    /**
     * The entity with this id: one range read of {@code ("Doc", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Optional<Doc>> findById(ReadTransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findById", "ById", () -> {
        return tc.readAsync(tr -> store.load(tr, id));
      });
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Doc>> findAllById(Iterable<Long> ids) {
      return findAllById(db, ids);
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Doc>> findAllById(ReadTransactionContext tc, Iterable<Long> ids) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findAllById", "ById", () -> {
        return tc.readAsync(tr -> store.loadAll(tr, Elements.map(ids, id -> id)));
      });
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Doc", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> deleteById(long id) {
      return deleteById(db, id);
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Doc", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> deleteById(TransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.deleteById", "write", () -> {
        return tc.runAsync(tr -> store.delete(tr, id));
      });
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Doc", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> existsById(long id) {
      return existsById(db, id);
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Doc", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> existsById(ReadTransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.existsById", "ById", () -> {
        return tc.readAsync(tr -> store.exists(tr, id));
      });
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Doc", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> count() {
      return count(db);
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Doc", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> count(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.count", "AggregateRead", () -> {
        return tc.readAsync(tr -> store.count(tr));
      });
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Doc>> findAll(int limit, Continuation after) {
      return findAll(db, limit, after);
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Doc>> findAll(ReadTransactionContext tc, int limit,
        Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findAll", "AllRows", () -> {
        return tc.readAsync(tr -> store.scan(tr, limit, after));
      });
    }

    /**
     * The entities whose {@code category} equal the given values, in index order; found through {@code ("Doc", "I", "category", category, id)}, rows read concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Doc>> findByCategory(String category) {
      return findByCategory(db, category);
    }

    /**
     * The entities whose {@code category} equal the given values, in index order; found through {@code ("Doc", "I", "category", category, id)}, rows read concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Doc>> findByCategory(ReadTransactionContext tc, String category) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findByCategory", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.find(tr, "category", Elements.values(category)));
      });
    }

    /**
     * The ids of the entities whose {@code category} equal the given values: index keys only, no row reads.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Long>> findIdsByCategory(String category) {
      return findIdsByCategory(db, category);
    }

    /**
     * The ids of the entities whose {@code category} equal the given values: index keys only, no row reads.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Long>> findIdsByCategory(ReadTransactionContext tc,
        String category) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findIdsByCategory", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.ids(tr, "category", Elements.values(category)).thenApply(ids -> Elements.map(ids, v -> v == null ? 0 : Elements.toLong(v))));
      });
    }

    /**
     * One page of the entities whose {@code category} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Doc>> findByCategory(String category, int limit,
        Continuation after) {
      return findByCategory(db, category, limit, after);
    }

    /**
     * One page of the entities whose {@code category} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Doc>> findByCategory(ReadTransactionContext tc, String category,
        int limit, Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findByCategory", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.page(tr, "category", Elements.values(category), limit, after));
      });
    }

    /**
     * How many entities have {@code category} equal the given values (reads index keys).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> countByCategory(String category) {
      return countByCategory(db, category);
    }

    /**
     * How many entities have {@code category} equal the given values (reads index keys).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> countByCategory(ReadTransactionContext tc, String category) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.countByCategory", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.count(tr, "category", Elements.values(category)));
      });
    }

    /**
     * The entities whose {@code category} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Doc>> findByCategoryBetween(String from, String toExclusive) {
      return findByCategoryBetween(db, from, toExclusive);
    }

    /**
     * The entities whose {@code category} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Doc>> findByCategoryBetween(ReadTransactionContext tc,
        String from, String toExclusive) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.findByCategoryBetween", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.between(tr, "category", Elements.values(from), Elements.values(toExclusive)));
      });
    }

    /**
     * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
     * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
     * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
     * Explores {@code VectorQueries.DEFAULT_CANDIDATES} candidates.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Scored<Doc>>> nearestVector(String category, float[] query,
        int k) {
      return nearestVector(db, category, query, k);
    }

    /**
     * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
     * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
     * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
     * Explores {@code VectorQueries.DEFAULT_CANDIDATES} candidates.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Scored<Doc>>> nearestVector(ReadTransactionContext tc,
        String category, float[] query, int k) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.nearestVector", "VectorRead", () -> {
        return tc.readAsync(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, k));
      });
    }

    /**
     * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
     * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
     * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
     * Explores {@code candidates} candidates: more finds closer neighbours and reads more.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Scored<Doc>>> nearestVector(String category, float[] query, int k,
        int candidates) {
      return nearestVector(db, category, query, k, candidates);
    }

    /**
     * The {@code k} entities with the given {@code category} whose {@code vector} is nearest to {@code query}
     * (cosine distance, 96 dimensions), nearest first, each with its distance; fewer when fewer have one.
     * Reads the vector index {@code ("Doc", "N", "vector", category, ...)}, then the rows of the candidates.
     * Explores {@code candidates} candidates: more finds closer neighbours and reads more.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Scored<Doc>>> nearestVector(ReadTransactionContext tc,
        String category, float[] query, int k, int candidates) {
      return RepositoryCalls.observeAsync(tc, "Doc", "DocRepository.Async.nearestVector", "VectorRead", () -> {
        return tc.readAsync(tr -> vectors.nearest(tr, "vector", Elements.values(category), query, k, candidates, e -> true));
      });
    }
  }
}

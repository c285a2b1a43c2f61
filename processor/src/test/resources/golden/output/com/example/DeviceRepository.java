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
import io.strata.StrataDb;
import io.strata.index.IndexMaintenance;
import io.strata.observation.RepositoryCalls;
import io.strata.query.IndexQueries;
import io.strata.query.RuntimeQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.annotation.processing.Generated;

/**
 * Stores {@link Device} entities under {@code ("Device", ...)} in FoundationDB: rows {@code ("Device", "R", id, field)},
 * the count's shards {@code ("Device", "#", shard)} and index entries under {@code ("Device", "I"/"U", name, ...)}. Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class DeviceRepository {
  private static final EntityInfo ENTITY = new EntityInfo("Device", List.of(new FieldInfo("serial", ValueKind.LONG, true, true),
      new FieldInfo("owner", ValueKind.STRING, false, false),
      new FieldInfo("battery", ValueKind.DOUBLE, false, false),
      new FieldInfo("online", ValueKind.BOOLEAN, false, true)), List.of(new IndexInfo("owner", List.of("owner"), false, false, false)), List.of(), List.of());

  private final Database db;

  private final EntityStore<Device> store;

  private final IndexQueries<Device> indexes;

  private final RuntimeQueries<Device> queries;

  private final Async async = new Async();

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public DeviceRepository(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * A repository whose keys start at the root of the key space (empty prefix).
   */
  public DeviceRepository(Database db) {
    this(db, new Subspace());
  }

  /**
   * A repository whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public DeviceRepository(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(DeviceCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .index("owner", "owner")
          .columnMajor()
          .ids(v -> v == null ? 0 : Elements.toLong(v))
          .build();
    this.indexes = new IndexQueries<>(store);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Device.serial, _Device.owner,
        _Device.battery, _Device.online), Semantics.STRATA, ValueOrder.KEYS);
  }

  /**
   * The same operations returning {@link CompletableFuture}s, for non-blocking callers.
   */
  public Async async() {
    return async;
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Device", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Device", "#", shard)} on insert.
   * <p>Runs in its own transaction, retried on conflicts.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(Device entity) {
    save(db, entity);
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Device", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Device", "#", shard)} on insert.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(TransactionContext tc, Device entity) {
    RepositoryCalls.observeVoid(tc, "Device", "DeviceRepository.save", "write", () -> {
      Blocking.call(() -> tc.run(tr -> store.save(tr, entity).join()));
    });
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Device)}).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public void saveAll(Iterable<? extends Device> entities) {
    saveAll(db, entities);
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Device)}).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public void saveAll(TransactionContext tc, Iterable<? extends Device> entities) {
    RepositoryCalls.observeVoid(tc, "Device", "DeviceRepository.saveAll", "write", () -> {
      Blocking.call(() -> tc.run(tr -> store.saveAll(tr, entities).join()));
    });
  }

  /**
   * The entity with this id: one range read of {@code ("Device", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Optional<Device> findById(long id) {
    return findById(db, id);
  }

  /**
   * The entity with this id: one range read of {@code ("Device", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Optional<Device> findById(ReadTransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.load(tr, id).join()));
    });
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Device> findAllById(Iterable<Long> ids) {
    return findAllById(db, ids);
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Device> findAllById(ReadTransactionContext tc, Iterable<Long> ids) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findAllById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Device", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean deleteById(long id) {
    return deleteById(db, id);
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Device", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean deleteById(TransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.deleteById", "write", () -> {
      return Blocking.call(() -> tc.run(tr -> store.delete(tr, id).join()));
    });
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Device", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean existsById(long id) {
    return existsById(db, id);
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Device", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean existsById(ReadTransactionContext tc, long id) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.existsById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.exists(tr, id).join()));
    });
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Device", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long count() {
    return count(db);
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Device", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long count(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.count", "AggregateRead", () -> {
      return Blocking.call(() -> tc.read(tr -> store.count(tr).join()));
    });
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Device> findAll(int limit, Continuation after) {
    return findAll(db, limit, after);
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Device> findAll(ReadTransactionContext tc, int limit, Continuation after) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findAll", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.scan(tr, limit, after).join()));
    });
  }

  /**
   * Every entity's {@code owner} by id: one range read of the column copy {@code ("Device", "C", "owner")}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Map<Long, String> findColumnOwner() {
    return findColumnOwner(db);
  }

  /**
   * Every entity's {@code owner} by id: one range read of the column copy {@code ("Device", "C", "owner")}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Map<Long, String> findColumnOwner(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findColumnOwner", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.column(tr, "owner").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? null : Elements.toStr(v))).join()));
    });
  }

  /**
   * Every entity's {@code battery} by id: one range read of the column copy {@code ("Device", "C", "battery")}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Map<Long, Double> findColumnBattery() {
    return findColumnBattery(db);
  }

  /**
   * Every entity's {@code battery} by id: one range read of the column copy {@code ("Device", "C", "battery")}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Map<Long, Double> findColumnBattery(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findColumnBattery", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.column(tr, "battery").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? null : Elements.toDouble(v))).join()));
    });
  }

  /**
   * Every entity's {@code online} by id: one range read of the column copy {@code ("Device", "C", "online")}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Map<Long, Boolean> findColumnOnline() {
    return findColumnOnline(db);
  }

  /**
   * Every entity's {@code online} by id: one range read of the column copy {@code ("Device", "C", "online")}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Map<Long, Boolean> findColumnOnline(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findColumnOnline", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.column(tr, "online").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? false : Elements.toBoolean(v))).join()));
    });
  }

  /**
   * The entities whose {@code owner} equal the given values, in index order; found through {@code ("Device", "I", "owner", owner, id)}, rows read concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Device> findByOwner(String owner) {
    return findByOwner(db, owner);
  }

  /**
   * The entities whose {@code owner} equal the given values, in index order; found through {@code ("Device", "I", "owner", owner, id)}, rows read concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Device> findByOwner(ReadTransactionContext tc, String owner) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findByOwner", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.find(tr, "owner", Elements.values(owner)).join()));
    });
  }

  /**
   * The ids of the entities whose {@code owner} equal the given values: index keys only, no row reads.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Long> findIdsByOwner(String owner) {
    return findIdsByOwner(db, owner);
  }

  /**
   * The ids of the entities whose {@code owner} equal the given values: index keys only, no row reads.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Long> findIdsByOwner(ReadTransactionContext tc, String owner) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findIdsByOwner", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.ids(tr, "owner", Elements.values(owner)).thenApply(ids -> Elements.map(ids, v -> v == null ? 0 : Elements.toLong(v))).join()));
    });
  }

  /**
   * One page of the entities whose {@code owner} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Device> findByOwner(String owner, int limit, Continuation after) {
    return findByOwner(db, owner, limit, after);
  }

  /**
   * One page of the entities whose {@code owner} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Device> findByOwner(ReadTransactionContext tc, String owner, int limit,
      Continuation after) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findByOwner", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.page(tr, "owner", Elements.values(owner), limit, after).join()));
    });
  }

  /**
   * How many entities have {@code owner} equal the given values (reads index keys).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long countByOwner(String owner) {
    return countByOwner(db, owner);
  }

  /**
   * How many entities have {@code owner} equal the given values (reads index keys).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long countByOwner(ReadTransactionContext tc, String owner) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.countByOwner", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.count(tr, "owner", Elements.values(owner)).join()));
    });
  }

  /**
   * The entities whose {@code owner} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Device> findByOwnerBetween(String from, String toExclusive) {
    return findByOwnerBetween(db, from, toExclusive);
  }

  /**
   * The entities whose {@code owner} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Device> findByOwnerBetween(ReadTransactionContext tc, String from,
      String toExclusive) {
    return RepositoryCalls.observe(tc, "Device", "DeviceRepository.findByOwnerBetween", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.between(tr, "owner", Elements.values(from), Elements.values(toExclusive)).join()));
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
   * writes {@code ("__strata", "index", "Device")} and, while building, rows and index entries.
   */
  public IndexMaintenance<Device> maintenance() {
    return store.maintenance(db);
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Device}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  public Finder<Device> where(Restriction<Device> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  public Finder<Device> jdql(String query) {
    return queries.jdql(query);
  }

  /**
   * Asynchronous operations of {@link DeviceRepository}; obtain with {@link DeviceRepository#async()}.
   */
  public final class Async {
    private Async() {
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Device", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Device", "#", shard)} on insert.
     * <p>Runs in its own transaction, retried on conflicts.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(Device entity) {
      return save(db, entity);
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Device", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Device", "#", shard)} on insert.
     * <p>Runs inside {@code tc}.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(TransactionContext tc, Device entity) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.save", "write", () -> {
        return tc.runAsync(tr -> store.save(tr, entity));
      });
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Device)}).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Void> saveAll(Iterable<? extends Device> entities) {
      return saveAll(db, entities);
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Device)}).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Void> saveAll(TransactionContext tc,
        Iterable<? extends Device> entities) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.saveAll", "write", () -> {
        return tc.runAsync(tr -> store.saveAll(tr, entities));
      });
    }

    /**
     * The entity with this id: one range read of {@code ("Device", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Optional<Device>> findById(long id) {
      return findById(db, id);
    }

    /**
     * The entity with this id: one range read of {@code ("Device", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Optional<Device>> findById(ReadTransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findById", "ById", () -> {
        return tc.readAsync(tr -> store.load(tr, id));
      });
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Device>> findAllById(Iterable<Long> ids) {
      return findAllById(db, ids);
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Device>> findAllById(ReadTransactionContext tc,
        Iterable<Long> ids) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findAllById", "ById", () -> {
        return tc.readAsync(tr -> store.loadAll(tr, Elements.map(ids, id -> id)));
      });
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Device", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> deleteById(long id) {
      return deleteById(db, id);
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Device", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> deleteById(TransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.deleteById", "write", () -> {
        return tc.runAsync(tr -> store.delete(tr, id));
      });
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Device", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> existsById(long id) {
      return existsById(db, id);
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Device", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> existsById(ReadTransactionContext tc, long id) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.existsById", "ById", () -> {
        return tc.readAsync(tr -> store.exists(tr, id));
      });
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Device", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> count() {
      return count(db);
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Device", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> count(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.count", "AggregateRead", () -> {
        return tc.readAsync(tr -> store.count(tr));
      });
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Device>> findAll(int limit, Continuation after) {
      return findAll(db, limit, after);
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Device>> findAll(ReadTransactionContext tc, int limit,
        Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findAll", "AllRows", () -> {
        return tc.readAsync(tr -> store.scan(tr, limit, after));
      });
    }

    /**
     * Every entity's {@code owner} by id: one range read of the column copy {@code ("Device", "C", "owner")}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Map<Long, String>> findColumnOwner() {
      return findColumnOwner(db);
    }

    /**
     * Every entity's {@code owner} by id: one range read of the column copy {@code ("Device", "C", "owner")}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Map<Long, String>> findColumnOwner(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findColumnOwner", "AllRows", () -> {
        return tc.readAsync(tr -> store.column(tr, "owner").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? null : Elements.toStr(v))));
      });
    }

    /**
     * Every entity's {@code battery} by id: one range read of the column copy {@code ("Device", "C", "battery")}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Map<Long, Double>> findColumnBattery() {
      return findColumnBattery(db);
    }

    /**
     * Every entity's {@code battery} by id: one range read of the column copy {@code ("Device", "C", "battery")}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Map<Long, Double>> findColumnBattery(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findColumnBattery", "AllRows", () -> {
        return tc.readAsync(tr -> store.column(tr, "battery").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? null : Elements.toDouble(v))));
      });
    }

    /**
     * Every entity's {@code online} by id: one range read of the column copy {@code ("Device", "C", "online")}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Map<Long, Boolean>> findColumnOnline() {
      return findColumnOnline(db);
    }

    /**
     * Every entity's {@code online} by id: one range read of the column copy {@code ("Device", "C", "online")}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Map<Long, Boolean>> findColumnOnline(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findColumnOnline", "AllRows", () -> {
        return tc.readAsync(tr -> store.column(tr, "online").thenApply(c -> Elements.mapColumn(c, k -> k == null ? 0 : Elements.toLong(k), v -> v == null ? false : Elements.toBoolean(v))));
      });
    }

    /**
     * The entities whose {@code owner} equal the given values, in index order; found through {@code ("Device", "I", "owner", owner, id)}, rows read concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Device>> findByOwner(String owner) {
      return findByOwner(db, owner);
    }

    /**
     * The entities whose {@code owner} equal the given values, in index order; found through {@code ("Device", "I", "owner", owner, id)}, rows read concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Device>> findByOwner(ReadTransactionContext tc, String owner) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findByOwner", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.find(tr, "owner", Elements.values(owner)));
      });
    }

    /**
     * The ids of the entities whose {@code owner} equal the given values: index keys only, no row reads.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Long>> findIdsByOwner(String owner) {
      return findIdsByOwner(db, owner);
    }

    /**
     * The ids of the entities whose {@code owner} equal the given values: index keys only, no row reads.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Long>> findIdsByOwner(ReadTransactionContext tc, String owner) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findIdsByOwner", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.ids(tr, "owner", Elements.values(owner)).thenApply(ids -> Elements.map(ids, v -> v == null ? 0 : Elements.toLong(v))));
      });
    }

    /**
     * One page of the entities whose {@code owner} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Device>> findByOwner(String owner, int limit,
        Continuation after) {
      return findByOwner(db, owner, limit, after);
    }

    /**
     * One page of the entities whose {@code owner} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Device>> findByOwner(ReadTransactionContext tc, String owner,
        int limit, Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findByOwner", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.page(tr, "owner", Elements.values(owner), limit, after));
      });
    }

    /**
     * How many entities have {@code owner} equal the given values (reads index keys).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> countByOwner(String owner) {
      return countByOwner(db, owner);
    }

    /**
     * How many entities have {@code owner} equal the given values (reads index keys).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> countByOwner(ReadTransactionContext tc, String owner) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.countByOwner", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.count(tr, "owner", Elements.values(owner)));
      });
    }

    /**
     * The entities whose {@code owner} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Device>> findByOwnerBetween(String from, String toExclusive) {
      return findByOwnerBetween(db, from, toExclusive);
    }

    /**
     * The entities whose {@code owner} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Device>> findByOwnerBetween(ReadTransactionContext tc,
        String from, String toExclusive) {
      return RepositoryCalls.observeAsync(tc, "Device", "DeviceRepository.Async.findByOwnerBetween", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.between(tr, "owner", Elements.values(from), Elements.values(toExclusive)));
      });
    }
  }
}

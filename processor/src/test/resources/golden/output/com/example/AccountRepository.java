package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.TransactionContext;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.GeoPoint;
import io.strata.IndexReport;
import io.strata.Page;
import io.strata.Restriction;
import io.strata.StrataDb;
import io.strata.index.IndexMaintenance;
import io.strata.observation.RepositoryCalls;
import io.strata.query.IndexQueries;
import io.strata.query.RuntimeQueries;
import io.strata.query.SpatialQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
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
 * Stores {@link Account} entities under {@code ("Acct", ...)} in FoundationDB: rows {@code ("Acct", "R", id, field)},
 * the count's shards {@code ("Acct", "#", shard)} and index entries under {@code ("Acct", "I"/"U", name, ...)}. Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class AccountRepository {
  private static final EntityInfo ENTITY = new EntityInfo("Acct", List.of(new FieldInfo("id", ValueKind.STRING, true, true),
      new FieldInfo("email", ValueKind.STRING, false, false),
      new FieldInfo("region", ValueKind.STRING, false, false),
      new FieldInfo("tier", ValueKind.INT, false, true),
      new FieldInfo("closedAt", ValueKind.INSTANT, false, false),
      new FieldInfo("tags", ValueKind.OTHER, false, false),
      new FieldInfo("office", ValueKind.GEO_POINT, false, false),
      new FieldInfo("address", ValueKind.OTHER, false, false)), List.of(new IndexInfo("email", List.of("email"), true, false, false),
      new IndexInfo("region", List.of("region"), false, true, false),
      new IndexInfo("byRegionTier", List.of("region",
      "tier"), false, false, true)), List.of(new SpatialInfo("office", true, 16)), List.of());

  private final Database db;

  private final EntityStore<Account> store;

  private final IndexQueries<Account> indexes;

  private final SpatialQueries<Account> spatial;

  private final RuntimeQueries<Account> queries;

  private final Async async = new Async();

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public AccountRepository(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * A repository whose keys start at the root of the key space (empty prefix).
   */
  public AccountRepository(Database db) {
    this(db, new Subspace());
  }

  /**
   * A repository whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public AccountRepository(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(AccountCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .uniqueIndex("email", "email")
          .coveringIndex("region", "region")
          .index("byRegionTier", "region", "tier")
          .geoSpatial("office", 16)
          .packed()
          .ids(v -> v == null ? null : Elements.toStr(v))
          .build();
    this.indexes = new IndexQueries<>(store);
    this.spatial = new SpatialQueries<>(store);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Account.id, _Account.email,
        _Account.region, _Account.tier, _Account.closedAt, _Account.tags, _Account.office,
        _Account.address), Semantics.STRATA, ValueOrder.KEYS);
  }

  /**
   * The same operations returning {@link CompletableFuture}s, for non-blocking callers.
   */
  public Async async() {
    return async;
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Acct", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Acct", "#", shard)} on insert.
   * <p>Runs in its own transaction, retried on conflicts.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(Account entity) {
    save(db, entity);
  }

  /**
   * Inserts or replaces {@code entity}. Reads its stored row {@code ("Acct", "R", id)} first, then writes one
   * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Acct", "#", shard)} on insert.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
   * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
   */
  public void save(TransactionContext tc, Account entity) {
    RepositoryCalls.observeVoid(tc, "Acct", "AccountRepository.save", "write", () -> {
      Blocking.call(() -> tc.run(tr -> store.save(tr, entity).join()));
    });
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Account)}).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public void saveAll(Iterable<? extends Account> entities) {
    saveAll(db, entities);
  }

  /**
   * Saves every entity in one transaction (see {@link #save(Account)}).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public void saveAll(TransactionContext tc, Iterable<? extends Account> entities) {
    RepositoryCalls.observeVoid(tc, "Acct", "AccountRepository.saveAll", "write", () -> {
      Blocking.call(() -> tc.run(tr -> store.saveAll(tr, entities).join()));
    });
  }

  /**
   * The entity with this id: one range read of {@code ("Acct", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Optional<Account> findById(String id) {
    return findById(db, id);
  }

  /**
   * The entity with this id: one range read of {@code ("Acct", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Optional<Account> findById(ReadTransactionContext tc, String id) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.load(tr, id).join()));
    });
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findAllById(Iterable<String> ids) {
    return findAllById(db, ids);
  }

  /**
   * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findAllById(ReadTransactionContext tc, Iterable<String> ids) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findAllById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Acct", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean deleteById(String id) {
    return deleteById(db, id);
  }

  /**
   * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Acct", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean deleteById(TransactionContext tc, String id) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.deleteById", "write", () -> {
      return Blocking.call(() -> tc.run(tr -> store.delete(tr, id).join()));
    });
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Acct", "R", id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public boolean existsById(String id) {
    return existsById(db, id);
  }

  /**
   * Whether the entity exists: a range read of at most one key under {@code ("Acct", "R", id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public boolean existsById(ReadTransactionContext tc, String id) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.existsById", "ById", () -> {
      return Blocking.call(() -> tc.read(tr -> store.exists(tr, id).join()));
    });
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Acct", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long count() {
    return count(db);
  }

  /**
   * The number of entities: the sum of the count's shards {@code ("Acct", "#", shard)}, each kept by atomic ADD,
   * read by one range read (no scan).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long count(ReadTransactionContext tc) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.count", "AggregateRead", () -> {
      return Blocking.call(() -> tc.read(tr -> store.count(tr).join()));
    });
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Account> findAll(int limit, Continuation after) {
    return findAll(db, limit, after);
  }

  /**
   * One page of all entities in id order. Pass the returned continuation to get the next page, in any
   * transaction or process; {@code after} may be null for the first page.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Account> findAll(ReadTransactionContext tc, int limit, Continuation after) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findAll", "AllRows", () -> {
      return Blocking.call(() -> tc.read(tr -> store.scan(tr, limit, after).join()));
    });
  }

  /**
   * The entity whose {@code email} equals the given value (unique index {@code email}): one read of {@code ("Acct", "U", "email", email)}, then the row.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Optional<Account> findByEmail(String email) {
    return findByEmail(db, email);
  }

  /**
   * The entity whose {@code email} equals the given value (unique index {@code email}): one read of {@code ("Acct", "U", "email", email)}, then the row.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Optional<Account> findByEmail(ReadTransactionContext tc, String email) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByEmail", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.unique(tr, "email", Elements.values(email)).join()));
    });
  }

  /**
   * The entities whose {@code region} equal the given values, in index order; read from the covering entries {@code ("Acct", "I", "region", region, id)} alone (no row reads).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByRegion(String region) {
    return findByRegion(db, region);
  }

  /**
   * The entities whose {@code region} equal the given values, in index order; read from the covering entries {@code ("Acct", "I", "region", region, id)} alone (no row reads).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByRegion(ReadTransactionContext tc, String region) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByRegion", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.find(tr, "region", Elements.values(region)).join()));
    });
  }

  /**
   * The ids of the entities whose {@code region} equal the given values: index keys only, no row reads.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<String> findIdsByRegion(String region) {
    return findIdsByRegion(db, region);
  }

  /**
   * The ids of the entities whose {@code region} equal the given values: index keys only, no row reads.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<String> findIdsByRegion(ReadTransactionContext tc, String region) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findIdsByRegion", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.ids(tr, "region", Elements.values(region)).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))).join()));
    });
  }

  /**
   * One page of the entities whose {@code region} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Account> findByRegion(String region, int limit, Continuation after) {
    return findByRegion(db, region, limit, after);
  }

  /**
   * One page of the entities whose {@code region} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Account> findByRegion(ReadTransactionContext tc, String region, int limit,
      Continuation after) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByRegion", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.page(tr, "region", Elements.values(region), limit, after).join()));
    });
  }

  /**
   * How many entities have {@code region} equal the given values (reads index keys).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long countByRegion(String region) {
    return countByRegion(db, region);
  }

  /**
   * How many entities have {@code region} equal the given values (reads index keys).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long countByRegion(ReadTransactionContext tc, String region) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.countByRegion", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.count(tr, "region", Elements.values(region)).join()));
    });
  }

  /**
   * The entities whose {@code region} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByRegionBetween(String from, String toExclusive) {
    return findByRegionBetween(db, from, toExclusive);
  }

  /**
   * The entities whose {@code region} is in {@code [from, toExclusive)}, in index order.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByRegionBetween(ReadTransactionContext tc, String from,
      String toExclusive) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByRegionBetween", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.between(tr, "region", Elements.values(from), Elements.values(toExclusive)).join()));
    });
  }

  /**
   * The entities whose {@code region, tier} equal the given values, in index order; found through {@code ("Acct", "I", "byRegionTier", region, tier, id)}, rows read concurrently.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByRegionAndTier(String region, int tier) {
    return findByRegionAndTier(db, region, tier);
  }

  /**
   * The entities whose {@code region, tier} equal the given values, in index order; found through {@code ("Acct", "I", "byRegionTier", region, tier, id)}, rows read concurrently.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByRegionAndTier(ReadTransactionContext tc, String region, int tier) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByRegionAndTier", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.find(tr, "byRegionTier", Elements.values(region, (long) tier)).join()));
    });
  }

  /**
   * The ids of the entities whose {@code region, tier} equal the given values: index keys only, no row reads.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<String> findIdsByRegionAndTier(String region, int tier) {
    return findIdsByRegionAndTier(db, region, tier);
  }

  /**
   * The ids of the entities whose {@code region, tier} equal the given values: index keys only, no row reads.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<String> findIdsByRegionAndTier(ReadTransactionContext tc, String region, int tier) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findIdsByRegionAndTier", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.ids(tr, "byRegionTier", Elements.values(region, (long) tier)).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))).join()));
    });
  }

  /**
   * One page of the entities whose {@code region, tier} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Account> findByRegionAndTier(String region, int tier, int limit, Continuation after) {
    return findByRegionAndTier(db, region, tier, limit, after);
  }

  /**
   * One page of the entities whose {@code region, tier} equal the given values; {@code after} (null for the first
   * page) continues where the previous page stopped, in any transaction.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Account> findByRegionAndTier(ReadTransactionContext tc, String region, int tier,
      int limit, Continuation after) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByRegionAndTier", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.page(tr, "byRegionTier", Elements.values(region, (long) tier), limit, after).join()));
    });
  }

  /**
   * How many entities have {@code region, tier} equal the given values (reads index keys).
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public long countByRegionAndTier(String region, int tier) {
    return countByRegionAndTier(db, region, tier);
  }

  /**
   * How many entities have {@code region, tier} equal the given values (reads index keys).
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public long countByRegionAndTier(ReadTransactionContext tc, String region, int tier) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.countByRegionAndTier", "IndexRead", () -> {
      return Blocking.call(() -> tc.read(tr -> indexes.count(tr, "byRegionTier", Elements.values(region, (long) tier)).join()));
    });
  }

  /**
   * The entities whose {@code office} lies in {@code box} ({@code BoundingBox.geo(...)}; one whose minLon > maxLon crosses the antimeridian), edges included: exact, in
   * z order. Reads a cover of at most 16 ranges of {@code ("Acct", "Z", "office", z, id)} concurrently, then the rows.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByOfficeWithin(BoundingBox box) {
    return findByOfficeWithin(db, box);
  }

  /**
   * The entities whose {@code office} lies in {@code box} ({@code BoundingBox.geo(...)}; one whose minLon > maxLon crosses the antimeridian), edges included: exact, in
   * z order. Reads a cover of at most 16 ranges of {@code ("Acct", "Z", "office", z, id)} concurrently, then the rows.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByOfficeWithin(ReadTransactionContext tc, BoundingBox box) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByOfficeWithin", "SpatialRead", () -> {
      return Blocking.call(() -> tc.read(tr -> spatial.within(tr, "office", box).join()));
    });
  }

  /**
   * The ids of the entities whose {@code office} lies in {@code box}: index entries {@code ("Acct", "Z", "office", z, id)} only.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<String> findIdsByOfficeWithin(BoundingBox box) {
    return findIdsByOfficeWithin(db, box);
  }

  /**
   * The ids of the entities whose {@code office} lies in {@code box}: index entries {@code ("Acct", "Z", "office", z, id)} only.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<String> findIdsByOfficeWithin(ReadTransactionContext tc, BoundingBox box) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findIdsByOfficeWithin", "SpatialRead", () -> {
      return Blocking.call(() -> tc.read(tr -> spatial.idsWithin(tr, "office", box).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))).join()));
    });
  }

  /**
   * One page of the entities whose {@code office} lies in {@code box}; {@code after} (null first)
   * continues where the previous page stopped, in any transaction.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public Page<Account> findByOfficeWithin(BoundingBox box, int limit, Continuation after) {
    return findByOfficeWithin(db, box, limit, after);
  }

  /**
   * One page of the entities whose {@code office} lies in {@code box}; {@code after} (null first)
   * continues where the previous page stopped, in any transaction.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public Page<Account> findByOfficeWithin(ReadTransactionContext tc, BoundingBox box, int limit,
      Continuation after) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByOfficeWithin", "SpatialRead", () -> {
      return Blocking.call(() -> tc.read(tr -> spatial.within(tr, "office", box, limit, after).join()));
    });
  }

  /**
   * The entities whose {@code office} is within {@code radiusMeters} (great-circle distance) of
   * {@code center}, nearest first: exact. Reads the box around the circle through {@code ("Acct", "Z", "office", z, id)}.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByOfficeNear(GeoPoint center, double radiusMeters) {
    return findByOfficeNear(db, center, radiusMeters);
  }

  /**
   * The entities whose {@code office} is within {@code radiusMeters} (great-circle distance) of
   * {@code center}, nearest first: exact. Reads the box around the circle through {@code ("Acct", "Z", "office", z, id)}.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByOfficeNear(ReadTransactionContext tc, GeoPoint center,
      double radiusMeters) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByOfficeNear", "SpatialRead", () -> {
      return Blocking.call(() -> tc.read(tr -> spatial.near(tr, "office", center, radiusMeters).join()));
    });
  }

  /**
   * The {@code k} entities whose {@code office} is nearest to {@code center}, nearest first: searches
   * growing circles through {@code ("Acct", "Z", "office", z, id)} until {@code k} are found.
   * <p>Runs in its own transaction, retried on conflicts.
   */
  public List<Account> findByOfficeNearest(GeoPoint center, int k) {
    return findByOfficeNearest(db, center, k);
  }

  /**
   * The {@code k} entities whose {@code office} is nearest to {@code center}, nearest first: searches
   * growing circles through {@code ("Acct", "Z", "office", z, id)} until {@code k} are found.
   * <p>Runs inside {@code tc}: pass a {@code Transaction} to compose it with other work.
   */
  public List<Account> findByOfficeNearest(ReadTransactionContext tc, GeoPoint center, int k) {
    return RepositoryCalls.observe(tc, "Acct", "AccountRepository.findByOfficeNearest", "SpatialRead", () -> {
      return Blocking.call(() -> tc.read(tr -> spatial.nearest(tr, "office", center, k).join()));
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
   * writes {@code ("__strata", "index", "Acct")} and, while building, rows and index entries.
   */
  public IndexMaintenance<Account> maintenance() {
    return store.maintenance(db);
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Account}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  public Finder<Account> where(Restriction<Account> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  public Finder<Account> jdql(String query) {
    return queries.jdql(query);
  }

  /**
   * Asynchronous operations of {@link AccountRepository}; obtain with {@link AccountRepository#async()}.
   */
  public final class Async {
    private Async() {
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Acct", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Acct", "#", shard)} on insert.
     * <p>Runs in its own transaction, retried on conflicts.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(Account entity) {
      return save(db, entity);
    }

    /**
     * Inserts or replaces {@code entity}. Reads its stored row {@code ("Acct", "R", id)} first, then writes one
     * key per non-null field, replaces changed index entries, and bumps the id's count shard {@code ("Acct", "#", shard)} on insert.
     * <p>Runs inside {@code tc}.
     * @throws io.strata.UniqueConstraintException if a unique index already maps a value to another id (nothing written)
     * @throws io.strata.EntityTooLargeException if a key or value exceeds FoundationDB's limits (nothing written)
     */
    public CompletableFuture<Void> save(TransactionContext tc, Account entity) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.save", "write", () -> {
        return tc.runAsync(tr -> store.save(tr, entity));
      });
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Account)}).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Void> saveAll(Iterable<? extends Account> entities) {
      return saveAll(db, entities);
    }

    /**
     * Saves every entity in one transaction (see {@link #save(Account)}).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Void> saveAll(TransactionContext tc,
        Iterable<? extends Account> entities) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.saveAll", "write", () -> {
        return tc.runAsync(tr -> store.saveAll(tr, entities));
      });
    }

    /**
     * The entity with this id: one range read of {@code ("Acct", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Optional<Account>> findById(String id) {
      return findById(db, id);
    }

    /**
     * The entity with this id: one range read of {@code ("Acct", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Optional<Account>> findById(ReadTransactionContext tc, String id) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findById", "ById", () -> {
        return tc.readAsync(tr -> store.load(tr, id));
      });
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findAllById(Iterable<String> ids) {
      return findAllById(db, ids);
    }

    /**
     * The entities with these ids, in the order given (missing ids skipped); the row reads run concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findAllById(ReadTransactionContext tc,
        Iterable<String> ids) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findAllById", "ById", () -> {
        return tc.readAsync(tr -> store.loadAll(tr, Elements.map(ids, id -> id)));
      });
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Acct", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> deleteById(String id) {
      return deleteById(db, id);
    }

    /**
     * Deletes the entity and its index entries; {@code false} when it did not exist. Clears {@code ("Acct", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> deleteById(TransactionContext tc, String id) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.deleteById", "write", () -> {
        return tc.runAsync(tr -> store.delete(tr, id));
      });
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Acct", "R", id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Boolean> existsById(String id) {
      return existsById(db, id);
    }

    /**
     * Whether the entity exists: a range read of at most one key under {@code ("Acct", "R", id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Boolean> existsById(ReadTransactionContext tc, String id) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.existsById", "ById", () -> {
        return tc.readAsync(tr -> store.exists(tr, id));
      });
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Acct", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> count() {
      return count(db);
    }

    /**
     * The number of entities: the sum of the count's shards {@code ("Acct", "#", shard)}, each kept by atomic ADD,
     * read by one range read (no scan).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> count(ReadTransactionContext tc) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.count", "AggregateRead", () -> {
        return tc.readAsync(tr -> store.count(tr));
      });
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Account>> findAll(int limit, Continuation after) {
      return findAll(db, limit, after);
    }

    /**
     * One page of all entities in id order. Pass the returned continuation to get the next page, in any
     * transaction or process; {@code after} may be null for the first page.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Account>> findAll(ReadTransactionContext tc, int limit,
        Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findAll", "AllRows", () -> {
        return tc.readAsync(tr -> store.scan(tr, limit, after));
      });
    }

    /**
     * The entity whose {@code email} equals the given value (unique index {@code email}): one read of {@code ("Acct", "U", "email", email)}, then the row.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Optional<Account>> findByEmail(String email) {
      return findByEmail(db, email);
    }

    /**
     * The entity whose {@code email} equals the given value (unique index {@code email}): one read of {@code ("Acct", "U", "email", email)}, then the row.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Optional<Account>> findByEmail(ReadTransactionContext tc,
        String email) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByEmail", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.unique(tr, "email", Elements.values(email)));
      });
    }

    /**
     * The entities whose {@code region} equal the given values, in index order; read from the covering entries {@code ("Acct", "I", "region", region, id)} alone (no row reads).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByRegion(String region) {
      return findByRegion(db, region);
    }

    /**
     * The entities whose {@code region} equal the given values, in index order; read from the covering entries {@code ("Acct", "I", "region", region, id)} alone (no row reads).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByRegion(ReadTransactionContext tc, String region) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByRegion", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.find(tr, "region", Elements.values(region)));
      });
    }

    /**
     * The ids of the entities whose {@code region} equal the given values: index keys only, no row reads.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<String>> findIdsByRegion(String region) {
      return findIdsByRegion(db, region);
    }

    /**
     * The ids of the entities whose {@code region} equal the given values: index keys only, no row reads.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<String>> findIdsByRegion(ReadTransactionContext tc,
        String region) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findIdsByRegion", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.ids(tr, "region", Elements.values(region)).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))));
      });
    }

    /**
     * One page of the entities whose {@code region} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Account>> findByRegion(String region, int limit,
        Continuation after) {
      return findByRegion(db, region, limit, after);
    }

    /**
     * One page of the entities whose {@code region} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Account>> findByRegion(ReadTransactionContext tc, String region,
        int limit, Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByRegion", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.page(tr, "region", Elements.values(region), limit, after));
      });
    }

    /**
     * How many entities have {@code region} equal the given values (reads index keys).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> countByRegion(String region) {
      return countByRegion(db, region);
    }

    /**
     * How many entities have {@code region} equal the given values (reads index keys).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> countByRegion(ReadTransactionContext tc, String region) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.countByRegion", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.count(tr, "region", Elements.values(region)));
      });
    }

    /**
     * The entities whose {@code region} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByRegionBetween(String from, String toExclusive) {
      return findByRegionBetween(db, from, toExclusive);
    }

    /**
     * The entities whose {@code region} is in {@code [from, toExclusive)}, in index order.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByRegionBetween(ReadTransactionContext tc,
        String from, String toExclusive) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByRegionBetween", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.between(tr, "region", Elements.values(from), Elements.values(toExclusive)));
      });
    }

    /**
     * The entities whose {@code region, tier} equal the given values, in index order; found through {@code ("Acct", "I", "byRegionTier", region, tier, id)}, rows read concurrently.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByRegionAndTier(String region, int tier) {
      return findByRegionAndTier(db, region, tier);
    }

    /**
     * The entities whose {@code region, tier} equal the given values, in index order; found through {@code ("Acct", "I", "byRegionTier", region, tier, id)}, rows read concurrently.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByRegionAndTier(ReadTransactionContext tc,
        String region, int tier) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByRegionAndTier", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.find(tr, "byRegionTier", Elements.values(region, (long) tier)));
      });
    }

    /**
     * The ids of the entities whose {@code region, tier} equal the given values: index keys only, no row reads.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<String>> findIdsByRegionAndTier(String region, int tier) {
      return findIdsByRegionAndTier(db, region, tier);
    }

    /**
     * The ids of the entities whose {@code region, tier} equal the given values: index keys only, no row reads.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<String>> findIdsByRegionAndTier(ReadTransactionContext tc,
        String region, int tier) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findIdsByRegionAndTier", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.ids(tr, "byRegionTier", Elements.values(region, (long) tier)).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))));
      });
    }

    /**
     * One page of the entities whose {@code region, tier} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Account>> findByRegionAndTier(String region, int tier, int limit,
        Continuation after) {
      return findByRegionAndTier(db, region, tier, limit, after);
    }

    /**
     * One page of the entities whose {@code region, tier} equal the given values; {@code after} (null for the first
     * page) continues where the previous page stopped, in any transaction.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Account>> findByRegionAndTier(ReadTransactionContext tc,
        String region, int tier, int limit, Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByRegionAndTier", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.page(tr, "byRegionTier", Elements.values(region, (long) tier), limit, after));
      });
    }

    /**
     * How many entities have {@code region, tier} equal the given values (reads index keys).
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Long> countByRegionAndTier(String region, int tier) {
      return countByRegionAndTier(db, region, tier);
    }

    /**
     * How many entities have {@code region, tier} equal the given values (reads index keys).
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Long> countByRegionAndTier(ReadTransactionContext tc, String region,
        int tier) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.countByRegionAndTier", "IndexRead", () -> {
        return tc.readAsync(tr -> indexes.count(tr, "byRegionTier", Elements.values(region, (long) tier)));
      });
    }

    /**
     * The entities whose {@code office} lies in {@code box} ({@code BoundingBox.geo(...)}; one whose minLon > maxLon crosses the antimeridian), edges included: exact, in
     * z order. Reads a cover of at most 16 ranges of {@code ("Acct", "Z", "office", z, id)} concurrently, then the rows.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByOfficeWithin(BoundingBox box) {
      return findByOfficeWithin(db, box);
    }

    /**
     * The entities whose {@code office} lies in {@code box} ({@code BoundingBox.geo(...)}; one whose minLon > maxLon crosses the antimeridian), edges included: exact, in
     * z order. Reads a cover of at most 16 ranges of {@code ("Acct", "Z", "office", z, id)} concurrently, then the rows.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByOfficeWithin(ReadTransactionContext tc,
        BoundingBox box) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByOfficeWithin", "SpatialRead", () -> {
        return tc.readAsync(tr -> spatial.within(tr, "office", box));
      });
    }

    /**
     * The ids of the entities whose {@code office} lies in {@code box}: index entries {@code ("Acct", "Z", "office", z, id)} only.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<String>> findIdsByOfficeWithin(BoundingBox box) {
      return findIdsByOfficeWithin(db, box);
    }

    /**
     * The ids of the entities whose {@code office} lies in {@code box}: index entries {@code ("Acct", "Z", "office", z, id)} only.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<String>> findIdsByOfficeWithin(ReadTransactionContext tc,
        BoundingBox box) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findIdsByOfficeWithin", "SpatialRead", () -> {
        return tc.readAsync(tr -> spatial.idsWithin(tr, "office", box).thenApply(ids -> Elements.map(ids, v -> v == null ? null : Elements.toStr(v))));
      });
    }

    /**
     * One page of the entities whose {@code office} lies in {@code box}; {@code after} (null first)
     * continues where the previous page stopped, in any transaction.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<Page<Account>> findByOfficeWithin(BoundingBox box, int limit,
        Continuation after) {
      return findByOfficeWithin(db, box, limit, after);
    }

    /**
     * One page of the entities whose {@code office} lies in {@code box}; {@code after} (null first)
     * continues where the previous page stopped, in any transaction.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<Page<Account>> findByOfficeWithin(ReadTransactionContext tc,
        BoundingBox box, int limit, Continuation after) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByOfficeWithin", "SpatialRead", () -> {
        return tc.readAsync(tr -> spatial.within(tr, "office", box, limit, after));
      });
    }

    /**
     * The entities whose {@code office} is within {@code radiusMeters} (great-circle distance) of
     * {@code center}, nearest first: exact. Reads the box around the circle through {@code ("Acct", "Z", "office", z, id)}.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByOfficeNear(GeoPoint center, double radiusMeters) {
      return findByOfficeNear(db, center, radiusMeters);
    }

    /**
     * The entities whose {@code office} is within {@code radiusMeters} (great-circle distance) of
     * {@code center}, nearest first: exact. Reads the box around the circle through {@code ("Acct", "Z", "office", z, id)}.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByOfficeNear(ReadTransactionContext tc,
        GeoPoint center, double radiusMeters) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByOfficeNear", "SpatialRead", () -> {
        return tc.readAsync(tr -> spatial.near(tr, "office", center, radiusMeters));
      });
    }

    /**
     * The {@code k} entities whose {@code office} is nearest to {@code center}, nearest first: searches
     * growing circles through {@code ("Acct", "Z", "office", z, id)} until {@code k} are found.
     * <p>Runs in its own transaction, retried on conflicts.
     */
    public CompletableFuture<List<Account>> findByOfficeNearest(GeoPoint center, int k) {
      return findByOfficeNearest(db, center, k);
    }

    /**
     * The {@code k} entities whose {@code office} is nearest to {@code center}, nearest first: searches
     * growing circles through {@code ("Acct", "Z", "office", z, id)} until {@code k} are found.
     * <p>Runs inside {@code tc}.
     */
    public CompletableFuture<List<Account>> findByOfficeNearest(ReadTransactionContext tc,
        GeoPoint center, int k) {
      return RepositoryCalls.observeAsync(tc, "Acct", "AccountRepository.Async.findByOfficeNearest", "SpatialRead", () -> {
        return tc.readAsync(tr -> spatial.nearest(tr, "office", center, k));
      });
    }
  }
}

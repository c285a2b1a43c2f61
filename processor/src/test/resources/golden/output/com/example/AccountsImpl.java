package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.BoundingBox;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.Page;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.StrataDb;
import io.strata.observation.RepositoryCalls;
import io.strata.query.CandidateReads;
import io.strata.query.Candidates;
import io.strata.query.IndexScan;
import io.strata.query.QueryResults;
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
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.annotation.processing.Generated;

/**
 * The {@link Accounts} planned at compile time onto the indexes of {@link Account}: each method's javadoc
 * says which keys it reads. Run-time queries ({@code where}, {@code jdql}) are planned onto the same indexes.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class AccountsImpl implements Accounts, Queryable<Account> {
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

  private final SpatialQueries<Account> spatial;

  private final RuntimeQueries<Account> queries;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public AccountsImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Queries whose keys start at the root of the key space (empty prefix).
   */
  public AccountsImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Queries whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public AccountsImpl(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(AccountCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .uniqueIndex("email", "email")
          .coveringIndex("region", "region")
          .index("byRegionTier", "region", "tier")
          .geoSpatial("office", 16)
          .packed()
          .ids(v -> v == null ? null : Elements.toStr(v))
          .build();
    this.spatial = new SpatialQueries<>(store);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Account.id, _Account.email,
        _Account.region, _Account.tier, _Account.closedAt, _Account.tags, _Account.office,
        _Account.address), Semantics.STRATA, ValueOrder.KEYS);
  }

  @Override
  public void save(Account entity) {
    RepositoryCalls.observeVoid(db, "Acct", "Accounts.save", "write", () -> {
      Blocking.call(() -> db.run(tr -> store.save(tr, entity).join()));
    });
  }

  @Override
  public void saveAll(Iterable<? extends Account> entities) {
    RepositoryCalls.observeVoid(db, "Acct", "Accounts.saveAll", "write", () -> {
      Blocking.call(() -> db.run(tr -> store.saveAll(tr, entities).join()));
    });
  }

  @Override
  public Optional<Account> findById(String id) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.load(tr, id).join()));
    });
  }

  @Override
  public List<Account> findAllById(Iterable<String> ids) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findAllById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  @Override
  public boolean existsById(String id) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.existsById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.exists(tr, id).join()));
    });
  }

  @Override
  public boolean deleteById(String id) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.deleteById", "write", () -> {
      return Blocking.call(() -> db.run(tr -> store.delete(tr, id).join()));
    });
  }

  @Override
  public long count() {
    return RepositoryCalls.observe(db, "Acct", "Accounts.count", "AggregateRead", () -> {
      return Blocking.call(() -> db.read(tr -> store.count(tr).join()));
    });
  }

  @Override
  public Page<Account> findAll(int limit, Continuation after) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findAll", "AllRows", () -> {
      return Blocking.call(() -> db.read(tr -> store.scan(tr, limit, after).join()));
    });
  }

  /**
   * The matching entities (at most 5).
   *
   * <p>Plan: reads index {@code byRegionTier}, keys {@code ("Acct", "I", "byRegionTier", region, tier, id)} where {@code region = region}, backwards, at most 5 keys; then reads the row of each key found, concurrently.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public List<Account> findTop5ByRegionOrderByTierDesc(String region) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findTop5ByRegionOrderByTierDesc", "IndexRead", () -> {
      return Blocking.call(() -> db.read(tr -> CandidateReads.first(tr, store, e -> true, IndexScan.of(store, "byRegionTier").equal(region).reverse().candidates(), 5).join()));
    });
  }

  /**
   * The matching entity; more than one is an {@link io.strata.IncorrectResultSizeException}.
   *
   * <p>Plan: reads index {@code email}, keys {@code ("Acct", "U", "email", email) = id} where {@code email = email}, forwards, at most 2 keys; then reads the row of each key found, concurrently.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public Optional<Account> findByEmail(String email) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findByEmail", "IndexRead", () -> {
      return Blocking.call(() -> db.read(tr -> CandidateReads.first(tr, store, e -> true, IndexScan.of(store, "email").equal(email).candidates(), 2).thenApply(items -> QueryResults.single("findByEmail", items)).join()));
    });
  }

  /**
   * One page of the matching entities: at most {@code limit}; {@code after} (null for the first page)
   * continues where the previous page of this method with the same arguments stopped, in any transaction.
   *
   * <p>Plan: reads index {@code byRegionTier}, keys {@code ("Acct", "I", "byRegionTier", region, tier, id)} where {@code region = region} and {@code min <= tier <= max}, forwards, one page of keys at a time; then reads the row of each key found, concurrently.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public Page<Account> findByRegionAndTierBetween(String region, int min, int max, int limit,
      Continuation after) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findByRegionAndTierBetween", "IndexRead", () -> {
      return Blocking.call(() -> db.read(tr -> IndexScan.of(store, "byRegionTier").equal(region).from((long) min, true).to((long) max, true).boundTo(QueryResults.query("findByRegionAndTierBetween", region, min, max)).page(tr, limit, after).join()));
    });
  }

  /**
   * The matching {@code id} values.
   *
   * <p>Plan: reads index {@code region}, keys {@code ("Acct", "I", "region", region, id)} where {@code region} each value of {@code regions} (one range per value), forwards, merged in index order; no row reads (the keys hold everything needed).
   *
   * <p>Reads in batches of {@value io.strata.query.CandidateReads#BATCH} candidates, each in its own read transaction, all at one read version,
   * so that a list of any size returns (a later batch takes a new version only past FoundationDB's five-second window).
   */
  @Override
  public List<String> findIdByRegionIn(Collection<String> regions) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findIdByRegionIn", "IndexRead", () -> {
      return Elements.map(CandidateReads.keys(db, store, Candidates.indexKeys(store$ -> IndexScan.of(store$, "region").in(regions, v -> v))), k -> k.get(1) == null ? null : Elements.toStr(k.get(1)));
    });
  }

  /**
   * How many entities match.
   *
   * <p>Plan: reads index {@code region}, keys {@code ("Acct", "I", "region", region, id)} where {@code region = region}, forwards; no row reads (the keys hold everything needed).
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public long countByRegion(String region) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.countByRegion", "IndexRead", () -> {
      return Blocking.call(() -> db.read(tr -> IndexScan.of(store, "region").equal(region).count(tr).join()));
    });
  }

  /**
   * Whether any entity matches.
   *
   * <p>Plan: reads index {@code email}, keys {@code ("Acct", "U", "email", email) = id} where {@code email = email}, forwards, at most one key; no row reads (the keys hold everything needed).
   *
   * <p>Runs in its own transaction, retried on conflicts. Asynchronous: the future completes with the result.
   */
  @Override
  public CompletableFuture<Boolean> existsByEmail(String email) {
    return RepositoryCalls.observeAsync(db, "Acct", "Accounts.existsByEmail", "IndexRead", () -> {
      return db.readAsync(tr -> IndexScan.of(store, "email").equal(email).exists(tr));
    });
  }

  /**
   * The matching entities.
   *
   * <p>Plan: reads the Z-order index {@code ("Acct", "Z", "office", z, id)} over the z-ranges covering {@code box}, concurrently, keeping exact matches only; then reads the row of each match.
   *
   * <p>Runs in its own transaction, retried on conflicts.
   */
  @Override
  public List<Account> findByOfficeWithin(BoundingBox box) {
    return RepositoryCalls.observe(db, "Acct", "Accounts.findByOfficeWithin", "SpatialRead", () -> {
      return Blocking.call(() -> db.read(tr -> CandidateReads.all(tr, store, e -> true, spatial.within("office", box)).join()));
    });
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Account}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  @Override
  public Finder<Account> where(Restriction<Account> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  @Override
  public Finder<Account> jdql(String query) {
    return queries.jdql(query);
  }
}

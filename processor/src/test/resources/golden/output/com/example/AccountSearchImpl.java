package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.Page;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.StrataDb;
import io.strata.observation.RepositoryCalls;
import io.strata.query.DeclaredQuery;
import io.strata.query.QueryResults;
import io.strata.query.RuntimeQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.Condition;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * The {@link AccountSearch} planned at compile time onto the indexes of {@link Account}: each method's javadoc
 * says which keys it reads. Run-time queries ({@code where}, {@code jdql}) are planned onto the same indexes.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class AccountSearchImpl implements AccountSearch, Queryable<Account> {
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

  private static final DeclaredQuery FIND_TOP5_BY_REGION_ORDER_BY_TIER_DESC = new DeclaredQuery("findTop5ByRegionOrderByTierDesc", new Condition.Compare("region", Op.EQUAL, new Operand.Param("region")),
      List.of("region"), List.of(new SortKey("tier", true, false)), 5, false);

  private static final DeclaredQuery FIND_BY_EMAIL = new DeclaredQuery("findByEmail", new Condition.Compare("email", Op.EQUAL, new Operand.Param("email")),
      List.of("email"), List.of(), 2, false);

  private static final DeclaredQuery FIND_BY_REGION_AND_TIER_BETWEEN = new DeclaredQuery("findByRegionAndTierBetween", new Condition.And(List.of(new Condition.Compare("region", Op.EQUAL, new Operand.Param("region")),
      new Condition.Compare("tier", Op.BETWEEN, new Operand.Param("min"), new Operand.Param("max")))),
      List.of("region", "min", "max"), List.of(), 0, false);

  private static final DeclaredQuery COUNT_BY_REGION = new DeclaredQuery("countByRegion", new Condition.Compare("region", Op.EQUAL, new Operand.Param("region")),
      List.of("region"), List.of(), 0, false);

  private static final DeclaredQuery EXISTS_BY_REGION = new DeclaredQuery("existsByRegion", new Condition.Compare("region", Op.EQUAL, new Operand.Param("region")),
      List.of("region"), List.of(), 0, true);

  private final Database db;

  private final EntityStore<Account> store;

  private final RuntimeQueries<Account> queries;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public AccountSearchImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Queries whose keys start at the root of the key space (empty prefix).
   */
  public AccountSearchImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Queries whose keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public AccountSearchImpl(Database db, Subspace root) {
    this.db = Objects.requireNonNull(db, "db");
    this.store = EntityStore.builder(AccountCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .uniqueIndex("email", "email")
          .coveringIndex("region", "region")
          .index("byRegionTier", "region", "tier")
          .geoSpatial("office", 16)
          .packed()
          .ids(v -> v == null ? null : Elements.toStr(v))
          .build();
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Account.id, _Account.email,
        _Account.region, _Account.tier, _Account.closedAt, _Account.tags, _Account.office,
        _Account.address), Semantics.STRATA, ValueOrder.KEYS);
  }

  @Override
  public void save(Account entity) {
    RepositoryCalls.observeVoid(db, "Acct", "AccountSearch.save", "write", () -> {
      Blocking.call(() -> db.run(tr -> store.save(tr, entity).join()));
    });
  }

  @Override
  public void saveAll(Iterable<? extends Account> entities) {
    RepositoryCalls.observeVoid(db, "Acct", "AccountSearch.saveAll", "write", () -> {
      Blocking.call(() -> db.run(tr -> store.saveAll(tr, entities).join()));
    });
  }

  @Override
  public Optional<Account> findById(String id) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.load(tr, id).join()));
    });
  }

  @Override
  public List<Account> findAllById(Iterable<String> ids) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findAllById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.loadAll(tr, Elements.map(ids, id -> id)).join()));
    });
  }

  @Override
  public boolean existsById(String id) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.existsById", "ById", () -> {
      return Blocking.call(() -> db.read(tr -> store.exists(tr, id).join()));
    });
  }

  @Override
  public boolean deleteById(String id) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.deleteById", "write", () -> {
      return Blocking.call(() -> db.run(tr -> store.delete(tr, id).join()));
    });
  }

  @Override
  public long count() {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.count", "AggregateRead", () -> {
      return Blocking.call(() -> db.read(tr -> store.count(tr).join()));
    });
  }

  @Override
  public Page<Account> findAll(int limit, Continuation after) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findAll", "AllRows", () -> {
      return Blocking.call(() -> db.read(tr -> store.scan(tr, limit, after).join()));
    });
  }

  /**
   * The method's own query ({@code FIND_TOP5_BY_REGION_ORDER_BY_TIER_DESC}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says
   * the keys it reads.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   * @throws io.strata.QueryNotServedException if no index narrows the combined query
   */
  @Override
  public List<Account> findTop5ByRegionOrderByTierDesc(String region, Restriction<Account> where) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findTop5ByRegionOrderByTierDesc", "Restricted", () -> {
      return queries.declared(FIND_TOP5_BY_REGION_ORDER_BY_TIER_DESC, "where", where, region).list();
    });
  }

  /**
   * The method's own query ({@code FIND_BY_EMAIL}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says
   * the keys it reads.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   * @throws io.strata.QueryNotServedException if no index narrows the combined query
   */
  @Override
  public Optional<Account> findByEmail(String email, Restriction<Account> where) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findByEmail", "Restricted", () -> {
      return QueryResults.single("findByEmail", queries.declared(FIND_BY_EMAIL, "where", where, email).list());
    });
  }

  /**
   * The method's own query ({@code FIND_BY_REGION_AND_TIER_BETWEEN}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says
   * the keys it reads.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   * @throws io.strata.QueryNotServedException if no index narrows the combined query
   */
  @Override
  public Page<Account> findByRegionAndTierBetween(String region, int min, int max,
      Restriction<Account> where, int limit, Continuation after) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.findByRegionAndTierBetween", "Restricted", () -> {
      return queries.declared(FIND_BY_REGION_AND_TIER_BETWEEN, "where", where, region, min, max).page(limit, after);
    });
  }

  /**
   * The method's own query ({@code COUNT_BY_REGION}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says
   * the keys it reads.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   * @throws io.strata.QueryNotServedException if no index narrows the combined query
   */
  @Override
  public long countByRegion(String region, Restriction<Account> where) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.countByRegion", "Restricted", () -> {
      return queries.declared(COUNT_BY_REGION, "where", where, region).count();
    });
  }

  /**
   * The method's own query ({@code EXISTS_BY_REGION}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is (the plan cached per query shape); {@code where(...).explain()} of the same query says
   * the keys it reads.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   * @throws io.strata.QueryNotServedException if no index narrows the combined query (never: it is @AllowFiltering)
   */
  @Override
  public boolean existsByRegion(String region, Restriction<Account> where) {
    return RepositoryCalls.observe(db, "Acct", "AccountSearch.existsByRegion", "Restricted", () -> {
      return queries.declared(EXISTS_BY_REGION, "where", where, region).exists();
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

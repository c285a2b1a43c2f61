package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Finder;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.StrataDb;
import io.strata.jakarta.data.Attributes;
import io.strata.jakarta.data.DataStore;
import io.strata.jakarta.data.RestrictedReads;
import io.strata.jakarta.data.ResultPages;
import io.strata.jakarta.data.Values;
import io.strata.observation.RepositoryCalls;
import io.strata.query.DeclaredQuery;
import io.strata.query.RuntimeQueries;
import io.strata.query.model.Condition;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * The Jakarta Data repository {@link ProductSearch} on Strata. Each method's javadoc says which keys it reads.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class ProductSearchImpl implements ProductSearch, Queryable<Product> {
  private static final EntityInfo ENTITY = new EntityInfo("Product", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("name", ValueKind.STRING, false, false),
      new FieldInfo("kind", ValueKind.ENUM, false, false),
      new FieldInfo("grade", ValueKind.CHAR, false, true),
      new FieldInfo("isFragile", ValueKind.BOOLEAN, false, true),
      new FieldInfo("price", ValueKind.DOUBLE, false, false)), List.of(new IndexInfo("kind", List.of("kind"), false, false, false),
      new IndexInfo("price", List.of("price"), false, false, false)), List.of(), List.of());

  private static final Attributes<Product> PRODUCT = Attributes.<Product>of("Product")
    .attribute("id", e -> e.getId(), true)
    .attribute("name", e -> e.getName(), false)
    .attribute("kind", e -> e.getKind(), false)
    .attribute("grade", e -> e.getGrade(), false)
    .attribute("isFragile", e -> e.isFragile(), false)
    .attribute("price", e -> e.getPrice(), false)
    .build();

  private static final DeclaredQuery SEARCH = new DeclaredQuery("search", Condition.ALWAYS,
      List.of(), List.of(), 0, true);

  private static final DeclaredQuery FIND_BY_NAME_IGNORE_CASE_STARTS_WITH_AND_KIND_NOT = new DeclaredQuery("findByNameIgnoreCaseStartsWithAndKindNot", new Condition.And(List.of(new Condition.Compare("name", Op.STARTS_WITH, List.of(new Operand.Param("prefix")), true),
      new Condition.Not(new Condition.Compare("kind", Op.EQUAL, new Operand.Param("kind"))))),
      List.of("prefix", "kind"), List.of(), 0, true);

  private static final DeclaredQuery OF_KIND = new DeclaredQuery("ofKind", new Condition.Compare("kind", Op.EQUAL, new Operand.Param("k")),
      List.of("k"), List.of(), 0, true);

  private static final DeclaredQuery PAGE_OF_KIND = new DeclaredQuery("pageOfKind", new Condition.Compare("kind", Op.EQUAL, new Operand.Param("kind")),
      List.of("kind"), List.of(), 0, true);

  private static final DeclaredQuery FIND_BY_NAME = new DeclaredQuery("findByName", new Condition.Compare("name", Op.EQUAL, new Operand.Param("name")),
      List.of("name"), List.of(), 2, true);

  private static final DeclaredQuery COUNT_BY_KIND_OR_IS_FRAGILE_TRUE = new DeclaredQuery("countByKindOrIsFragileTrue", new Condition.Or(List.of(new Condition.Compare("kind", Op.EQUAL, new Operand.Param("kind")),
      new Condition.Compare("isFragile", Op.TRUE))), List.of("kind"), List.of(), 0, true);

  private final RuntimeQueries<Product> queries;

  private final Database db;

  private final DataStore<Product> productData;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public ProductSearchImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Keys start at the root of the key space (empty prefix).
   */
  public ProductSearchImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public ProductSearchImpl(Database db, Subspace root) {
    Objects.requireNonNull(db, "db");
    this.db = db;
    EntityStore<Product> store = EntityStore.builder(ProductCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .index("kind", "kind")
          .index("price", "price")
          .packed()
          .ids(v -> v == null ? 0 : Elements.toLong(v))
          .build();
    this.productData = new DataStore<>(db, store, PRODUCT);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Product.id, _Product.name,
        _Product.kind, _Product.grade, _Product.isFragile,
        _Product.price), Semantics.JAKARTA, Values.ORDER);
  }

  /**
   * The method's own query ({@code SEARCH}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public List<Product> search(Restriction<Product> where, Order<Product> order, PageRequest page) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.search", "Restricted", () -> {
      Finder<Product> found = queries.declared(SEARCH, "where", where);
      found = RestrictedReads.ordered(found, List.<Sort<? super Product>>of(), order);
      return RestrictedReads.content(found, page, "ProductSearch.search");
    });
  }

  /**
   * The method's own query ({@code FIND_BY_NAME_IGNORE_CASE_STARTS_WITH_AND_KIND_NOT}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public List<Product> findByNameIgnoreCaseStartsWithAndKindNot(String prefix, Product.Kind kind,
      Restriction<Product> where, Sort<?>... sorts) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.findByNameIgnoreCaseStartsWithAndKindNot", "Restricted", () -> {
      Finder<Product> found = queries.declared(FIND_BY_NAME_IGNORE_CASE_STARTS_WITH_AND_KIND_NOT, "where", where, prefix, kind);
      found = RestrictedReads.ordered(found, List.<Sort<? super Product>>of(), (Object) sorts);
      return found.list();
    });
  }

  /**
   * The method's own query ({@code OF_KIND}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public Product[] ofKind(Product.Kind k, Restriction<Product> where, Limit limit) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.ofKind", "Restricted", () -> {
      Finder<Product> found = queries.declared(OF_KIND, "where", where, k);
      found = RestrictedReads.ordered(found, List.<Sort<? super Product>>of(Sort.asc("name")));
      return RestrictedReads.list(found, limit).toArray(new Product[0]);
    });
  }

  /**
   * The method's own query ({@code PAGE_OF_KIND}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public Page<Product> pageOfKind(Product.Kind kind, Restriction<Product> where, PageRequest page,
      Order<Product> order) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.pageOfKind", "Restricted", () -> {
      Finder<Product> found = queries.declared(PAGE_OF_KIND, "where", where, kind);
      found = RestrictedReads.ordered(found, List.<Sort<? super Product>>of(), order);
      return RestrictedReads.page(found, page, "ProductSearch.pageOfKind");
    });
  }

  /**
   * The method's own query ({@code FIND_BY_NAME}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public Optional<Product> findByName(String name, Restriction<Product> where) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.findByName", "Restricted", () -> {
      Finder<Product> found = queries.declared(FIND_BY_NAME, "where", where, name);
      return ResultPages.optional(found.list(), "ProductSearch.findByName");
    });
  }

  /**
   * The method's own query ({@code COUNT_BY_KIND_OR_IS_FRAGILE_TRUE}) and-ed with {@code where}, planned at run time onto the entity's indexes
   * as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the
   * same query says the keys it reads. A combined query no index narrows reads every row.
   * @throws NullPointerException if {@code where} is null ({@code Restrict.unrestricted()} adds nothing)
   */
  @Override
  public long countByKindOrIsFragileTrue(Product.Kind kind, Restriction<Product> where) {
    return RepositoryCalls.observe(db, "Product", "ProductSearch.countByKindOrIsFragileTrue", "Restricted", () -> {
      Finder<Product> found = queries.declared(COUNT_BY_KIND_OR_IS_FRAGILE_TRUE, "where", where, kind);
      return found.count();
    });
  }

  /**
   * A run-time query of the entities {@code restriction} accepts (built over {@link _Product}), planned onto this
   * entity's indexes as a declared method is (the plan cached per query shape); see {@code Finder.explain()} for
   * the keys it reads.
   * @throws io.strata.QueryNotServedException from the finder's reads, if no index narrows it and it does not
   *     {@code allowScan()}
   */
  @Override
  public Finder<Product> where(Restriction<Product> restriction) {
    return queries.where(restriction);
  }

  /**
   * A run-time JDQL query of this entity, {@code [WHERE ...] [ORDER BY ...]}, its {@code :name} or {@code ?n}
   * parameters bound with the finder's {@code bind}; planned as {@link #where} is.
   * @throws io.strata.query.jdql.JdqlException naming the position of what does not parse or is no finder query
   */
  @Override
  public Finder<Product> jdql(String query) {
    return queries.jdql(query);
  }
}

package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Finder;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.StrataDb;
import io.strata.jakarta.data.Attributes;
import io.strata.jakarta.data.DataStore;
import io.strata.jakarta.data.ResultPages;
import io.strata.jakarta.data.Values;
import io.strata.observation.RepositoryCalls;
import io.strata.query.Candidates;
import io.strata.query.IndexOrder;
import io.strata.query.IndexScan;
import io.strata.query.RuntimeQueries;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * The Jakarta Data repository {@link Products} on Strata. Each method's javadoc says which keys it reads.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class ProductsImpl implements Products, Queryable<Product> {
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

  private final RuntimeQueries<Product> queries;

  private final Database db;

  private final DataStore<Product> productData;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public ProductsImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Keys start at the root of the key space (empty prefix).
   */
  public ProductsImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public ProductsImpl(Database db, Subspace root) {
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
   * {@code @Save}: writes {@code ("Product", "R", id)} and its index entries, inserting or replacing; one transaction
   */
  @Override
  public <S extends Product> S save(S entity) {
    return RepositoryCalls.observe(db, "Product", "Products.save", "write", () -> {
      return productData.save(entity);
    });
  }

  /**
   * {@code @Save}: writes {@code ("Product", "R", id)} and its index entries, inserting or replacing; all entities in one transaction
   */
  @Override
  public <S extends Product> List<S> saveAll(List<S> entities) {
    return RepositoryCalls.observe(db, "Product", "Products.saveAll", "write", () -> {
      return productData.saveAll(entities);
    });
  }

  /**
   * Reads one row, {@code ("Product", "R", id)}.
   */
  @Override
  public Optional<Product> findById(Long id) {
    return RepositoryCalls.observe(db, "Product", "Products.findById", "ById", () -> {
      return productData.findById(id);
    });
  }

  /**
   * The entities that match, in the order they are read (the method asks for none), read lazily: one read transaction of at most {@value io.strata.query.CandidateReads#BATCH} candidates at a time as the stream is consumed. Reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}.
   */
  @Override
  public Stream<Product> findAll() {
    return RepositoryCalls.observeStream(db, "Product", "Products.findAll", "AllRows", () -> {
      return productData.reads().stream(e -> true, Candidates.allRows());
    });
  }

  /**
   * The entities that match, sorted and paged in memory; given no order, in the order they are read, reading no further than the page needs (the read below starts with a batch of that many keys, or of rows when it reads every row, then doubles). Reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}.
   */
  @Override
  public Page<Product> findAll(PageRequest pageRequest, Order<Product> sortBy) {
    return RepositoryCalls.observe(db, "Product", "Products.findAll", "AllRows", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(), sortBy);
      return productData.page(e -> true, Candidates.allRows(), null, List.of(), order$, pageRequest);
    });
  }

  /**
   * Clears the row {@code ("Product", "R", id)} and its index entries, if stored.
   */
  @Override
  public void deleteById(Long id) {
    RepositoryCalls.observeVoid(db, "Product", "Products.deleteById", "write", () -> {
      productData.deleteById(id);
    });
  }

  /**
   * {@code @Delete}: clears {@code ("Product", "R", id)} and its index entries (OptimisticLockingFailureException when absent); one transaction
   */
  @Override
  public void delete(Product entity) {
    RepositoryCalls.observeVoid(db, "Product", "Products.delete", "write", () -> {
      productData.delete(entity);
    });
  }

  /**
   * {@code @Delete}: clears {@code ("Product", "R", id)} and its index entries (OptimisticLockingFailureException when absent); all entities in one transaction
   */
  @Override
  public void deleteAll(List<? extends Product> entities) {
    RepositoryCalls.observeVoid(db, "Product", "Products.deleteAll", "write", () -> {
      productData.deleteAll(entities);
    });
  }

  /**
   * {@code @Insert}: checks that {@code ("Product", "R", id)} is absent (else EntityExistsException), then writes the row and its index entries; one transaction
   */
  @Override
  public <S extends Product> S insert(S entity) {
    return RepositoryCalls.observe(db, "Product", "Products.insert", "write", () -> {
      return productData.insert(entity);
    });
  }

  /**
   * {@code @Insert}: checks that {@code ("Product", "R", id)} is absent (else EntityExistsException), then writes the row and its index entries; all entities in one transaction
   */
  @Override
  public <S extends Product> List<S> insertAll(List<S> entities) {
    return RepositoryCalls.observe(db, "Product", "Products.insertAll", "write", () -> {
      return productData.insertAll(entities);
    });
  }

  /**
   * {@code @Update}: checks that {@code ("Product", "R", id)} exists (else OptimisticLockingFailureException), then rewrites the row and its index entries; one transaction
   */
  @Override
  public <S extends Product> S update(S entity) {
    return RepositoryCalls.observe(db, "Product", "Products.update", "write", () -> {
      return productData.update(entity);
    });
  }

  /**
   * {@code @Update}: checks that {@code ("Product", "R", id)} exists (else OptimisticLockingFailureException), then rewrites the row and its index entries; all entities in one transaction
   */
  @Override
  public <S extends Product> List<S> updateAll(List<S> entities) {
    return RepositoryCalls.observe(db, "Product", "Products.updateAll", "write", () -> {
      return productData.updateAll(entities);
    });
  }

  /**
   * The entities that match, sorted in memory. Plan: reads index {@code price}, keys {@code ("Product", "I", "price", price, id)} where {@code price < max}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public List<Product> findByNameIgnoreCaseStartsWithAndPriceLessThanOrderByPriceDesc(String prefix,
      double max) {
    return RepositoryCalls.observe(db, "Product", "Products.findByNameIgnoreCaseStartsWithAndPriceLessThanOrderByPriceDesc", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.desc("price")));
      List<Product> found$ = productData.sorted(e -> Values.startsWith(Values.upper(e.getName()), Values.upper(prefix)) && Values.lt(e.getPrice(), max), Candidates.index(store$ -> IndexScan.of(store$, "price").to(Elements.ofFloating(max), true), max), order$);
      return found$;
    });
  }

  /**
   * Counts the entities that match. Reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}, and checks the conditions on each.
   */
  @Override
  public long countByKindNot(Product.Kind kind) {
    return RepositoryCalls.observe(db, "Product", "Products.countByKindNot", "AllRows", () -> {
      return (long) productData.reads().matching(e -> Values.ne(e.getKind(), kind), Candidates.allRows()).size();
    });
  }

  /**
   * Whether an entity matches; stops at the first. No index narrows this read: reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}, and checks the conditions on each.
   */
  @Override
  public boolean existsByGradeIn(List<Character> grades) {
    return RepositoryCalls.observe(db, "Product", "Products.existsByGradeIn", "AllRows", () -> {
      return productData.reads().any(e -> Values.inAny(e.getGrade(), grades), Candidates.allRows());
    });
  }

  /**
   * Deletes the entities that match with their index entries, in transactions of at most {@value io.strata.query.CandidateReads#BATCH} entities and about {@value io.strata.query.CandidateReads#BATCH_BYTES} bytes written (each re-reads its rows). No index narrows this read: reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}, and checks the conditions on each.
   */
  @Override
  public void deleteByIsFragileTrue() {
    RepositoryCalls.observeVoid(db, "Product", "Products.deleteByIsFragileTrue", "write", () -> {
      productData.delete(e -> Values.eq(e.isFragile(), true), Candidates.allRows());
    });
  }

  /**
   * The entities that match, sorted in memory. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public Optional<Product> findFirstByKindOrderByNameAsc(Product.Kind kind, Sort<?>... more) {
    return RepositoryCalls.observe(db, "Product", "Products.findFirstByKindOrderByNameAsc", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.asc("name")), (Object) more);
      List<Product> found$ = productData.first(e -> Values.eq(e.getKind(), kind), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind), List.of(), order$, 1);
      found$ = ResultPages.limit(found$, Limit.of(1));
      return ResultPages.optional(found$, "Products.findFirstByKindOrderByNameAsc");
    });
  }

  /**
   * The entities that match, sorted in memory. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = k}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public Stream<Product> byKind(Product.Kind k, Limit limit) {
    return RepositoryCalls.observeStream(db, "Product", "Products.byKind", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.asc("name")));
      List<Product> found$ = productData.first(e -> Values.eq(e.getKind(), k), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(k)), k), List.of(), order$, ResultPages.end(limit));
      found$ = ResultPages.limit(found$, limit);
      return found$.stream();
    });
  }

  /**
   * The entities that match, sorted in memory among the first ones read in order. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind}, in the order of its keys, backwards, in batches of keys that start at the size the limit or the page needs and double up to {@value io.strata.query.CandidateReads#BATCH}; reads the row of each key found and checks the conditions on it, and stops once it has the results the limit or the page asks for and those that tie with the last (a stream reads on as it is consumed).
   */
  @Override
  public List<Product> latestOfKind(Product.Kind kind, Limit limit) {
    return RepositoryCalls.observe(db, "Product", "Products.latestOfKind", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.desc("id")));
      List<Product> found$ = productData.first(e -> Values.eq(e.getKind(), kind), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)).reverse(), kind), List.of(IndexOrder.<Product>of(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind).fixed("kind", kind).key("id", ValueKind.LONG)), order$, ResultPages.end(limit));
      found$ = ResultPages.limit(found$, limit);
      return found$;
    });
  }

  /**
   * The entities that match, sorted in memory among the first ones read in order. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind}, in the order of its keys, in batches of keys that start at the size the limit or the page needs and double up to {@value io.strata.query.CandidateReads#BATCH}; reads the row of each key found and checks the conditions on it, and stops once it has the results the limit or the page asks for and those that tie with the last (a stream reads on as it is consumed).
   */
  @Override
  public List<Product> firstOfKind(Product.Kind kind, Limit limit) {
    return RepositoryCalls.observe(db, "Product", "Products.firstOfKind", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.asc("kind"), Sort.asc("id")));
      List<Product> found$ = productData.first(e -> Values.eq(e.getKind(), kind), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind), List.of(IndexOrder.<Product>of(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind).fixed("kind", kind).key("id", ValueKind.LONG)), order$, ResultPages.end(limit));
      found$ = ResultPages.limit(found$, limit);
      return found$;
    });
  }

  /**
   * The entities that match, sorted and paged in memory. No index narrows this read: reads every row {@code ("Product", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}, and checks the conditions on each.
   */
  @Override
  public CursoredPage<Product> fragile(boolean isFragile, PageRequest page, Order<Product> order) {
    return RepositoryCalls.observe(db, "Product", "Products.fragile", "AllRows", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(), order);
      return productData.cursoredPage(e -> Values.eq(e.isFragile(), isFragile), Candidates.allRows(), null, List.of(), order$, page);
    });
  }

  /**
   * The entities that match, sorted in memory among the first ones read in order. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind}, in the order of its keys, backwards, in batches of keys that start at the size the limit or the page needs and double up to {@value io.strata.query.CandidateReads#BATCH}; reads the row of each key found and checks the conditions on it, and stops once it has the results the limit or the page asks for and those that tie with the last (a stream reads on as it is consumed). The cursor of a page read in index order is a position in its keys: the next page reads on from just after it, the previous page backwards from just before it.
   */
  @Override
  public CursoredPage<Product> pagesOfKind(Product.Kind kind, PageRequest page) {
    return RepositoryCalls.observe(db, "Product", "Products.pagesOfKind", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.desc("id")));
      return productData.cursoredPage(e -> Values.eq(e.getKind(), kind), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)).reverse(), kind), Candidates.indexKeys(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind), List.of(IndexOrder.<Product>of(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind).fixed("kind", kind).key("id", ValueKind.LONG)), order$, page);
    });
  }

  /**
   * The entities that match, read in the order of an index's keys when one serves the order asked for (below), else sorted in memory. Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it. Order chosen at run time: when the order (static, then run time) is a leading part of {@code (id)}, all ascending or all descending, it reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = kind} in that order, forwards or backwards, reading no further than the results the limit or the page asks for and those that tie with the last (a stream reads on as it is consumed); any other order is sorted in memory.
   */
  @Override
  public Stream<Product> streamOfKind(Product.Kind kind, Sort<Product> sort) {
    return RepositoryCalls.observeStream(db, "Product", "Products.streamOfKind", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(), sort);
      return productData.stream(e -> Values.eq(e.getKind(), kind), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind), List.of(IndexOrder.<Product>of(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(kind)), kind).fixed("kind", kind).key("id", ValueKind.LONG)), order$);
    });
  }

  /**
   * The entities that match, sorted and paged in memory. Plan: reads index {@code price}, keys {@code ("Product", "I", "price", price, id)} where {@code min <= price <= max}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public Page<String> namesPricedBetween(double min, double max, PageRequest page) {
    return RepositoryCalls.observe(db, "Product", "Products.namesPricedBetween", "IndexRead", () -> {
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.asc("price")));
      return ResultPages.map(productData.page(e -> Values.between(e.getPrice(), min, max) && (!Values.isNull(e.getName()) && !Values.like(e.getName(), "x%")), Candidates.index(store$ -> IndexScan.of(store$, "price").from(Elements.ofFloating(min), true).to(Elements.ofFloating(max), true), min, max), null, List.of(), order$, page), e -> (String) e.getName());
    });
  }

  /**
   * The entities that match, sorted in memory. Plan: reads index {@code price}, keys {@code ("Product", "I", "price", price, id)} where {@code price >= 10.5}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public List<String> namesFromTenAndAHalf() {
    return RepositoryCalls.observe(db, "Product", "Products.namesFromTenAndAHalf", "IndexRead", () -> {
      Double lit0$ = 10.5d;
      List<Sort<? super Product>> order$ = ResultPages.<Product>order(List.of(Sort.asc("name")));
      List<Product> found$ = productData.sorted(e -> Values.ge(e.getPrice(), 10.5d), Candidates.index(store$ -> IndexScan.of(store$, "price").from(Elements.ofFloating(lit0$), true), lit0$), order$);
      return Elements.map(found$, e -> (String) e.getName());
    });
  }

  /**
   * Rewrites the entities that match with their index entries, in transactions of at most {@value io.strata.query.CandidateReads#BATCH} entities and about {@value io.strata.query.CandidateReads#BATCH_BYTES} bytes written (each re-reads its rows). Plan: reads index {@code kind}, keys {@code ("Product", "I", "kind", kind, id)} where {@code kind = com.example.Product.Kind.FOOD}, one batch of {@value io.strata.query.CandidateReads#BATCH} keys at a time; then reads the row of each key found, and checks the conditions on it.
   */
  @Override
  public long reprice(double factor) {
    return RepositoryCalls.observe(db, "Product", "Products.reprice", "write", () -> {
      Product.Kind lit0$ = Product.Kind.FOOD;
      return productData.update(e -> Values.eq(e.getKind(), Product.Kind.FOOD), Candidates.index(store$ -> IndexScan.of(store$, "kind").equal(Elements.ofEnum(lit0$)), lit0$), e -> {
            Object v0 = Values.multiply(e.getPrice(), factor);
            Double f_price = v0 == null ? null : Values.toDouble(v0);
            e.setPrice(f_price);
            return e;
          });
    });
  }

  /**
   * {@code @Insert}: checks that {@code ("Product", "R", id)} is absent (else EntityExistsException), then writes the row and its index entries; all entities in one transaction
   */
  @Override
  public Product[] addAll(Product... products) {
    return RepositoryCalls.observe(db, "Product", "Products.addAll", "write", () -> {
      productData.insertAll(Arrays.asList(products));
      return products;
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

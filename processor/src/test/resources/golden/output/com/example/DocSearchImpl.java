package com.example;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.Blocking;
import io.strata.Finder;
import io.strata.Queryable;
import io.strata.Restriction;
import io.strata.Scored;
import io.strata.StrataDb;
import io.strata.index.vector.Metric;
import io.strata.index.vector.VectorDefinition;
import io.strata.index.vector.VectorQueries;
import io.strata.jakarta.data.Attributes;
import io.strata.jakarta.data.DataStore;
import io.strata.jakarta.data.ResultPages;
import io.strata.jakarta.data.Values;
import io.strata.observation.RepositoryCalls;
import io.strata.query.Candidates;
import io.strata.query.RuntimeQueries;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import io.strata.query.model.VectorInfo;
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
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * The Jakarta Data repository {@link DocSearch} on Strata. Each method's javadoc says which keys it reads.
 * Thread-safe.
 */
@Generated("io.strata.processor.StrataProcessor")
@Singleton
public final class DocSearchImpl implements DocSearch, Queryable<Doc> {
  private static final EntityInfo ENTITY = new EntityInfo("Doc", List.of(new FieldInfo("id", ValueKind.LONG, true, true),
      new FieldInfo("category", ValueKind.STRING, false, false),
      new FieldInfo("title", ValueKind.STRING, false, false),
      new FieldInfo("year", ValueKind.INT, false, true),
      new FieldInfo("vector", ValueKind.VECTOR, false, false)), List.of(new IndexInfo("category", List.of("category"), false, false, false)), List.of(), List.of(), List.of(new VectorInfo("vector", 96, "COSINE", List.of("category"))));

  private static final Attributes<Doc> DOC = Attributes.<Doc>of("Doc")
    .attribute("id", e -> e.id(), true)
    .attribute("category", e -> e.category(), false)
    .attribute("title", e -> e.title(), false)
    .attribute("year", e -> e.year(), false)
    .attribute("vector", e -> e.vector(), false)
    .build();

  private final RuntimeQueries<Doc> queries;

  private final Database db;

  private final DataStore<Doc> docData;

  private final VectorQueries<Doc> docVectors;

  /**
   * Reads and writes in {@code sdb}'s database under its root: the directory its URL names with
   * {@code root=} and {@code tenant=}, else the whole key space.
   */
  @Inject
  public DocSearchImpl(StrataDb sdb) {
    this(sdb.database(), sdb.root());
  }

  /**
   * Keys start at the root of the key space (empty prefix).
   */
  public DocSearchImpl(Database db) {
    this(db, new Subspace());
  }

  /**
   * Keys start with {@code root}'s prefix (e.g. a tenant's {@code DirectorySubspace}).
   */
  public DocSearchImpl(Database db, Subspace root) {
    Objects.requireNonNull(db, "db");
    this.db = db;
    EntityStore<Doc> store = EntityStore.builder(DocCodec.INSTANCE, Objects.requireNonNull(root, "root"))
          .index("category", "category")
          .packed()
          .derived(new VectorDefinition("vector", "vector", 96, Metric.COSINE, List.of("category")))
          .ids(v -> v == null ? 0 : Elements.toLong(v))
          .build();
    this.docData = new DataStore<>(db, store, DOC);
    this.queries = new RuntimeQueries<>(db, store, ENTITY, List.of(_Doc.id, _Doc.category,
        _Doc.title, _Doc.year, _Doc.vector), Semantics.JAKARTA, Values.ORDER);
    this.docVectors = new VectorQueries<>(store);
  }

  /**
   * {@code @Save}: writes {@code ("Doc", "R", id)} and its index entries, inserting or replacing; one transaction
   */
  @Override
  public <S extends Doc> S save(S entity) {
    return RepositoryCalls.observe(db, "Doc", "DocSearch.save", "write", () -> {
      return docData.save(entity);
    });
  }

  /**
   * {@code @Save}: writes {@code ("Doc", "R", id)} and its index entries, inserting or replacing; all entities in one transaction
   */
  @Override
  public <S extends Doc> List<S> saveAll(List<S> entities) {
    return RepositoryCalls.observe(db, "Doc", "DocSearch.saveAll", "write", () -> {
      return docData.saveAll(entities);
    });
  }

  /**
   * Reads one row, {@code ("Doc", "R", id)}.
   */
  @Override
  public Optional<Doc> findById(Long id) {
    return RepositoryCalls.observe(db, "Doc", "DocSearch.findById", "ById", () -> {
      return docData.findById(id);
    });
  }

  /**
   * The entities that match, in the order they are read (the method asks for none), read lazily: one read transaction of at most {@value io.strata.query.CandidateReads#BATCH} candidates at a time as the stream is consumed. Reads every row {@code ("Doc", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}.
   */
  @Override
  public Stream<Doc> findAll() {
    return RepositoryCalls.observeStream(db, "Doc", "DocSearch.findAll", "AllRows", () -> {
      return docData.reads().stream(e -> true, Candidates.allRows());
    });
  }

  /**
   * The entities that match, sorted and paged in memory; given no order, in the order they are read, reading no further than the page needs (the read below starts with a batch of that many keys, or of rows when it reads every row, then doubles). Reads every row {@code ("Doc", "R", id)} in id order, in batches of {@value io.strata.query.FilteredRows#BATCH}.
   */
  @Override
  public Page<Doc> findAll(PageRequest pageRequest, Order<Doc> sortBy) {
    return RepositoryCalls.observe(db, "Doc", "DocSearch.findAll", "AllRows", () -> {
      List<Sort<? super Doc>> order$ = ResultPages.<Doc>order(List.of(), sortBy);
      return docData.page(e -> true, Candidates.allRows(), null, List.of(), order$, pageRequest);
    });
  }

  /**
   * Clears the row {@code ("Doc", "R", id)} and its index entries, if stored.
   */
  @Override
  public void deleteById(Long id) {
    RepositoryCalls.observeVoid(db, "Doc", "DocSearch.deleteById", "write", () -> {
      docData.deleteById(id);
    });
  }

  /**
   * {@code @Delete}: clears {@code ("Doc", "R", id)} and its index entries (OptimisticLockingFailureException when absent); one transaction
   */
  @Override
  public void delete(Doc entity) {
    RepositoryCalls.observeVoid(db, "Doc", "DocSearch.delete", "write", () -> {
      docData.delete(entity);
    });
  }

  /**
   * {@code @Delete}: clears {@code ("Doc", "R", id)} and its index entries (OptimisticLockingFailureException when absent); all entities in one transaction
   */
  @Override
  public void deleteAll(List<? extends Doc> entities) {
    RepositoryCalls.observeVoid(db, "Doc", "DocSearch.deleteAll", "write", () -> {
      docData.deleteAll(entities);
    });
  }

  /**
   * The {@code limit.maxResults()} entities (each with its distance) nearest the query vector, nearest first, that meet the other conditions.
   *
   * <p>Plan: searches vector index {@code vector} (COSINE, 96 dimensions) for the {@code limit} entities nearest {@code query}, nearest first, in the one group {@code category = category}; then reads the row of each candidate, concurrently. Runs in its own transaction, retried on conflicts.
   */
  @Override
  public List<Scored<Doc>> findByCategoryAndVectorNear(String category, float[] query,
      Limit limit) {
    return RepositoryCalls.observe(db, "Doc", "DocSearch.findByCategoryAndVectorNear", "VectorRead", () -> {
      if (ResultPages.given(limit).startAt() != 1) {
        throw new IllegalArgumentException("a Near search returns the k nearest from the nearest on: give Limit.of(k), not " + limit + " (there is no offset into the nearest)");
      }
      return Blocking.call(() -> db.read(tr -> docVectors.nearest(tr, "vector", Elements.values(category), query, limit.maxResults(), VectorQueries.DEFAULT_CANDIDATES, e -> Values.eq(e.category(), category) && true).join()));
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

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.OrderItem;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryMethodModel.Context;
import io.strata.processor.model.ResultShape;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.model.RepositoryModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Interface>Impl} for a {@code @Repository} interface: constructors like the generated
 * repositories', the {@code CrudRepository} methods, and one method per declared query running the plan
 * {@link io.strata.processor.planning.QueryPlanner} chose through the read core ({@code io.strata.query}): a find's body
 * is {@link FindWriter}'s with Strata's edge, a count's, exists' or delete's {@link QueryBodies}'; what stays here is
 * Strata's own (where the matches come from, from {@link ScanCode}; pages and their continuations; streams of index
 * keys; vector, aggregate and union reads). Each query method's javadoc states its plan in keys.
 */
public final class RepositoryImplWriter {
  static final ClassName INDEX_SCAN = ClassName.get("io.strata.query", "IndexScan");
  static final ClassName QUERY_RESULTS = ClassName.get("io.strata.query", "QueryResults");
  private static final ClassName PAGE = CrudOperations.PAGE;

  public JavaFile write(RepositoryModel repo) {
    EntityModel entity = repo.entity();
    ClassName impl = repo.implName();
    TypeSpec.Builder type = ClassShell.type(impl, entity.injectable())
        .addJavadoc("The {@link $T} planned at compile time onto the indexes of {@link $T}: each method's javadoc\n"
            + "says which keys it reads. Run-time queries ({@code where}, {@code jdql}) are planned onto the same indexes.\n"
            + "Thread-safe.\n", repo.type(), entity.type())
        .addSuperinterface(repo.type());
    type.addField(RepositoryWriter.DATABASE, "db", Modifier.PRIVATE, Modifier.FINAL)
        .addField(ParameterizedTypeName.get(RepositoryWriter.STORE, entity.type()), "store", Modifier.PRIVATE, Modifier.FINAL);
    boolean spatial = repo.methods().stream().anyMatch(m -> m.plans().stream().anyMatch(p -> p.spatial() != null));
    if (spatial) {
      type.addField(ParameterizedTypeName.get(RepositoryWriter.SPATIAL_QUERIES, entity.type()), "spatial", Modifier.PRIVATE,
          Modifier.FINAL);
    }
    boolean aggregates = repo.methods().stream().anyMatch(m -> m.plans().stream().anyMatch(p -> p.aggregate() != null));
    if (aggregates) {
      type.addField(ParameterizedTypeName.get(AggregateOperations.AGGREGATE_QUERIES, entity.type()), "aggregates", Modifier.PRIVATE,
          Modifier.FINAL);
    }
    boolean vectors = repo.methods().stream().anyMatch(m -> m.plans().stream().anyMatch(p -> p.nearest() != null));
    if (vectors) {
      type.addField(ParameterizedTypeName.get(VectorOperations.VECTOR_QUERIES, entity.type()), "vectors", Modifier.PRIVATE,
          Modifier.FINAL);
    }
    RuntimeQueryCode runtimeQueries = new RuntimeQueryCode(entity);
    runtimeQueries.addFields(type);
    ClassShell shell = new ClassShell("Queries whose keys");
    type.addMethod(ClassShell.strataDbConstructor(entity.injectable(), null));
    type.addMethod(shell.rootConstructor());
    MethodSpec.Builder ctor = shell.prefixConstructor(RepositoryWriter.assignDb())
        .addStatement("this.store = $L", RepositoryWriter.newStore(entity));
    if (spatial) {
      ctor.addStatement("this.spatial = new $T<>(store)", RepositoryWriter.SPATIAL_QUERIES);
    }
    if (aggregates) {
      ctor.addStatement("this.aggregates = new $T<>(store)", AggregateOperations.AGGREGATE_QUERIES);
    }
    ctor.addStatement(runtimeQueries.initializer());
    if (vectors) {
      ctor.addStatement("this.vectors = new $T<>(store)", VectorOperations.VECTOR_QUERIES);
    }
    type.addMethod(ctor.build());
    String repoName = repo.type().simpleName();
    if (repo.crud()) {
      crud(entity).forEach(m -> type.addMethod(CallHook.observed(m, "db", entity.entityName(), repoName, switch (m.name()) {
        case "save", "saveAll", "deleteById" -> "write";
        case "count" -> "AggregateRead";
        case "findAll" -> "AllRows";
        default -> "ById";
      })));
    }
    for (QueryMethodModel m : repo.methods()) {
      type.addMethod(CallHook.observed(new QueryMethodWriter(entity, m).write(),
          m.context() == Context.NONE ? "db" : m.params().get(0).name(), entity.entityName(), repoName,
          writes(m) ? "write" : CallHook.kind(m.plans())));
    }
    RestrictedMethodWriter.addTo(type, repo.restricted(), entity.entityName(), repoName);
    runtimeQueries.addMethods(type, true);
    return JavaFile.builder(impl.packageName(), type.build()).skipJavaLangImports(true).indent("  ").build();
  }

  /** The {@code CrudRepository} methods, each in its own transaction. */
  private static List<MethodSpec> crud(EntityModel entity) {
    ValueCode values = new ValueCode(entity.codecName());
    TypeName t = entity.type();
    TypeName id = entity.id().type().type().box();
    CodeBlock idElement = values.encode(entity.id().type(), CodeBlock.of("id"));
    List<MethodSpec> out = new ArrayList<>();
    out.add(override("save", TypeName.VOID, List.of(ParameterSpec.builder(t, "entity").build()))
        .addStatement("$T.call(() -> $L)", RepositoryWriter.BLOCKING, saving(entity, "store.save(tr, entity).join()")).build());
    out.add(override("saveAll", TypeName.VOID, List.of(ParameterSpec.builder(ParameterizedTypeName.get(ClassName.get(Iterable.class),
            com.palantir.javapoet.WildcardTypeName.subtypeOf(t)), "entities").build()))
        .addStatement("$T.call(() -> $L)", RepositoryWriter.BLOCKING, saving(entity, "store.saveAll(tr, entities).join()")).build());
    out.add(override("findById", ParameterizedTypeName.get(ClassName.get(Optional.class), t), List.of(ParameterSpec.builder(id, "id").build()))
        .addStatement("return $T.call(() -> db.read(tr -> store.load(tr, $L).join()))", RepositoryWriter.BLOCKING, idElement).build());
    out.add(override("findAllById", ParameterizedTypeName.get(ClassName.get(List.class), t),
            List.of(ParameterSpec.builder(ParameterizedTypeName.get(ClassName.get(Iterable.class), id), "ids").build()))
        .addStatement("return $T.call(() -> db.read(tr -> store.loadAll(tr, $T.map(ids, id -> $L)).join()))", RepositoryWriter.BLOCKING,
            ValueCode.ELEMENTS, idElement).build());
    out.add(override("existsById", TypeName.BOOLEAN, List.of(ParameterSpec.builder(id, "id").build()))
        .addStatement("return $T.call(() -> db.read(tr -> store.exists(tr, $L).join()))", RepositoryWriter.BLOCKING, idElement).build());
    out.add(override("deleteById", TypeName.BOOLEAN, List.of(ParameterSpec.builder(id, "id").build()))
        .addStatement("return $T.call(() -> db.run(tr -> store.delete(tr, $L).join()))", RepositoryWriter.BLOCKING, idElement).build());
    out.add(override("count", TypeName.LONG, List.of())
        .addStatement("return $T.call(() -> db.read(tr -> store.count(tr).join()))", RepositoryWriter.BLOCKING).build());
    out.add(override("findAll", ParameterizedTypeName.get(PAGE, t), List.of(ParameterSpec.builder(int.class, "limit").build(),
            ParameterSpec.builder(CrudOperations.CONTINUATION, "after").build()))
        .addStatement("return $T.call(() -> db.read(tr -> store.scan(tr, limit, after).join()))", RepositoryWriter.BLOCKING).build());
    return out;
  }

  /**
   * {@code body} (over {@code tr}) in a transaction of {@code db}: for an entity with an {@code @Embedding}, through
   * {@code EntityStore.run}, so the partitions the save took over their maximum are split before it returns.
   */
  private static CodeBlock saving(EntityModel entity, String body) {
    return entity.embeddings().isEmpty() ? CodeBlock.of("db.run(tr -> $L)", body)
        : CodeBlock.of("store.run(db, tr -> $L)", body);
  }

  /** Whether a declared method writes (a delete): it runs in a {@code run} transaction. */
  private static boolean writes(QueryMethodModel m) {
    return m.shape() == ResultShape.DELETE_VOID || m.shape() == ResultShape.DELETE_LONG;
  }

  private static MethodSpec.Builder override(String name, TypeName result, List<ParameterSpec> params) {
    return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(result)
        .addParameters(params);
  }

  /** Writes one declared query method. */
  private static final class QueryMethodWriter {
    private final EntityModel entity;
    private final QueryMethodModel m;
    private final ValueCode values;
    private final ScanCode scans;

    QueryMethodWriter(EntityModel entity, QueryMethodModel m) {
      this.entity = entity;
      this.m = m;
      this.values = new ValueCode(entity.codecName());
      this.scans = new ScanCode(entity);
    }

    MethodSpec write() {
      MethodSpec.Builder b = MethodSpec.methodBuilder(m.name()).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
          .returns(m.returnType()).addJavadoc("$L", new PlanDoc(entity, m).text());
      m.params().forEach(p -> b.addParameter(p.type(), p.name()));
      String context = m.context() == Context.NONE ? "db" : m.params().get(0).name();
      boolean write = writes(m);
      if (m.shape() == ResultShape.STREAM && m.plans().get(0).nearest() != null) {
        // k results, read in one transaction
        return b.addStatement("return $T.call(() -> $N.read(tr -> $L.join())).stream()", RepositoryWriter.BLOCKING, context,
            nearest(m.plans().get(0))).build();
      }
      if (m.shape() == ResultShape.STREAM && FindReads.streamsCandidates(m)) {
        // entities from the read core's candidates, a First/Top n ending after n
        return b.addStatement("return $L", FindWriter.value(FindWriter.strata(m.name(), context, false), find(scans.source(m.plans().get(0), 0))))
            .build();
      }
      if (m.shape() == ResultShape.STREAM) {
        // pages (index keys, a spatial read); a First/Top n ends after n
        CodeBlock stream = CodeBlock.of("$T.stream($N, (tr, after) -> $L)", QUERY_RESULTS, context, page(CodeBlock.of("$T.STREAM_BATCH", QUERY_RESULTS)));
        int first = m.parsed().limit();
        return b.addStatement("return $L", first > 0 ? CodeBlock.of("$L.limit($L)", stream, first) : stream).build();
      }
      if (FindReads.inBatches(m)) {
        QueryPlan plan = m.plans().get(0);
        boolean keys = m.plans().size() == 1 && FindReads.readsKeys(m, plan);
        FindWriter.Source every = m.plans().size() > 1 ? ScanCode.allRows(scans.anyOf(m.plans()))
            : keys ? new FindWriter.Listed(CodeBlock.of("$T.map($T.keys(db, store, $T.indexKeys(store$$ -> $L)), k -> $L)", ValueCode.ELEMENTS,
                FindWriter.CANDIDATE_READS, ScanCode.CANDIDATES, scans.scan(plan, "store$"), scans.fromKey(m, plan)))
            : scans.source(plan, 0);
        return b.addStatement("return $L", FindWriter.value(FindWriter.strata(m.name(), context, true), find(every, keys))).build();
      }
      CodeBlock core = core();
      if (m.async()) {
        return b.addStatement("return $N.$N(tr -> $L)", context, write ? "runAsync" : "readAsync", core).build();
      }
      if (m.returnType().equals(TypeName.VOID)) {
        return b.addStatement("$T.call(() -> $N.run(tr -> $L.join()))", RepositoryWriter.BLOCKING, context, core).build();
      }
      return b.addStatement("return $T.call(() -> $N.$N(tr -> $L.join()))", RepositoryWriter.BLOCKING, context,
          write ? "run" : "read", core).build();
    }

    private int limit() {
      return FindWriter.reads(m.shape(), m.parsed().limit());
    }

    /**
     * How many results to read: {@link #limit()}, except with {@code Distinct}, which applies first (as in
     * SQL): then every match is read and the limit applies to the distinct values.
     */
    private int readLimit() {
      return m.parsed().distinct() ? 0 : limit();
    }

    /**
     * The method as {@link FindWriter} writes it, its matches from {@code source}: its entities projected as it asks,
     * unless the source already returns its projections (index keys).
     */
    private FindWriter.Find find(FindWriter.Source source, boolean projected) {
      CodeBlock project = m.projection().isEmpty() || projected ? null : scans.fromEntity(m);
      return new FindWriter.Find(source, m.shape(), m.parsed().limit(), m.parsed().distinct(), project, null);
    }

    private FindWriter.Find find(FindWriter.Source source) {
      return find(source, false);
    }

    /** The result of reading {@code source} in {@code tr}: the method's list shaped, or its count or exists of those rows. */
    private CodeBlock result(FindWriter.Source source, boolean projected) {
      FindWriter.Edge edge = FindWriter.strata(m.name(), null, false);
      FindWriter.Find find = find(source, projected);
      QueryBodies.Action action = QueryBodies.Result.action(m.shape());
      return action != null ? body(action, new QueryBodies.Rows(FindWriter.list(edge, find))) : FindWriter.value(edge, find);
    }

    /** An expression of type {@code CompletableFuture<result>} over a transaction {@code tr}. */
    private CodeBlock core() {
      if (m.plans().size() > 1) {
        CodeBlock keys = unionKeys();
        return keys == null ? result(union(), false) : body(QueryBodies.Result.action(m.shape()), new QueryBodies.Keys(keys, null));
      }
      QueryPlan plan = m.plans().get(0);
      if (plan.nearest() != null) {
        return nearest(plan);
      }
      QueryBodies.Action action = QueryBodies.Result.action(m.shape());
      if (plan.aggregate() != null) {
        CodeBlock value = scans.aggregate(plan);
        if (action == QueryBodies.Action.COUNT) {
          return body(action, new QueryBodies.Counter(value));
        }
        return m.shape() == ResultShape.ONE ? CodeBlock.of("$L.thenApply(o -> o.orElse(null))", value) : value;
      }
      if (action != null && plan.index() != null && plan.filtered().isEmpty() && m.projection().isEmpty() && !m.parsed().distinct()) {
        // the index applies every condition: the scan's own count, exists and delete read its keys alone
        return body(action, new QueryBodies.Scan(scans.scan(plan, action == QueryBodies.Action.DELETE ? limit() : 0)));
      }
      if (m.shape() == ResultShape.PAGE) {
        return page(CodeBlock.of("limit"));
      }
      if (!m.projection().isEmpty() && plan.fromKeys()) {
        CodeBlock keys = CodeBlock.of("$L.keys(tr).thenApply(ks -> $T.map(ks, k -> $L))", scans.scan(plan, readLimit()), ValueCode.ELEMENTS,
            scans.fromKey(m, plan));
        return result(new FindWriter.Listed(keys), true);
      }
      return result(scans.source(plan, readLimit()), false);
    }

    /**
     * The {@code CompletableFuture<List<…>>} of a vector search: its entities, or each with its distance; as many
     * candidates explored as an {@code int} after the conditions' parameters says, if the method has one.
     */
    private CodeBlock nearest(QueryPlan plan) {
      int conditions = m.parsed().alternatives().stream().flatMap(List::stream).mapToInt(c -> c.operator().arity()).sum();
      int first = m.context() == Context.NONE ? 0 : 1;
      CodeBlock option = m.params().size() == first + conditions + 1
          ? CodeBlock.of("$N", m.params().get(m.params().size() - 1).name()) : null;
      CodeBlock residual = plan.filtered().isEmpty() ? null : scans.predicate(plan.filtered());
      return VectorOperations.elements(VectorOperations.nearest(entity, plan, "vectors", null, option, residual), m.element());
    }

    /**
     * The keys of an {@code Or} whose every branch's index applies all its conditions, for a count or an exists of it
     * ({@code Candidates.unionKeys}: each entity once, no row read); null for any other method.
     */
    private CodeBlock unionKeys() {
      QueryBodies.Action action = QueryBodies.Result.action(m.shape());
      boolean keysServe = m.plans().stream().allMatch(p -> p.index() != null && p.filtered().isEmpty() && p.aggregate() == null);
      if (action == null || action == QueryBodies.Action.DELETE || !keysServe || !m.projection().isEmpty() || m.parsed().distinct()) {
        return null;
      }
      CodeBlock.Builder branches = CodeBlock.builder();
      for (QueryPlan p : m.plans()) {
        branches.add(branches.isEmpty() ? "$T.indexKeys(store$$ -> $L)" : ",\n$T.indexKeys(store$$ -> $L)", ScanCode.CANDIDATES,
            scans.scan(p, "store$"));
      }
      return CodeBlock.of("$T.<$T>unionKeys($T.of($L))", ScanCode.CANDIDATES, entity.type(), List.class, branches.build());
    }

    /**
     * Where the matches of an {@code Or} come from: every row, each checked against every branch, when the planner reads
     * them so; else the entities of every branch, their union without duplicates, ordered and limited.
     */
    private FindWriter.Source union() {
      if (m.everyRowOnce()) {
        return ScanCode.allRows(scans.anyOf(m.plans()));
      }
      FindWriter.Edge edge = FindWriter.strata(m.name(), null, false);
      CodeBlock.Builder branches = CodeBlock.builder().add("$T.of(", List.class);
      for (int i = 0; i < m.plans().size(); i++) {
        int limit = ScanCode.branchLimit(m.plans().get(i), m.order(), entity.id(), readLimit());
        FindWriter.Source branch = scans.source(m.plans().get(i), limit);
        branches.add(i == 0 ? "$L" : ",\n$L", branch instanceof FindWriter.Candidates c
            ? edge.read(c, limit == 0 ? null : CodeBlock.of("$L", limit), true) : ((FindWriter.Listed) branch).list());
      }
      branches.add(")");
      CodeBlock key = CodeBlock.of("e -> $T.from($L)", ValueCode.TUPLE, values.encode(entity.id().type(), CodeBlock.of("$L", entity.id().read())));
      CodeBlock order = CodeBlock.of("null");
      if (!m.order().isEmpty()) {
        CodeBlock.Builder parts = CodeBlock.builder();
        List<FieldModel> fields = new ArrayList<>(m.order().stream().map(OrderItem::field).toList());
        fields.add(entity.id());
        for (int i = 0; i < fields.size(); i++) {
          parts.add(i == 0 ? "$L" : ", $L", values.encode(fields.get(i).type(), CodeBlock.of("$L", fields.get(i).read())));
        }
        order = CodeBlock.of("$T.comparing(($T e) -> $T.from($L))$L", Comparator.class, entity.type(), ValueCode.TUPLE, parts.build(),
            m.order().get(0).descending() ? ".reversed()" : "");
      }
      int limit = readLimit() == 0 ? Integer.MAX_VALUE : readLimit();
      return new FindWriter.Listed(CodeBlock.of("$T.unionOf($L, $L, $L, $L)", QUERY_RESULTS, branches.build(), key, order,
          limit == Integer.MAX_VALUE ? "Integer.MAX_VALUE" : String.valueOf(limit)));
    }

    /** A count, exists or delete of {@code source}, as {@link QueryBodies} writes it for Strata. */
    private CodeBlock body(QueryBodies.Action action, QueryBodies.Source source) {
      CodeBlock id = values.encode(entity.id().type(), CodeBlock.of("$L", entity.id().read()));
      return QueryBodies.value(QueryBodies.strata(id), action, source, QueryBodies.Result.of(m.shape()));
    }

    /** {@code Paging.query(method, arguments...)}: what the method's continuations are bound to. */
    private CodeBlock call() {
      CodeBlock.Builder b = CodeBlock.builder().add("$T.query($S", QUERY_RESULTS, m.name());
      // the criteria's arguments: not the leading transaction, nor a page's limit and continuation (its last two)
      int from = m.context() == Context.NONE ? 0 : 1;
      int to = m.params().size() - (m.shape() == ResultShape.PAGE ? 2 : 0);
      for (QueryMethodModel.Param p : m.params().subList(from, to)) {
        b.add(", $N", p.name());
      }
      return b.add(")").build();
    }

    /** A {@code CompletableFuture<Page<element>>} of at most {@code size} results after {@code after}. */
    private CodeBlock page(CodeBlock size) {
      QueryPlan plan = m.plans().get(0);
      if (plan.allRows()) {
        CodeBlock rows = CodeBlock.of("$T.page(tr, store, e -> $L, $L, after, $L)", ScanCode.FILTERED_ROWS, scans.predicate(plan.filtered()),
            size, call());
        return m.projection().isEmpty() ? rows : CodeBlock.of("$L.thenApply(p -> new $T<>($T.map(p.items(), e -> $L), p.next()))", rows,
            PAGE, ValueCode.ELEMENTS, scans.fromEntity(m));
      }
      if (plan.spatial() != null) {
        return CodeBlock.of("spatial.within(tr, $S, $N, $L, after)", plan.spatial().field().name(), plan.spatialCriterion().params().get(0), size);
      }
      CodeBlock scan = CodeBlock.of("$L.boundTo($L)", scans.scan(plan, 0), call());
      if (m.projection().isEmpty()) {
        return CodeBlock.of("$L.page(tr, $L, after)", scan, size);
      }
      if (plan.fromKeys()) {
        return CodeBlock.of("$L.keyPage(tr, $L, after).thenApply(p -> new $T<>($T.map(p.items(), k -> $L), p.next()))", scan, size, PAGE,
            ValueCode.ELEMENTS, scans.fromKey(m, plan));
      }
      return CodeBlock.of("$L.page(tr, $L, after).thenApply(p -> new $T<>($T.map(p.items(), e -> $L), p.next()))", scan, size, PAGE,
          ValueCode.ELEMENTS, scans.fromEntity(m));
    }
  }
}

package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.strata.processor.codegen.FindWriter;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.ResultShape;
import io.strata.processor.validation.Messages;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * What is Jakarta Data's in a find: the result types it accepts ({@code Page} and {@code CursoredPage} only with a
 * {@code PageRequest}), its javadoc, its order ({@code order$}: the static {@code OrderBy} and the {@code Sort}
 * parameters), the check that a cursor's order ends unique, and its pages and cursors ({@code DataStore.page},
 * {@code cursoredPage}). Every other find body (lists, single results, arrays, streams: read in an index's order when it
 * can stop early, else sorted in memory) is the one find writer's of both dialects, {@link FindWriter}, with Jakarta
 * Data's edge.
 */
final class JakartaFind {
  private static final ClassName RESULT_PAGES = JakartaRepositoryWriter.RESULT_PAGES;
  private static final ClassName SORT = JakartaRepositoryWriter.SORT;

  private final JakartaMethodWriter m;

  JakartaFind(JakartaMethodWriter m) {
    this.m = m;
  }

  /**
   * Whether a find in an order can stop reading early: it needs only its first results (a {@code First}, a
   * {@code Limit}, a page, cursored or not), or returns a {@code Stream}, read lazily.
   */
  boolean stopsEarly(QueryReader.Query q) {
    if (q.order().isEmpty() && m.sorts.isEmpty()) {
      return false;
    }
    ResultShape shape = shape(m.type.getReturnType());
    return m.pageRequest == null ? q.first() > 0 || m.limit != null || shape == ResultShape.STREAM
        : q.first() == 0 && m.limit == null && shape != null && shape.paged();
  }

  Optional<MethodSpec> find(MethodSpec.Builder b, QueryReader.Query q, CodeBlock where, JakartaPlanner.Read read, TypeMirror result) {
    CodeBlock candidates = read.candidates();
    EntityModel entity = q.entity();
    String data = JakartaRepositoryWriter.dataField(entity);
    TypeName t = entity.type();
    ResultShape shape = shape(result);
    if (shape == null) {
      m.diagnostics.error(m.method, Messages.JAKARTA_RESULT, m.description, result, "a find",
          "return the entity (or the selected property), Optional, List, Stream, an array, Page or CursoredPage of it");
      return Optional.empty();
    }
    TypeMirror element = m.repositoryTypes.elementType(result);
    boolean entityResult = element instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(entity.type().canonicalName());
    if (q.select() == null && !entityResult) {
      m.diagnostics.error(m.method, Messages.JAKARTA_RESULT, m.description, result, "a find",
          "its elements must be " + entity.type().simpleName() + " (or SELECT one property to return its values)");
      return Optional.empty();
    }
    TypeName elementName = TypeName.get(element).box();
    CodeBlock project = q.select() == null ? null : CodeBlock.of("($T) $L", elementName, JakartaMethodWriter.selected(q.select(), elementName));
    FindWriter.Find find = new FindWriter.Find(new FindWriter.Candidates(where, candidates), shape, q.first(), false, project,
        TypeName.get(element));
    boolean ordered = !q.order().isEmpty() || !m.sorts.isEmpty();
    FindWriter.Edge edge = FindWriter.jakarta(m.description, data, new FindWriter.JakartaOrder(ordered, read.orders()), m.limit,
        m.pageRequest);
    if (shape == ResultShape.STREAM && q.order().isEmpty() && m.sorts.isEmpty() && m.pageRequest == null && q.first() == 0) {
      b.addJavadoc("The entities that match, in the order they are read (the method asks for none), read lazily: one read"
          + " transaction of at most {@value io.strata.query.CandidateReads#BATCH} candidates at a time as the stream is consumed$L. $L\n",
          m.limit == null ? "" : ", the first as many as the limit needs", read.plan());
      FindWriter.write(b, edge, find, t);
      return Optional.of(b.build());
    }
    boolean unordered = q.order().isEmpty() && m.sorts.isEmpty();
    boolean single = unordered && m.limit == null && m.pageRequest == null && q.first() == 0 && shape.atMostOne();
    boolean limited = q.first() > 0 || m.limit != null;
    // with no order at all, a limit or an offset page reads the candidates in the order they come in, only as far as it needs
    String asRead = "in the order they are read, reading no further than the " + (limited ? "limit" : "page")
        + " needs (the read below starts with a batch of that many keys, or of rows when it reads every row, then doubles)";
    boolean stopsUnordered = limited || shape == ResultShape.PAGE;
    String givenNone = q.order().isEmpty() && stopsUnordered ? "; given no order, " + asRead : "";
    CodeBlock orders = read.orders();
    String how = single ? "reading up to the second (a single result)"
        : unordered && stopsUnordered ? asRead + ", as the method asks for no order"
        : orders == null ? (m.pageRequest != null ? "sorted and paged in memory" : "sorted in memory") + givenNone
        : !m.sorts.isEmpty() ? "read in the order of an index's keys when one serves the order asked for (below), else sorted "
            + (m.pageRequest != null ? "and paged " : "") + "in memory" + givenNone
        : shape == ResultShape.STREAM ? "read lazily in the order of the index's keys, each run of ties on the order sorted in memory"
        : "sorted in memory among the first ones read in order";
    String cursor = orders != null && shape == ResultShape.CURSORED_PAGE ? " The cursor of a page read in index order is a position"
        + " in its keys: the next page reads on from just after it, the previous page backwards from just before it." : "";
    b.addJavadoc("The entities that match, $L. $L$L\n", how, read.plan(), cursor);
    CodeBlock.Builder fixed = CodeBlock.builder();
    q.order().forEach(o -> fixed.add(fixed.isEmpty() ? "$L" : ", $L", o.code()));
    CodeBlock.Builder dynamic = CodeBlock.builder();
    m.sorts.forEach(s -> dynamic.add(", $L", s));
    b.addStatement("$T<$T<? super $T>> order$$ = $T.<$T>order($T.of($L)$L)", List.class, SORT, t, RESULT_PAGES, t, List.class,
        fixed.build(), dynamic.build());
    CodeBlock keys = read.keys() == null ? CodeBlock.of("null") : read.keys();
    // no index order listed: an order asked for is sorted in memory, none asked reads in the candidates' order
    CodeBlock indexOrders = orders == null ? CodeBlock.of("$T.of()", List.class) : orders;
    if (shape.paged()) {
      if (m.pageRequest == null) {
        m.diagnostics.error(m.method, Messages.JAKARTA_RESULT, m.description, result, "a query without a PageRequest parameter",
            "add a PageRequest parameter, or return a List");
        return Optional.empty();
      }
      if (shape == ResultShape.CURSORED_PAGE && m.sorts.isEmpty() && !endsUnique(q.order(), entity)) {
        String id = entity.id().name();
        m.diagnostics.warning(m.method, Messages.JAKARTA_CURSOR_TIES, m.description,
            q.order().stream().map(o -> o.field().name() + (o.descending() ? " desc" : " asc")).toList(),
            entity.type().simpleName(), id, MethodNameParser.capitalized(id), id);
      }
      CodeBlock page = CodeBlock.of("$N.$L($L, $L, $L, $L, order$$, $N)", data, shape.pageMethod(), where, candidates, keys, indexOrders,
          m.pageRequest);
      if (project != null && shape == ResultShape.PAGE) {
        page = CodeBlock.of("$T.map($L, e -> $L)", RESULT_PAGES, page, project);
      }
      b.addStatement("return $L", page);
      return Optional.of(b.build());
    }
    FindWriter.write(b, edge, find, t);
    return Optional.of(b.build());
  }

  /**
   * Whether no two entities tie on every sort of {@code order}: it sorts by the id or by every field of a unique index
   * (none of them ignoring case, which lets different values tie).
   */
  private static boolean endsUnique(List<QueryReader.StaticSort> order, EntityModel entity) {
    java.util.Set<String> sorted = new java.util.HashSet<>();
    order.stream().filter(o -> !o.ignoreCase()).forEach(o -> sorted.add(o.field().name()));
    return sorted.contains(entity.id().name()) || entity.indexes().stream()
        .anyMatch(i -> i.unique() && i.fields().stream().allMatch(f -> sorted.contains(f.name())));
  }

  /** How a find returns its results; null when Jakarta Data has no such result. */
  static ResultShape shape(TypeMirror result) {
    if (result.getKind() == TypeKind.ARRAY) {
      return ((ArrayType) result).getComponentType().getKind().isPrimitive() ? null : ResultShape.ARRAY;
    }
    if (result instanceof DeclaredType d) {
      return ResultShape.container(((TypeElement) d.asElement()).getQualifiedName().toString(), Vocabulary.JAKARTA)
          .orElse(ResultShape.ONE);
    }
    return result.getKind().isPrimitive() ? ResultShape.ONE : null;
  }
}

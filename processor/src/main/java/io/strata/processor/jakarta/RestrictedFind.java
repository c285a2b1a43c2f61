package io.strata.processor.jakarta;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.codegen.FindWriter;
import io.strata.processor.codegen.RestrictedMethodWriter;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.ResultShape;
import io.strata.processor.model.RestrictedMethod;
import io.strata.processor.validation.Messages;
import io.strata.processor.validation.QueryError;
import io.strata.processor.validation.RestrictionParameters;
import io.strata.query.model.Condition;
import io.strata.query.model.Operand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Writes a Jakarta Data find, count or exists method (a method name or {@code @Find}) that takes a
 * {@code Restriction<E>} parameter: its own condition becomes a {@code DeclaredQuery} constant
 * ({@link RestrictedMethodWriter#addConstant}) and its body hands it, the caller's restriction and the parameters' values
 * to {@code RuntimeQueries.declared}, as a Strata method's does, then applies the Jakarta special parameters
 * ({@code Sort}/{@code Order}, {@code Limit}, an offset {@code PageRequest}: {@code RestrictedReads}) and shapes the
 * result with Jakarta's exceptions. The combined query is planned at run time with Jakarta's semantics; one no index
 * narrows reads every row, as this dialect's unserved methods do, unless {@code -Astrata.requireIndexes=true} (then it
 * throws {@code QueryNotServedException}).
 */
final class RestrictedFind {
  private static final ClassName FINDER = ClassName.get("io.strata", "Finder");
  private static final ClassName RESTRICTED_READS = ClassName.get("io.strata.jakarta.data", "RestrictedReads");
  private static final ClassName LIST = ClassName.get(List.class);
  private final JakartaMethodWriter w;

  RestrictedFind(JakartaMethodWriter writer) {
    this.w = writer;
  }

  Optional<MethodSpec> write(MethodSpec.Builder b) {
    EntityModel entity = w.entity(w.primary);
    if (entity == null) {
      w.diagnostics.error(w.method, Messages.JAKARTA_NO_ENTITY, w.description);
      return Optional.empty();
    }
    VariableElement restriction;
    try {
      restriction = RestrictionParameters.find(entity, w.method);
    } catch (QueryError e) {
      w.diagnostics.error(w.method, e.message(), e.args());
      return Optional.empty();
    }
    if (!w.repositories.runTimeQueries(entity)) {
      w.diagnostics.error(w.method, Messages.JAKARTA_RESTRICTION_NO_QUERIES, w.description, entity.type().simpleName());
      return Optional.empty();
    }
    String refused = refused(entity);
    if (refused != null) {
      w.diagnostics.error(w.method, Messages.QUERY_RESTRICTION_KIND, w.description, refused);
      return Optional.empty();
    }
    Optional<QueryReader.Query> read = w.reader.query();
    if (read.isEmpty()) {
      return Optional.empty();
    }
    QueryReader.Query q = read.get();
    refused = q.action().startsWith("unknown:") ? "a property " + entity.type().simpleName() + " does not have ('"
        + q.action().substring("unknown:".length()) + "')"
        : q.action().equals("delete") ? "a delete"
        : q.select() != null ? "a projection"
        : null;
    if (refused != null) {
      w.diagnostics.error(w.method, Messages.QUERY_RESTRICTION_KIND, w.description, refused);
      return Optional.empty();
    }
    TypeMirror result = w.type.getReturnType();
    ResultShape shape = switch (q.action()) {
      case "count" -> ResultShape.COUNT_LONG;
      case "exists" -> ResultShape.EXISTS;
      default -> JakartaFind.shape(result);
    };
    if (shape == ResultShape.CURSORED_PAGE) {
      w.diagnostics.error(w.method, Messages.JAKARTA_RESTRICTION_CURSORED, w.description, entity.type().simpleName());
      return Optional.empty();
    }
    String wrong = shape == null ? "return an entity, Optional, List, Stream, an array, or Page"
        : shape == ResultShape.PAGE && w.pageRequest == null ? "take a PageRequest parameter for a Page"
        : shape != ResultShape.PAGE && shape != ResultShape.LIST && w.pageRequest != null
            ? "return Page<" + entity.type().simpleName() + "> or a List for a PageRequest"
        : shape == ResultShape.EXISTS && result.getKind() != TypeKind.BOOLEAN && !result.toString().equals("java.lang.Boolean")
            ? "return boolean"
        : shape == ResultShape.COUNT_LONG && result.getKind() == TypeKind.VOID ? "return long, int or boolean"
        : null;
    if (wrong != null) {
      w.diagnostics.error(w.method, Messages.JAKARTA_RESULT, w.description, result, "a method taking a Restriction", wrong);
      return Optional.empty();
    }
    List<String> values = new ArrayList<>();
    parameters(q.condition(), values);
    String name = w.method.getSimpleName().toString();
    int limit = shape.atMostOne() ? 2 : q.first();
    List<QueryMethodModel.Param> params = w.method.getParameters().stream()
        .map(p -> new QueryMethodModel.Param(p.getSimpleName().toString(), TypeName.get(p.asType()))).toList();
    RestrictedMethod m = new RestrictedMethod(name, params, restriction.getSimpleName().toString(), values, q.condition(),
        List.of(), limit, !w.repositories.requireIndexes, shape, TypeName.get(result));
    String constant = w.repositories.restrictedConstant(m);
    w.observe(entity, RestrictedMethodWriter.PLAN);
    w.reader.converted().forEach((local, value) -> b.addStatement("$T $N = $L", value.type(), local, value.code()));
    b.addJavadoc("The method's own query ({@code $N}) and-ed with {@code $N}, planned at run time onto the entity's indexes\n"
        + "as {@code where(...)} is, with Jakarta Data's value order and null policy; {@code where(...).explain()} of the\n"
        + "same query says the keys it reads. $L\n"
        + "@throws NullPointerException if {@code $N} is null ({@code Restrict.unrestricted()} adds nothing)\n",
        constant, m.restriction(), w.repositories.requireIndexes
            ? "A combined query no index narrows throws {@code io.strata.QueryNotServedException} (-Astrata.requireIndexes=true)."
            : "A combined query no index narrows reads every row.", m.restriction());
    CodeBlock.Builder args = CodeBlock.builder();
    values.forEach(v -> args.add(", $N", v));
    TypeName finder = ParameterizedTypeName.get(FINDER, entity.type());
    b.addStatement("$T found = queries.declared($N, $S, $N$L)", finder, constant, m.restriction(), m.restriction(), args.build());
    if (!q.order().isEmpty() || !w.sorts.isEmpty()) {
      CodeBlock fixed = CodeBlock.of("$T.<$T>of($L)", LIST, ParameterizedTypeName.get(JakartaRepositoryWriter.SORT,
          com.palantir.javapoet.WildcardTypeName.supertypeOf(entity.type())),
          CodeBlock.join(q.order().stream().map(QueryReader.StaticSort::code).toList(), ", "));
      CodeBlock dynamic = CodeBlock.join(w.sorts.stream().map(s -> CodeBlock.of("$L", s)).toList(), ", ");
      b.addStatement("found = $T.ordered(found, $L$L)", RESTRICTED_READS, fixed, w.sorts.isEmpty() ? "" : ", " + dynamic);
    }
    CodeBlock all = w.limit != null ? CodeBlock.of("$T.list(found, $N)", RESTRICTED_READS, w.limit)
        : w.pageRequest != null ? CodeBlock.of("$T.content(found, $N, $S)", RESTRICTED_READS, w.pageRequest, w.description)
        : CodeBlock.of("found.list()");
    switch (shape) {
      case COUNT_LONG -> {
        return w.returnNumber(b, CodeBlock.of("found.count()"), result);
      }
      case EXISTS -> b.addStatement("return found.exists()");
      case LIST, ARRAY, OPTIONAL, ONE -> b.addStatement("return $L", FindWriter.shaped(FindWriter.jakarta(w.description), all, shape,
          entity.type()));
      case STREAM -> b.addStatement("return $L", w.limit == null ? CodeBlock.of("found.stream()")
          : CodeBlock.of("$T.stream(found, $N)", RESTRICTED_READS, w.limit));
      case PAGE -> b.addStatement("return $T.page(found, $N, $S)", RESTRICTED_READS, w.pageRequest, w.description);
      default -> throw new IllegalStateException(w.description + " returns " + shape);
    }
    return Optional.of(b.build());
  }

  /** What the method is besides a find, count or exists that takes a restriction, null when it is one. */
  private String refused(EntityModel entity) {
    String name = w.method.getSimpleName().toString();
    if (RepositoryTypes.annotationValue(w.method, RepositoryTypes.PKG + "Query", "value") != null) {
      return "a JDQL @Query";
    }
    if (Stream.of("Insert", "Update", "Save", "Delete")
        .anyMatch(a -> RepositoryTypes.annotationValue(w.method, RepositoryTypes.PKG + a, "value") != null)) {
      return "a lifecycle or delete method";
    }
    if (NearestMethod.applies(name, entity)) {
      return "a Near search of an @Embedding";
    }
    return null;
  }

  /** The names of the parameters {@code c} compares with, in order, added to {@code into}. */
  private static void parameters(Condition c, List<String> into) {
    if (c instanceof Condition.And and) {
      and.parts().forEach(p -> parameters(p, into));
    } else if (c instanceof Condition.Or or) {
      or.parts().forEach(p -> parameters(p, into));
    } else if (c instanceof Condition.Not not) {
      parameters(not.part(), into);
    } else if (c instanceof Condition.Compare compare) {
      compare.operands().forEach(o -> {
        String p = ((Operand.Param) o).name();
        if (!into.contains(p)) {
          into.add(p);
        }
      });
    }
  }
}

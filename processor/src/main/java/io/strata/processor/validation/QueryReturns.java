package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.ResultShape;
import io.strata.query.names.MethodName.Action;
import io.strata.query.names.Vocabulary;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * What a declared query method returns: reads its return type into a {@link ResultShape}, whether it is a
 * {@code CompletableFuture}, its element type and any projection, against the method's subject (find, count, exists,
 * delete, min/max/sum, Near); a return type that fits none is a {@link QueryError} listing what would.
 */
final class QueryReturns {
  private final EntityModel entity;
  private final ExecutableElement method;
  private final String name;
  private final QueryProperties properties;

  QueryReturns(QueryProperties properties, ExecutableElement method) {
    this.entity = properties.entity();
    this.method = method;
    this.name = properties.method();
    this.properties = properties;
  }

  record Returned(ResultShape shape, boolean async, TypeName element, List<FieldModel> projection, boolean record) {}

  Returned returned(QueryMethod parsed, FieldModel projected, boolean nearest) throws QueryError {
    TypeMirror declared = method.getReturnType();
    boolean async = false;
    if (generic(declared, "java.util.concurrent.CompletableFuture") != null) {
      declared = generic(declared, "java.util.concurrent.CompletableFuture");
      async = true;
    }
    TypeName t = TypeName.get(declared);
    if (nearest) {
      return nearestReturned(parsed, projected, declared, async);
    }
    String subject = parsed.subject().name().toLowerCase();
    switch (parsed.subject()) {
      case COUNT -> {
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.COUNT_LONG, async, t, List.of(), false);
        }
        if (t.equals(TypeName.INT) || t.equals(TypeName.INT.box())) {
          return new Returned(ResultShape.COUNT_INT, async, t, List.of(), false);
        }
        throw returnError(t, subject, "long or int (or a CompletableFuture of one)");
      }
      case SUM -> {
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.COUNT_LONG, async, t, List.of(), false);
        }
        throw returnError(t, subject, "long (or CompletableFuture<Long>)");
      }
      case MIN, MAX -> {
        TypeName boxed = projected.type().type().box();
        TypeMirror optional = generic(declared, "java.util.Optional");
        if (optional != null && TypeName.get(optional).equals(boxed)) {
          return new Returned(ResultShape.OPTIONAL, async, boxed, List.of(), false);
        }
        if (t.equals(boxed)) {
          return new Returned(ResultShape.ONE, async, boxed, List.of(), false);
        }
        throw returnError(t, subject, "Optional<" + boxed + "> or " + boxed + ", null when no entity matches (or a CompletableFuture"
            + " of one)");
      }
      case EXISTS -> {
        if (t.equals(TypeName.BOOLEAN) || t.equals(TypeName.BOOLEAN.box())) {
          return new Returned(ResultShape.EXISTS, async, t, List.of(), false);
        }
        throw returnError(t, subject, "boolean (or CompletableFuture<Boolean>)");
      }
      case DELETE -> {
        if (t.equals(TypeName.VOID) || t.equals(ClassName.get(Void.class))) {
          return new Returned(ResultShape.DELETE_VOID, async, t, List.of(), false);
        }
        if (t.equals(TypeName.LONG) || t.equals(TypeName.LONG.box())) {
          return new Returned(ResultShape.DELETE_LONG, async, t, List.of(), false);
        }
        throw returnError(t, subject, "void or long, the number deleted (or a CompletableFuture of one)");
      }
      default -> {
        String results = "List<E>, Optional<E>, E, Page<E>, Stream<E> (stream methods: Stream<E> only) or a CompletableFuture"
            + " of one (not of a Stream), E being " + entity.type().simpleName()
            + (projected == null ? " or a record projection" : ", the projected property's type");
        String type = declared instanceof DeclaredType d ? ((TypeElement) d.asElement()).getQualifiedName().toString() : "";
        ResultShape container = ResultShape.container(type, Vocabulary.STRATA).orElse(null);
        TypeMirror contents = container == null ? null : generic(declared, type);
        ResultShape shape;
        TypeMirror element;
        if (container == ResultShape.STREAM && contents != null && !async) {
          shape = ResultShape.STREAM;
          element = contents;
        } else if (parsed.subject() == Action.STREAM) {
          throw returnError(t, subject, "Stream<E>");
        } else if (container != null && container != ResultShape.STREAM && contents != null) {
          shape = container;
          element = contents;
        } else if (declared.getKind() == TypeKind.DECLARED) {
          shape = ResultShape.ONE;
          element = declared;
        } else {
          throw returnError(t, subject, results);
        }
        return element(t, shape, async, element, projected, subject, results);
      }
    }
  }

  /**
   * What a {@code Near} method returns: a {@code List} (or a {@code CompletableFuture} of one) or a {@code Stream} of
   * entities, or of {@code Scored} entities carrying their distance; no projection.
   */
  private Returned nearestReturned(QueryMethod parsed, FieldModel projected, TypeMirror declared, boolean async)
      throws QueryError {
    if (parsed.subject() != Action.FIND && parsed.subject() != Action.STREAM || projected != null || parsed.distinct()) {
      String form = projected != null ? "a projection" : parsed.distinct() ? "Distinct" : parsed.subject().name().toLowerCase();
      throw new QueryError(Messages.QUERY_NEAREST_FORM, name, "a Near in a " + form);
    }
    TypeName t = TypeName.get(declared);
    String type = declared instanceof DeclaredType d ? ((TypeElement) d.asElement()).getQualifiedName().toString() : "";
    ResultShape shape = ResultShape.container(type, Vocabulary.STRATA).orElse(null);
    TypeMirror contents = shape == null ? null : generic(declared, type);
    TypeName element = contents == null ? null : TypeName.get(contents);
    boolean fits = (shape == ResultShape.LIST || shape == ResultShape.STREAM && !async)
        && (parsed.subject() == Action.FIND || shape == ResultShape.STREAM)
        && (entity.type().equals(element) || ParameterizedTypeName.get(EmbeddingModel.SCORED, entity.type()).equals(element));
    if (!fits) {
      String e = entity.type().simpleName();
      throw returnError(t, "Near", "List<" + e + ">, List<Scored<" + e + ">> (io.strata.Scored: the entity and its distance),"
          + " a Stream of either, or a CompletableFuture of a List");
    }
    return new Returned(shape, async, element, List.of(), false);
  }

  private Returned element(TypeName t, ResultShape shape, boolean async, TypeMirror element, FieldModel projected, String subject,
      String results) throws QueryError {
    TypeName e = TypeName.get(element);
    if (projected != null) {
      if (!e.equals(projected.queryType().type().box())) {
        throw returnError(t, subject, results.replace("the projected property's type", projected.queryType().type().box().toString()));
      }
      return new Returned(shape, async, e, List.of(projected), false);
    }
    if (e.equals(entity.type())) {
      return new Returned(shape, async, e, List.of(), false);
    }
    if (element instanceof DeclaredType d && d.asElement().getKind() == ElementKind.RECORD) {
      TypeElement record = (TypeElement) d.asElement();
      List<FieldModel> fields = new ArrayList<>();
      for (var component : record.getRecordComponents()) {
        String cname = component.getSimpleName().toString();
        FieldModel f = properties.find(cname);
        if (f == null || !TypeName.get(component.asType()).box().equals(f.type().type().box())) {
          String why = f == null ? EntityValidator.suggestion(cname, properties.byName().keySet())
              : " (it is " + f.type().type() + ", the component " + TypeName.get(component.asType()) + ")";
          throw new QueryError(Messages.QUERY_PROJECTION_COMPONENT, name, cname, record.getSimpleName(), entity.type().simpleName(), why);
        }
        fields.add(f);
      }
      return new Returned(shape, async, e, fields, true);
    }
    throw returnError(t, subject, results);
  }

  QueryError returnError(TypeName t, String subject, String expected) {
    return new QueryError(Messages.QUERY_RETURN_TYPE, name, t, subject, expected);
  }

  private TypeMirror generic(TypeMirror t, String erasure) {
    if (t instanceof DeclaredType d && d.getTypeArguments().size() == 1
        && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(erasure)) {
      return d.getTypeArguments().get(0);
    }
    return null;
  }
}

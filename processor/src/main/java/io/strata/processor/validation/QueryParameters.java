package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethod;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Binds a declared query method's parameters to the conditions its name states, in order, checking their count and
 * each one's type against the property and operator (a collection for {@code In}, a {@code BoundingBox} for
 * {@code Within}, a query vector for a vector {@code Near}, {@code int limit, Continuation after} for a page).
 */
final class QueryParameters {
  private static final ClassName CONTINUATION = ClassName.get("io.strata", "Continuation");
  private static final ClassName BOUNDING_BOX = ClassName.get("io.strata", "BoundingBox");
  private static final ClassName GEO_POINT = ClassName.get("io.strata", "GeoPoint");
  private static final ClassName POINT = ClassName.get("io.strata", "Point");
  private static final TypeName FLOAT_ARRAY = com.palantir.javapoet.ArrayTypeName.of(TypeName.FLOAT);

  private final EntityModel entity;
  private final String name;
  private final QueryProperties properties;

  QueryParameters(QueryProperties properties) {
    this.entity = properties.entity();
    this.name = properties.method();
    this.properties = properties;
  }

  /** Binds each criterion to its parameters, checking count and types. */
  List<List<BoundCriterion>> bind(QueryMethod parsed, List<? extends VariableElement> declared, int first, boolean paged)
      throws QueryError {
    List<String> expected = new ArrayList<>();
    for (List<QueryMethod.Criterion> and : parsed.alternatives()) {
      for (QueryMethod.Criterion c : and) {
        for (int i = 0; i < c.operator().arity(); i++) {
          expected.add(c.property() + (c.operator().arity() > 1 ? (i == 0 ? " (from)" : " (to)") : ""));
        }
      }
    }
    if (paged) {
      expected.add("int limit");
      expected.add("Continuation after");
    }
    int count = declared.size() - first;
    if (count != expected.size()) {
      throw new QueryError(Messages.QUERY_PARAMETER_COUNT, name, expected.size(), String.join(", ", expected), count);
    }
    int next = first;
    List<List<BoundCriterion>> out = new ArrayList<>();
    for (List<QueryMethod.Criterion> and : parsed.alternatives()) {
      List<BoundCriterion> bound = new ArrayList<>();
      for (QueryMethod.Criterion c : and) {
        FieldModel f = properties.get(c.property());
        List<VariableElement> ps = new ArrayList<>(declared.subList(next, next + c.operator().arity()));
        next += c.operator().arity();
        convertedParameters(f, ps);
        check(c.operator(), f, ps);
        bound.add(new BoundCriterion(f, c.operator(), ps.stream().map(p -> p.getSimpleName().toString()).toList()));
      }
      out.add(bound);
    }
    if (paged) {
      VariableElement limit = declared.get(next);
      VariableElement after = declared.get(next + 1);
      if (limit.asType().getKind() != TypeKind.INT) {
        throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, limit.getSimpleName(), limit.asType(), "a Page result", "int limit");
      }
      if (!TypeName.get(after.asType()).equals(CONTINUATION)) {
        throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, after.getSimpleName(), after.asType(), "a Page result",
            "io.strata.Continuation after");
      }
    }
    return out;
  }

  /**
   * Strata's own query methods compare a {@code @Convert} property's column values as they are, in the index and in the
   * rows: a parameter of the converter's attribute type (the entity's type) would need converting, which they do not do,
   * so it gets an error naming the column type and the Jakarta Data repositories that convert. (A converter whose column
   * type is its attribute type leaves nothing to tell apart: the parameter is the column value.)
   */
  private void convertedParameters(FieldModel f, List<VariableElement> ps) throws QueryError {
    if (f.converter() == null) {
      return;
    }
    TypeName attribute = f.converter().attribute().box();
    if (attribute.equals(f.queryType().type().box())) {
      return; // a converter to its own type: the parameter is the column value, as for any other method here
    }
    for (VariableElement p : ps) {
      TypeName given = TypeName.get(p.asType()).box();
      TypeName item = collectionItem(p.asType());
      if (given.equals(attribute) || (item != null && item.box().equals(attribute))) {
        throw new QueryError(Messages.QUERY_CONVERTED_PARAMETER, name, p.getSimpleName(), p.asType(), f.name(), f.converter().type(),
            f.queryType().type().box());
      }
    }
  }

  private void check(Operator op, FieldModel f, List<VariableElement> ps) throws QueryError {
    ValueType type = f.queryType();
    TypeName want = type.type().box();
    boolean anything = type.kind() == ValueType.Kind.DOC_OBJECT;
    switch (op) {
      case IS_NULL -> throw new QueryError(Messages.QUERY_IS_NULL, name, f.name());
      case TRUE, FALSE -> {
        if (type.kind() != ValueType.Kind.BOOLEAN) {
          throw new QueryError(Messages.QUERY_BOOLEAN_OPERATOR, name, f.name(), type.type());
        }
      }
      case NEAREST -> {
        if (entity.embedding(f.name()) == null) {
          throw new QueryError(Messages.QUERY_NEAREST_NOT_EMBEDDING, name, f.name(), f.name());
        }
        expect(ps.get(0), FLOAT_ARRAY, "Near on " + f.name() + " (the query vector, " + entity.embedding(f.name()).dimensions()
            + " components)");
      }
      case WITHIN, NEAR -> {
        if (entity.spatial().stream().noneMatch(s -> s.field().name().equals(f.name()))) {
          throw new QueryError(Messages.QUERY_NOT_SPATIAL, name, op == Operator.WITHIN ? "Within" : "Near", f.name());
        }
        boolean geo = type.kind() == ValueType.Kind.GEO_POINT;
        if (op == Operator.WITHIN) {
          expect(ps.get(0), BOUNDING_BOX, "Within on " + f.name());
        } else {
          expect(ps.get(0), geo ? GEO_POINT : POINT, "Near on " + f.name());
          expect(ps.get(1), TypeName.DOUBLE, "Near on " + f.name() + " (radius in metres)");
          if (!geo) {
            throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, ps.get(0).getSimpleName(), ps.get(0).asType(),
                "Near", "a @Spatial io.strata.GeoPoint field (metres); use Within for io.strata.Point");
          }
        }
      }
      case IN -> {
        TypeMirror t = ps.get(0).asType();
        TypeName item = collectionItem(t);
        if (item == null || (!anything && !item.box().equals(want))) {
          throw new QueryError(Messages.QUERY_IN_NOT_COLLECTION, name, f.name(), want, ps.get(0).getSimpleName(), t);
        }
      }
      case STARTING_WITH -> {
        if (type.kind() != ValueType.Kind.STRING) {
          throw new QueryError(Messages.QUERY_STARTING_WITH_NOT_STRING, name, f.name(), type.type());
        }
        expect(ps.get(0), want, "StartingWith on " + f.name());
      }
      default -> {
        if (op.kind() == Operator.Kind.RANGE && !anything && !type.isOrdered()) {
          throw new QueryError(Messages.QUERY_RANGE_NOT_ORDERED, name, op.word(), f.name(), type.type());
        }
        for (VariableElement p : ps) {
          if (!anything) {
            expect(p, want, op.word() + " on " + f.name());
          }
        }
      }
    }
  }

  private void expect(VariableElement p, TypeName want, String what) throws QueryError {
    if (!TypeName.get(p.asType()).box().equals(want.box())) {
      throw new QueryError(Messages.QUERY_PARAMETER_TYPE, name, p.getSimpleName(), p.asType(), what, want);
    }
  }

  /** The element type of a {@code Collection} (or a subtype declared with one type argument), or null. */
  private TypeName collectionItem(TypeMirror t) {
    if (!(t instanceof DeclaredType d) || d.getTypeArguments().size() != 1) {
      return null;
    }
    TypeElement e = (TypeElement) d.asElement();
    if (!implementsCollection(e.asType())) {
      return null;
    }
    TypeName arg = TypeName.get(d.getTypeArguments().get(0));
    return arg instanceof WildcardTypeName w && !w.upperBounds().isEmpty() ? w.upperBounds().get(0) : arg;
  }

  /** Whether {@code t} is {@code java.util.Collection} or declares it among its interfaces, directly or not. */
  private boolean implementsCollection(TypeMirror t) {
    return t instanceof DeclaredType d && (((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.Collection")
        || ((TypeElement) d.asElement()).getInterfaces().stream().anyMatch(this::implementsCollection));
  }

}

package io.strata.processor.validation;

import io.strata.annotations.Aggregate;
import io.strata.annotations.Rank;
import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.RankModel;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Validates the indexes computed from whole rows ({@code @Aggregate}, {@code @Rank}, {@code @Text},
 * {@code @Embedding}) of one entity, after its fields
 * are mapped: names, fields, group fields and the types each function needs.
 */
final class DerivedIndexValidator {
  /** Methods every repository has; a derived index named like one would clash with it. */
  private static final Set<String> RESERVED = Set.of("save", "saveAll", "findById", "findAllById", "deleteById", "existsById",
      "count", "findAll", "async", "verifyIndexes", "maintenance");

  /** The {@code @Embedding} annotation's name: read from its mirror. */
  static final String EMBEDDING = "io.strata.annotations.Embedding";

  private final Diagnostics diagnostics;
  private final TypeElement type;
  private final Map<String, FieldModel> fields = new LinkedHashMap<>();

  DerivedIndexValidator(Diagnostics diagnostics, TypeElement type, List<FieldModel> fields) {
    this.diagnostics = diagnostics;
    this.type = type;
    fields.forEach(f -> this.fields.put(f.name(), f));
  }

  /** The aggregates; {@code names} holds the names already taken by other indexes (and receives these). */
  List<AggregateModel> aggregates(Set<String> names) {
    List<AggregateModel> out = new ArrayList<>();
    for (Aggregate a : type.getAnnotationsByType(Aggregate.class)) {
      if (!checkName("Aggregate", a.name(), names)) {
        continue;
      }
      Optional<List<FieldModel>> groups = groups("Aggregate", a.name(), a.groupBy());
      String function = a.function().name();
      FieldModel field = null;
      boolean ok = groups.isPresent();
      if (a.field().isEmpty()) {
        if (a.function() != Aggregate.Function.COUNT) {
          diagnostics.error(type, Messages.AGGREGATE_NEEDS_FIELD, a.name(), function,
              a.function() == Aggregate.Function.SUM ? "an integral field" : "a field with an order");
          ok = false;
        }
      } else {
        field = field("Aggregate", a.name(), a.field());
        ok &= field != null && fieldFits(a, field);
      }
      if (ok) {
        out.add(new AggregateModel(a.name(), function, field, groups.get()));
      }
    }
    return out;
  }

  /**
   * The {@code @Text} fields among {@code annotated} (name to element); each must be a stored String. The
   * field name is the index's name, so {@code names} must not hold it already.
   */
  List<FieldModel> texts(Map<String, javax.lang.model.element.Element> annotated, Set<String> names) {
    List<FieldModel> out = new ArrayList<>();
    annotated.forEach((name, element) -> {
      FieldModel f = fields.get(name);
      if (f == null) {
        return; // transient or unmappable: reported where it is declared
      }
      if (f.type().kind() != ValueType.Kind.STRING) {
        diagnostics.error(element, Messages.TEXT_NOT_STRING, name, f.type().type());
      } else if (!names.add(name)) {
        diagnostics.error(element, Messages.TEXT_NAME_TAKEN, name, name, type.getSimpleName(), name);
      } else {
        out.add(f);
      }
    });
    return out;
  }

  /**
   * The {@code @Embedding} fields among {@code annotated} (name to element): each a stored {@code float[]} with
   * {@code dimensions > 0}, grouped by stored scalar fields. Read from the annotation's mirror, so a missing
   * {@code dimensions} javac already reports is not reported twice.
   */
  List<EmbeddingModel> embeddings(Map<String, javax.lang.model.element.Element> annotated) {
    List<EmbeddingModel> out = new ArrayList<>();
    annotated.forEach((name, element) -> {
      FieldModel f = fields.get(name);
      if (f == null) {
        return; // transient or unmappable: reported where it is declared
      }
      AnnotationMirror mirror = element.getAnnotationMirrors().stream()
          .filter(m -> m.getAnnotationType().toString().equals(EMBEDDING)).findFirst().orElseThrow();
      Map<String, Object> values = new LinkedHashMap<>();
      mirror.getElementValues().forEach((k, v) -> values.put(k.getSimpleName().toString(), v.getValue()));
      if (f.type().kind() != ValueType.Kind.VECTOR) {
        diagnostics.error(element, mirror, Messages.EMBEDDING_NOT_FLOAT_ARRAY, name, f.type().type());
        return;
      }
      if (!values.containsKey("dimensions")) {
        diagnostics.error(element, mirror, Messages.EMBEDDING_DIMENSIONS, name, 0);
        return;
      }
      int dimensions = (Integer) values.get("dimensions");
      if (dimensions <= 0) {
        diagnostics.error(element, mirror, Messages.EMBEDDING_DIMENSIONS, name, dimensions);
        return;
      }
      String metric = values.containsKey("metric") ? ((VariableElement) values.get("metric")).getSimpleName().toString() : "COSINE";
      List<?> groupBy = (List<?>) values.getOrDefault("groupBy", List.of());
      groups("Embedding", name, groupBy.stream().map(g -> (String) ((AnnotationValue) g).getValue()).toArray(String[]::new))
          .ifPresent(groups -> out.add(new EmbeddingModel(f, dimensions, metric, groups)));
    });
    return out;
  }

  /** Whether the entity is {@code @Versioned}; its feed takes the index name "changes" from {@code names}. */
  boolean versioned(Set<String> names) {
    if (type.getAnnotation(io.strata.annotations.Versioned.class) == null) {
      return false;
    }
    if (!names.add("changes")) {
      diagnostics.error(type, Messages.VERSIONED_NAME_TAKEN, type.getSimpleName(), type.getSimpleName());
    }
    return true;
  }

  /** The ranks; {@code names} holds the names already taken by other indexes (and receives these). */
  List<RankModel> ranks(Set<String> names) {
    List<RankModel> out = new ArrayList<>();
    for (Rank r : type.getAnnotationsByType(Rank.class)) {
      if (!checkName("Rank", r.name(), names)) {
        continue;
      }
      Optional<List<FieldModel>> groups = groups("Rank", r.name(), r.groupBy());
      FieldModel field = field("Rank", r.name(), r.field());
      if (field != null && !field.type().isOrdered()) {
        diagnostics.error(type, Messages.RANK_ORDER_TYPE, r.name(), field.name(), field.type().type());
        continue;
      }
      if (field != null && groups.isPresent()) {
        out.add(new RankModel(r.name(), field, groups.get(), r.descending()));
      }
    }
    return out;
  }

  private boolean fieldFits(Aggregate a, FieldModel field) {
    ValueType.Kind kind = field.type().kind();
    switch (a.function()) {
      case SUM -> {
        if (kind != ValueType.Kind.LONG && kind != ValueType.Kind.INT && kind != ValueType.Kind.SHORT && kind != ValueType.Kind.BYTE) {
          diagnostics.error(type, Messages.AGGREGATE_SUM_TYPE, a.name(), field.name(), field.type().type());
          return false;
        }
      }
      case MIN, MAX -> {
        if (!field.type().isOrdered()) {
          diagnostics.error(type, Messages.AGGREGATE_ORDER_TYPE, a.name(), a.function().name(), field.name(), field.type().type());
          return false;
        }
      }
      case COUNT -> {
        return true;
      }
    }
    return true;
  }

  private boolean checkName(String annotation, String name, Set<String> names) {
    if (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name)) {
      diagnostics.error(type, Messages.DERIVED_NAME_NOT_IDENTIFIER, annotation, name);
      return false;
    }
    if (RESERVED.contains(name)) {
      diagnostics.error(type, Messages.DERIVED_RESERVED_NAME, annotation, name, name);
      return false;
    }
    if (!names.add(name)) {
      diagnostics.error(type, Messages.DUPLICATE_INDEX, name, type.getSimpleName());
      return false;
    }
    return true;
  }

  /** A stored, non-document field named by {@code @annotation(name)}, or null (reported). */
  private FieldModel field(String annotation, String name, String field) {
    FieldModel f = fields.get(field);
    if (f == null) {
      diagnostics.error(type, Messages.DERIVED_MISSING_FIELD, annotation, name, field, type.getSimpleName(),
          EntityValidator.suggestion(field, fields.keySet()));
    }
    return f;
  }

  private Optional<List<FieldModel>> groups(String annotation, String name, String[] groupBy) {
    List<FieldModel> out = new ArrayList<>();
    boolean ok = true;
    for (String g : groupBy) {
      FieldModel f = field(annotation, name, g);
      if (f == null) {
        ok = false;
      } else if (!f.type().isScalar()) {
        diagnostics.error(type, Messages.DERIVED_GROUP_TYPE, annotation, name, g, f.type().type());
        ok = false;
      } else {
        out.add(f);
      }
    }
    return ok ? Optional.of(out) : Optional.empty();
  }
}

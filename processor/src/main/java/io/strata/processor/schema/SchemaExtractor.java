package io.strata.processor.schema;

import com.palantir.javapoet.TypeName;
import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.BlobModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.RankModel;
import io.strata.processor.model.SpatialModel;
import io.strata.processor.model.ValueType;
import io.strata.query.schema.Encoding;
import io.strata.query.schema.EntitySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Derives an entity's {@link EntitySchema} from its model: each field's {@link Encoding} says how the
 * generated codec lays its values out in the tuple layer (LAYOUTS.md), with just enough detail to tell
 * whether a later version still reads them.
 */
public final class SchemaExtractor {
  private final Function<TypeName, List<String>> enumConstants;

  /** @param enumConstants the constants of an enum type, in declaration order */
  public SchemaExtractor(Function<TypeName, List<String>> enumConstants) {
    this.enumConstants = enumConstants;
  }

  /** The schema of {@code model}, with nothing retired (retirement comes from comparing with a snapshot). */
  public EntitySchema schema(EntityModel model) {
    Map<String, EntitySchema.Field> fields = new LinkedHashMap<>();
    for (FieldModel f : model.fields()) {
      Encoding encoding = model.blobs().stream().filter(b -> b.field().name().equals(f.name())).findFirst()
          .map(SchemaExtractor::blob)
          .orElseGet(() -> encoding(f.type()));
      fields.put(f.name(), new EntitySchema.Field(f.type().type().toString(), encoding));
    }
    Map<String, EntitySchema.Index> indexes = new LinkedHashMap<>();
    for (IndexModel index : model.indexes()) {
      indexes.put(index.name(), new EntitySchema.Index(index.fields().stream().map(FieldModel::name).toList(),
          index.unique(), index.covering()));
    }
    Map<String, String> spatial = new LinkedHashMap<>();
    Map<String, Integer> spatialRanges = new LinkedHashMap<>();
    for (SpatialModel s : model.spatial()) {
      spatial.put(s.field().name(), s.geo() ? "geo-point" : "point");
      spatialRanges.put(s.field().name(), s.maxRanges());
    }
    return new EntitySchema(model.type().canonicalName(), model.entityName(), model.columnMajor(), model.packed(),
        model.id().name(),
        fields, indexes, spatial, Map.of(), Map.of(), derived(model), Map.of(), List.copyOf(fields.keySet()), spatialRanges);
  }

  /**
   * Each derived index's definition, as {@link EntitySchema#derived} describes: what its stored keys depend on
   * (an aggregate's function, field and group order; a rank's field, groups and direction).
   */
  private static Map<String, String> derived(EntityModel model) {
    Map<String, String> out = new LinkedHashMap<>();
    for (AggregateModel a : model.aggregates()) {
      out.put(a.name(), "aggregate " + a.function() + (a.field() == null ? "" : "(" + a.field().name() + ")") + groups(a.groupBy()));
    }
    for (RankModel r : model.ranks()) {
      out.put(r.name(), "rank " + r.field().name() + (r.descending() ? " desc" : " asc") + groups(r.groupBy()));
    }
    model.texts().forEach(f -> out.put(f.name(), "text"));
    model.embeddings().forEach(e -> out.put(e.name(), "vector " + e.metric() + " " + e.dimensions() + groups(e.groupBy())));
    if (model.versioned()) {
      out.put("changes", "change-feed");
    }
    return out;
  }

  private static String groups(List<FieldModel> groupBy) {
    return groupBy.isEmpty() ? "" : " by (" + String.join(", ", groupBy.stream().map(FieldModel::name).toList()) + ")";
  }

  private static Encoding blob(BlobModel blob) {
    return Encoding.of("blob", Encoding.of(Integer.toString(blob.chunkSize())));
  }

  /** The encoding of a value of type {@code t}; {@code Optional} is transparent (empty is simply no key). */
  Encoding encoding(ValueType t) {
    return switch (t.kind()) {
      case LONG -> integer("64");
      case INT -> integer("32");
      case SHORT -> integer("16");
      case BYTE -> integer("8");
      case CHAR -> Encoding.of("char");
      case BIG_INTEGER -> integer("big");
      case DOUBLE -> Encoding.of("floating", Encoding.of("64"));
      case FLOAT -> Encoding.of("floating", Encoding.of("32"));
      case BOOLEAN -> Encoding.of("boolean");
      case STRING -> Encoding.of("string");
      case UUID -> Encoding.of("uuid");
      case BYTES -> Encoding.of("bytes");
      case BIG_DECIMAL -> Encoding.of("decimal");
      case INSTANT -> Encoding.of("instant");
      case LOCAL_DATE -> Encoding.of("local-date");
      case LOCAL_DATE_TIME -> Encoding.of("local-date-time");
      case LOCAL_TIME -> Encoding.of("local-time");
      case DURATION -> Encoding.of("duration");
      case POINT -> Encoding.of("point");
      case GEO_POINT -> Encoding.of("geo-point");
      case VECTOR -> Encoding.of("float-vector");
      case ENUM -> Encoding.of("enum", enumConstants.apply(t.type()).stream().map(Encoding::of).toList());
      case OPTIONAL -> encoding(t.parts().get(0));
      case LIST, SET -> Encoding.of("collection", encoding(t.parts().get(0)));
      case RECORD -> Encoding.of("tuple", components(t));
      // records and classes both store their parts as a map by name, so one can replace the other
      case DOC_RECORD, DOC_CLASS -> Encoding.of("document", components(t));
      case DOC_MAP -> t.isTypedContainer() ? Encoding.of("document-map", encoding(t.parts().get(0))) : Encoding.of("document");
      case DOC_LIST -> t.isTypedContainer() ? Encoding.of("document-list", encoding(t.parts().get(0))) : Encoding.of("document");
      case DOC_OBJECT -> Encoding.of("document");
    };
  }

  private List<Encoding> components(ValueType t) {
    List<Encoding> out = new ArrayList<>();
    for (int i = 0; i < t.parts().size(); i++) {
      out.add(encoding(t.parts().get(i)).labelled(t.partNames().get(i)));
    }
    return out;
  }

  private static Encoding integer(String width) {
    return Encoding.of("integer", Encoding.of(width));
  }
}

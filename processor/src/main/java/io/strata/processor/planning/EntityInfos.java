package io.strata.processor.planning;

import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EmbeddingModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.SpatialModel;
import io.strata.query.model.AggregateInfo;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.ValueKind;
import io.strata.query.model.VectorInfo;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The processor's entity and criteria in the one query model's words, for {@link io.strata.query.plan.Planner}. */
public final class EntityInfos {
  private EntityInfos() {}

  /**
   * {@code entity} as queries see it: its fields, and the nested fields its indexes, aggregates and {@code more}
   * name (a nested record's component is no entity field but can be indexed and compared). Where two models of one
   * name differ, an index's wins: the planner asks whether the indexed value can be null.
   */
  public static EntityInfo of(EntityModel entity, Collection<FieldModel> more) {
    Map<String, FieldInfo> fields = new LinkedHashMap<>();
    entity.indexes().forEach(i -> i.fields().forEach(f -> add(fields, f)));
    entity.fields().forEach(f -> add(fields, f));
    entity.aggregates().forEach(a -> {
      if (a.field() != null) {
        add(fields, a.field());
      }
      a.groupBy().forEach(f -> add(fields, f));
    });
    entity.spatial().forEach(s -> add(fields, s.field()));
    more.forEach(f -> add(fields, f));
    return new EntityInfo(entity.entityName(), List.copyOf(fields.values()),
        entity.indexes().stream().map(EntityInfos::index).toList(),
        entity.spatial().stream().map(s -> new SpatialInfo(s.field().name(), s.geo(), s.maxRanges())).toList(),
        entity.aggregates().stream().map(EntityInfos::aggregate).toList(),
        entity.embeddings().stream().map(EntityInfos::vector).toList());
  }

  /** {@code e} in the model's words. */
  public static VectorInfo vector(EmbeddingModel e) {
    return new VectorInfo(e.field().name(), e.dimensions(), e.metric(), e.groupBy().stream().map(FieldModel::name).toList());
  }

  private static void add(Map<String, FieldInfo> fields, FieldModel f) {
    fields.putIfAbsent(f.name(), new FieldInfo(f.name(), kind(f), f.id(), f.neverNull()));
  }

  /** How {@code f}'s query values are stored in keys, in the model's words ({@link ValueKind#OTHER} for containers). */
  public static ValueKind kind(FieldModel f) {
    return f.queryType().valueKind();
  }

  /** {@code i} in the model's words. */
  public static IndexInfo index(IndexModel i) {
    return new IndexInfo(i.name(), i.fields().stream().map(FieldModel::name).toList(), i.unique(), i.covering(), i.composite());
  }

  private static AggregateInfo aggregate(AggregateModel a) {
    return new AggregateInfo(a.name(), a.function(), a.field() == null ? null : a.field().name(),
        a.field() != null && a.field().type().isPrimitive(), a.groupBy().stream().map(FieldModel::name).toList());
  }

  /** {@code c} as a comparison of the model: its parameters by name. */
  public static Compare compare(BoundCriterion c) {
    return new Compare(c.field().name(), op(c.operator()), c.params().stream().map(p -> (Operand) new Operand.Param(p)).toList(),
        false);
  }

  private static Op op(Operator o) {
    return switch (o) {
      case EQUALS -> Op.EQUAL;
      case IN -> Op.IN;
      case TRUE -> Op.TRUE;
      case FALSE -> Op.FALSE;
      case LESS_THAN -> Op.LESS_THAN;
      case LESS_THAN_EQUAL -> Op.LESS_THAN_EQUAL;
      case GREATER_THAN -> Op.GREATER_THAN;
      case GREATER_THAN_EQUAL -> Op.GREATER_THAN_EQUAL;
      case BETWEEN -> Op.BETWEEN;
      case STARTING_WITH -> Op.STARTS_WITH;
      case WITHIN -> Op.WITHIN;
      case NEAR -> Op.NEAR;
      case NEAREST -> Op.NEAREST;
      case IS_NULL -> Op.IS_NULL;
    };
  }

  /** The model of the index named {@code name}. */
  public static IndexModel index(EntityModel entity, String name) {
    return entity.indexes().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
  }

  /** The model of the spatial index of {@code field}. */
  static SpatialModel spatial(EntityModel entity, String field) {
    return entity.spatial().stream().filter(s -> s.field().name().equals(field)).findFirst().orElseThrow();
  }
}

package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.SpatialModel;
import java.util.ArrayList;
import java.util.List;

/** Queries through {@code @Spatial} fields: within a box (listed, ids only, paged), near a point, k nearest. */
final class SpatialOperations {
  static final ClassName BOUNDING_BOX = ClassName.get("io.strata", "BoundingBox");
  static final ClassName GEO_POINT = ClassName.get("io.strata", "GeoPoint");

  private final EntityModel model;
  private final CrudOperations crud;

  SpatialOperations(EntityModel model) {
    this.model = model;
    this.crud = new CrudOperations(model);
  }

  List<Operation> operations() {
    List<Operation> ops = new ArrayList<>();
    TypeName t = model.type();
    TypeName listOfT = ParameterizedTypeName.get(ClassName.get(List.class), t);
    for (SpatialModel s : model.spatial()) {
      String name = s.field().name();
      String suffix = CrudOperations.capitalized(name);
      String keys = "{@code (" + CrudOperations.q(model.entityName()) + ", \"Z\", " + CrudOperations.q(name) + ", z, id)}";
      ParameterSpec box = ParameterSpec.builder(BOUNDING_BOX, "box").build();
      String boxKind = s.geo() ? "{@code BoundingBox.geo(...)}; one whose minLon > maxLon crosses the antimeridian" : "{@code BoundingBox.of(min, max)}";
      ops.add(new Operation("findBy" + suffix + "Within",
          "The entities whose {@code " + name + "} lies in {@code box} (" + boxKind + "), edges included: exact, in\n"
              + "z order. Reads a cover of at most " + s.maxRanges() + " ranges of " + keys + " concurrently, then the rows.",
          listOfT, List.of(box), CodeBlock.of("spatial.within(tr, $S, box)", name), false));
      ops.add(new Operation("findIdsBy" + suffix + "Within",
          "The ids of the entities whose {@code " + name + "} lies in {@code box}: index entries " + keys + " only.",
          ParameterizedTypeName.get(ClassName.get(List.class), model.id().type().type().box()), List.of(box),
          CodeBlock.of("spatial.idsWithin(tr, $S, box).thenApply(ids -> $T.map(ids, v -> $L))", name, ValueCode.ELEMENTS,
              crud.decodeId("v")), false));
      ops.add(new Operation("findBy" + suffix + "Within",
          "One page of the entities whose {@code " + name + "} lies in {@code box}; {@code after} (null first)\n"
              + "continues where the previous page stopped, in any transaction.",
          ParameterizedTypeName.get(CrudOperations.PAGE, t),
          List.of(box, ParameterSpec.builder(int.class, "limit").build(), ParameterSpec.builder(CrudOperations.CONTINUATION, "after").build()),
          CodeBlock.of("spatial.within(tr, $S, box, limit, after)", name), false));
      if (s.geo()) {
        ParameterSpec center = ParameterSpec.builder(GEO_POINT, "center").build();
        ops.add(new Operation("findBy" + suffix + "Near",
            "The entities whose {@code " + name + "} is within {@code radiusMeters} (great-circle distance) of\n"
                + "{@code center}, nearest first: exact. Reads the box around the circle through " + keys + ".",
            listOfT, List.of(center, ParameterSpec.builder(double.class, "radiusMeters").build()),
            CodeBlock.of("spatial.near(tr, $S, center, radiusMeters)", name), false));
        ops.add(new Operation("findBy" + suffix + "Nearest",
            "The {@code k} entities whose {@code " + name + "} is nearest to {@code center}, nearest first: searches\n"
                + "growing circles through " + keys + " until {@code k} are found.",
            listOfT, List.of(center, ParameterSpec.builder(int.class, "k").build()),
            CodeBlock.of("spatial.nearest(tr, $S, center, k)", name), false));
      }
    }
    return ops;
  }
}

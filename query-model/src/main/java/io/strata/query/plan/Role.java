package io.strata.query.plan;

import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Semantics;
import io.strata.query.model.ValueKind;
import java.util.Optional;

/**
 * How a comparison can take part in a read under a dialect's {@link Semantics}: as an equality on an index field, a
 * range on the next one, a spatial search, or a residual checked on what is read (the rules are {@link Planner}'s).
 */
enum Role {
  EQUALITY, RANGE, SPATIAL, RESIDUAL;

  /** How {@code c} (a leaf of a spread tree) can take part in a read of {@code entity} under {@code semantics}. */
  static Role of(Condition c, EntityInfo entity, Semantics semantics) {
    if (!(c instanceof Compare cmp)) {
      return RESIDUAL;
    }
    Op op = cmp.op();
    if (op == Op.WITHIN || op == Op.NEAR) {
      return SPATIAL;
    }
    Optional<FieldInfo> field = entity.field(cmp.field());
    if (field.isEmpty() || !field.get().kind().isScalar()) {
      return RESIDUAL;
    }
    ValueKind kind = field.get().kind();
    if (semantics == Semantics.JAKARTA) {
      if (cmp.ignoreCase() || kind == ValueKind.BYTES) {
        return RESIDUAL;
      }
      if (kind == ValueKind.BIG_DECIMAL && (op == Op.EQUAL || op == Op.IN && !field.get().id())) {
        return RANGE;
      }
      if (kind == ValueKind.BIG_DECIMAL && op == Op.IN) {
        return RESIDUAL;
      }
    } else if (cmp.ignoreCase()) {
      return RESIDUAL;
    }
    boolean ranged = Semantics.STRATA.keyOrdered(kind) || semantics == Semantics.STRATA;
    return switch (op) {
      case EQUAL, IN -> EQUALITY;
      case TRUE, FALSE -> kind == ValueKind.BOOLEAN || semantics == Semantics.STRATA ? EQUALITY : RESIDUAL;
      case LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL, BETWEEN -> ranged ? RANGE : RESIDUAL;
      case STARTS_WITH -> kind == ValueKind.STRING ? RANGE : RESIDUAL;
      default -> RESIDUAL;
    };
  }

  /** Whether {@code c} bounds its field from below (an equality bounds it both ways). */
  static boolean lower(Compare c) {
    return switch (c.op()) {
      case GREATER_THAN, GREATER_THAN_EQUAL, BETWEEN, STARTS_WITH, EQUAL, IN -> true;
      default -> false;
    };
  }

  /** Whether {@code c} bounds its field from above. */
  static boolean upper(Compare c) {
    return switch (c.op()) {
      case LESS_THAN, LESS_THAN_EQUAL, BETWEEN, STARTS_WITH, EQUAL, IN -> true;
      default -> false;
    };
  }
}

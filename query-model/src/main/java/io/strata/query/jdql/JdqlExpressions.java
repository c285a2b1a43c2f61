package io.strata.query.jdql;

import io.strata.query.model.EntityInfo;
import io.strata.query.model.Expression;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Operand;
import io.strata.query.model.ValueKind;
import java.util.List;
import java.util.Optional;

/**
 * Converts JDQL scalar expressions to query-model {@link Expression}s, for the conditions a comparison of one property
 * cannot hold ({@link io.strata.query.model.Condition.Test}): paths become property paths, parameters and literals
 * values (literals as JDQL writes them), functions, arithmetic, signs and {@code LOCAL DATE}/{@code DATETIME}/{@code
 * TIME} their model counterparts. A name that is no property and no enum constant is a {@link
 * JdqlTranslationException} at its position.
 */
final class JdqlExpressions {
  private final String query;
  private final EntityInfo entity;
  private final EnumConstants enums;

  /**
   * Whether an enum constant may be compared with a property of another kind: so in a repository's {@code @Query},
   * whose Jakarta Data checks compare Java values (the constant equals no text); not in a run-time finder, which
   * compares a property's stored form, which an enum constant of another property's kind has none of.
   */
  private final boolean otherEnums;

  JdqlExpressions(String query, EntityInfo entity, EnumConstants enums, boolean otherEnums) {
    this.query = query;
    this.entity = entity;
    this.enums = enums;
    this.otherEnums = otherEnums;
  }

  /**
   * {@code e} as a model expression.
   *
   * @param against the property {@code e} is compared with, if any: what an enum constant {@code e} names is looked up
   *     for it
   */
  Expression expression(JdqlExpression e, Optional<FieldInfo> against) {
    Optional<FieldInfo> field = property(e);
    if (field.isPresent()) {
      return new Expression.Path(field.get().name());
    }
    if (e instanceof JdqlExpression.Path path) {
      return new Expression.Value(new Operand.Literal(enumConstant(path, against)));
    }
    if (e instanceof JdqlExpression.NamedParameter p) {
      return new Expression.Value(new Operand.Param(p.name()));
    }
    if (e instanceof JdqlExpression.OrdinalParameter p) {
      return new Expression.Value(new Operand.Param(Integer.toString(p.position())));
    }
    if (e instanceof JdqlExpression.StringLiteral s) {
      return literal(s.value());
    }
    if (e instanceof JdqlExpression.BooleanLiteral b) {
      return literal(b.value());
    }
    if (e instanceof JdqlExpression.IntegerLiteral i) {
      return literal(i.written());
    }
    if (e instanceof JdqlExpression.DecimalLiteral d) {
      return literal(d.isFloat() ? (Object) (float) d.value() : (Object) d.value());
    }
    if (e instanceof JdqlExpression.CurrentTemporal t) {
      return new Expression.Now(switch (t.temporal()) {
        case LOCAL_DATE -> Expression.Now.Kind.DATE;
        case LOCAL_DATETIME -> Expression.Now.Kind.DATETIME;
        case LOCAL_TIME -> Expression.Now.Kind.TIME;
      });
    }
    if (e instanceof JdqlExpression.Unary u) {
      Expression operand = expression(u.operand(), Optional.empty());
      return u.sign() == JdqlExpression.Sign.MINUS ? new Expression.Negate(operand) : operand;
    }
    if (e instanceof JdqlExpression.Binary b) {
      return new Expression.Arithmetic(Expression.Operator.valueOf(b.operator().name()), expression(b.left(), Optional.empty()),
          expression(b.right(), Optional.empty()));
    }
    if (e instanceof JdqlExpression.Call call) {
      List<Expression> arguments = call.arguments().stream().map(a -> expression(a, Optional.empty())).toList();
      return new Expression.Call(Expression.Function.valueOf(call.function().name()), arguments);
    }
    throw new JdqlTranslationException(query, e.offset(), "NULL is a value only of a SET assignment: write IS NULL"
        + " or IS NOT NULL to test for no value");
  }

  private List<String> names() {
    return entity.fields().stream().map(FieldInfo::name).toList();
  }

  private static Expression literal(Object value) {
    return new Expression.Value(new Operand.Literal(value));
  }

  /** The property a path or {@code ID(THIS)} names ({@code this.} may lead a path), if the entity has it. */
  Optional<FieldInfo> property(JdqlExpression e) {
    if (e instanceof JdqlExpression.IdOfThis) {
      return Optional.of(entity.id());
    }
    if (e instanceof JdqlExpression.Path path) {
      List<String> names = path.names();
      if (names.size() > 1 && names.get(0).equalsIgnoreCase("this")) {
        names = names.subList(1, names.size());
      }
      return entity.field(String.join(".", names));
    }
    return Optional.empty();
  }

  /**
   * The enum constant a qualified path names ({@code com.example.Status.ACTIVE}), looked up for the property it is
   * compared with.
   */
  Object enumConstant(JdqlExpression.Path path, Optional<FieldInfo> against) {
    if (path.names().size() < 2 || against.isEmpty()) {
      throw new JdqlTranslationException(query, path.offset(), "'" + path.dotted() + "' is not a property of "
          + entity.name() + "; its properties are " + names());
    }
    String type = String.join(".", path.names().subList(0, path.names().size() - 1));
    String constant = path.names().get(path.names().size() - 1);
    FieldInfo field = against.get();
    Optional<?> found = field.kind() == ValueKind.ENUM || otherEnums ? enums.find(field, type, constant) : Optional.empty();
    return found.orElseThrow(() -> new JdqlTranslationException(query, path.offset(),
        field.kind() == ValueKind.ENUM ? "'" + path.dotted() + "' is no constant of the enum of " + field.name()
            + ": write the constant with its enum's qualified name"
            : "'" + path.dotted() + "' is not a property of " + entity.name() + ", nor a value of " + field.name()
            + ", which holds " + field.kind() + " values; its properties are " + names()));
  }
}

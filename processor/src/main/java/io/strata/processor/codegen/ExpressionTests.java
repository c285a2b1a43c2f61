package io.strata.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import io.strata.query.model.Condition;
import io.strata.query.model.Expression;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@link PredicateWriter}'s Jakarta Data tests of two expressions ({@link Condition.Test}) as Java code over an entity
 * named {@code e}: every value computed and compared through {@code io.strata.jakarta.data.Values}, whose methods give
 * JDQL's meaning to nulls (a value of nothing makes each expression over it null), mixed numbers and one-character text.
 * A test is unknown where a value it compares is null (but for {@code IS NULL} and {@code IS NOT NULL}), so it has two
 * writings: where it is true ({@link #truth}) and where it is false ({@link #falsity}, what its {@code NOT} is true of);
 * {@code io.strata.query.ConditionEvaluator} gives a run-time query the same meaning.
 */
final class ExpressionTests {
  private final Function<String, CodeBlock> property;
  private final Function<Operand, CodeBlock> operand;

  /**
   * @param property the Java code reading a property by name
   * @param operand the Java code of a parameter or literal
   */
  ExpressionTests(Function<String, CodeBlock> property, Function<Operand, CodeBlock> operand) {
    this.property = property;
    this.operand = operand;
  }

  /** Java code true where {@code t} is true. */
  CodeBlock truth(Condition.Test t) {
    return switch (t.op()) {
      case NOT_NULL -> CodeBlock.of("!$T.isNull($L)", PredicateWriter.VALUES, value(t.left()));
      // a match is false whatever else is null; no match is true only when every value is known
      case NOT_IN, NOT_LIKE -> CodeBlock.of("$L && !$L", known(t), positive(t));
      default -> positive(t);
    };
  }

  /** Java code true where {@code t} is false: every value it compares known, and the comparison failing. */
  CodeBlock falsity(Condition.Test t) {
    return switch (t.op()) {
      case IS_NULL -> CodeBlock.of("!$T.isNull($L)", PredicateWriter.VALUES, value(t.left()));
      case NOT_NULL -> CodeBlock.of("$T.isNull($L)", PredicateWriter.VALUES, value(t.left()));
      case NOT_IN, NOT_LIKE -> positive(t);
      default -> CodeBlock.of("$L && !$L", known(t), positive(t));
    };
  }

  /** The test of {@code t}'s operator, or of the operator it negates ({@code IN} for {@code NOT IN}). */
  private CodeBlock positive(Condition.Test t) {
    Op op = t.op() == Op.NOT_IN || t.op() == Op.NOT_LIKE ? t.op().negated() : t.op();
    return switch (op) {
      case TRUE -> CodeBlock.of("$T.eq($L, true)", PredicateWriter.VALUES, value(t.left()));
      case FALSE -> CodeBlock.of("$T.eq($L, false)", PredicateWriter.VALUES, value(t.left()));
      default -> PredicateWriter.jakartaTest(op, value(t.left()), t.right().stream().map(this::value).toList());
    };
  }

  /** Whether every value {@code t} compares is known: none of them null. */
  private CodeBlock known(Condition.Test t) {
    List<CodeBlock> known = new ArrayList<>();
    known.add(CodeBlock.of("!$T.isNull($L)", PredicateWriter.VALUES, value(t.left())));
    t.right().forEach(r -> known.add(CodeBlock.of("!$T.isNull($L)", PredicateWriter.VALUES, value(r))));
    return CodeBlock.of("($L)", CodeBlock.join(known, " && "));
  }

  /** Java code computing {@code e}'s value as an {@code Object}. */
  CodeBlock value(Expression e) {
    if (e instanceof Expression.Path p) {
      return property.apply(p.name());
    }
    if (e instanceof Expression.Value v) {
      return operand.apply(v.operand());
    }
    if (e instanceof Expression.Negate n) {
      return CodeBlock.of("$T.negate($L)", PredicateWriter.VALUES, value(n.operand()));
    }
    if (e instanceof Expression.Arithmetic a) {
      return CodeBlock.of("$T.$L($L, $L)", PredicateWriter.VALUES, a.operator().name().toLowerCase(Locale.ROOT),
          value(a.left()), value(a.right()));
    }
    if (e instanceof Expression.Call call) {
      return CodeBlock.of("$T.$L($L)", PredicateWriter.VALUES, call.function().name().toLowerCase(Locale.ROOT),
          CodeBlock.join(call.arguments().stream().map(this::value).toList(), ", "));
    }
    return switch (((Expression.Now) e).kind()) {
      case DATE -> CodeBlock.of("$T.now()", LocalDate.class);
      case DATETIME -> CodeBlock.of("$T.now()", LocalDateTime.class);
      case TIME -> CodeBlock.of("$T.now()", LocalTime.class);
    };
  }
}

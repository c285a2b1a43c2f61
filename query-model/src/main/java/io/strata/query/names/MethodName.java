package io.strata.query.names;

import io.strata.query.model.Condition;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.SortKey;
import io.strata.query.model.Window;
import java.util.ArrayList;
import java.util.List;

/**
 * A repository method's name, read by {@link MethodNameParser}: what it does, its limit, its conditions (an OR of
 * ANDs) and its static order, with each property as the entity names it ({@code known}) or, when the entity has no
 * such property, as the name writes it, decapitalized (the caller reports it).
 *
 * @param action what the method does
 * @param distinct Strata's {@code Distinct}: repeated projected values are dropped
 * @param first the {@code First}/{@code TopN} limit, 0 for none
 * @param projection Strata's property before {@code By} ({@code findNameBy...}, the aggregated property of
 *     {@code sum}/{@code min}/{@code max}), or null
 * @param where the conditions: an OR of ANDs, empty when the name has none
 * @param order the {@code OrderBy} items, most significant first
 */
public record MethodName(Action action, boolean distinct, int first, String projection, List<List<Term>> where,
    List<OrderTerm> order) {

  public MethodName {
    where = where.stream().map(List::copyOf).toList();
    order = List.copyOf(order);
  }

  /** The verbs a method name starts with. */
  public enum Action {
    /** {@code find}; Strata's {@code get}, {@code read}, {@code query}. */
    FIND,
    /** Strata's {@code stream}. */
    STREAM,
    COUNT,
    EXISTS,
    /** {@code delete}; Strata's {@code remove}. */
    DELETE,
    /** Strata's {@code sum<Property>By…}, answered by a SUM {@code @Aggregate}. */
    SUM,
    MIN,
    MAX;

    /** Whether only an {@code @Aggregate} answers it. */
    public boolean aggregateOnly() {
      return this == SUM || this == MIN || this == MAX;
    }
  }

  /**
   * One condition: {@code property [IgnoreCase] [Not] op}.
   *
   * @param known whether the entity has {@code property}
   */
  public record Term(String property, boolean known, boolean ignoreCase, boolean not, Op op) {
    /** How many method parameters it takes. */
    public int parameters() {
      return op.arity();
    }
  }

  /**
   * One {@code OrderBy} item.
   *
   * @param explicit whether the name says {@code Asc} or {@code Desc}
   */
  public record OrderTerm(String property, boolean known, boolean descending, boolean explicit) {}

  /** How many method parameters the conditions take, in order. */
  public int parameterCount() {
    return where.stream().flatMap(List::stream).mapToInt(Term::parameters).sum();
  }

  /**
   * The conditions as a {@link Condition} over the method's value parameters, consumed in order ({@code Between}
   * takes two). {@code Not} is the negated operator where the model has one ({@code NotIn} is {@code NOT_IN},
   * {@code NotTrue} is {@code FALSE}, {@code NotGreaterThan} is {@code LESS_THAN_EQUAL}), else
   * {@code NOT_NULL AND NOT (...)}: as Jakarta Data's {@code Not}, false on a null value.
   *
   * @param parameters the names of the value parameters, {@link #parameterCount()} of them
   */
  public Condition condition(List<String> parameters) {
    if (parameters.size() != parameterCount()) {
      throw new IllegalArgumentException("the conditions take " + parameterCount() + " parameter(s), given "
          + parameters);
    }
    if (where.isEmpty()) {
      return Condition.ALWAYS;
    }
    int next = 0;
    List<Condition> branches = new ArrayList<>();
    for (List<Term> conjunction : where) {
      List<Condition> terms = new ArrayList<>();
      for (Term t : conjunction) {
        List<Operand> operands = new ArrayList<>();
        for (String p : parameters.subList(next, next + t.parameters())) {
          operands.add(new Operand.Param(p));
        }
        next += t.parameters();
        terms.add(term(t, operands));
      }
      branches.add(terms.size() == 1 ? terms.get(0) : new Condition.And(terms));
    }
    return branches.size() == 1 ? branches.get(0) : new Condition.Or(branches);
  }

  private static Condition term(Term t, List<Operand> operands) {
    if (!t.not()) {
      return new Condition.Compare(t.property(), t.op(), operands, t.ignoreCase());
    }
    Op negated = t.op().negated();
    if (negated != null) {
      return new Condition.Compare(t.property(), negated, operands, t.ignoreCase());
    }
    return new Condition.And(List.of(new Condition.Compare(t.property(), Op.NOT_NULL),
        new Condition.Not(new Condition.Compare(t.property(), t.op(), operands, t.ignoreCase()))));
  }

  /** The static order as sort keys. */
  public List<SortKey> sortKeys() {
    return order.stream().map(o -> new SortKey(o.property(), o.descending(), false)).toList();
  }

  /** The window the name fixes: its {@code First}/{@code TopN} limit. */
  public Window window() {
    return first == 0 ? Window.ALL : new Window(first, false, Window.Paging.NONE);
  }
}

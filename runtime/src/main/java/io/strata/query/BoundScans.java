package io.strata.query;

import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.metamodel.Restrictable;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.Paging;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A planned {@link Plan.IndexRead} bound to one query's values: the {@link IndexScan} that reads it, built as a declared
 * method builds its scan (equalities, then the range on the next field, in the index's or the merged key order), so a
 * run-time query and the declared method of the same query read the same keys. Conditions the keys cannot decide (the
 * read's residuals, Jakarta Data's floating-point zeros) are checked on each row by the one {@link ConditionEvaluator}.
 * Thread-safe.
 *
 * @param <E> the entity
 */
final class BoundScans<E> {
  private final EntityStore<E> store;
  private final Function<String, Restrictable<E, ?>> attributes;
  /** Each property's kind, or null when not known. */
  private final Function<String, ValueKind> kinds;
  private final ConditionEvaluator<E> evaluator;
  private final Semantics semantics;

  BoundScans(EntityStore<E> store, Function<String, Restrictable<E, ?>> attributes, Function<String, ValueKind> kinds,
      ConditionEvaluator<E> evaluator, Semantics semantics) {
    this.store = store;
    this.attributes = attributes;
    this.kinds = kinds;
    this.evaluator = evaluator;
    this.semantics = semantics;
  }

  /** Whether a value {@code read}'s keys are looked up by is null: a Jakarta Data query value that matches no entity. */
  boolean matchesNothing(Plan.IndexRead read, Map<String, Object> params) {
    return nullValue(read.equalities(), params) || nullValue(read.range(), params);
  }

  /** Whether {@code read}'s scan checks Jakarta Data's floating-point zeros on its rows ({@link #zeros}). */
  boolean checksZeros(Plan.IndexRead read, Map<String, Object> params) {
    return read.equalities().stream().anyMatch(c -> zeros(c, params)) || read.range().stream().anyMatch(c -> zeros(c, params));
  }

  /**
   * At least the first {@code n} results of {@code read}, whose keys hold {@code sort} ({@link Plan.IndexRead#order}),
   * after {@code position} (the sort's key elements then the id, {@code MemoryOrder.position}; null: from the first)
   * in the order a union merges them by ({@code sort}, then the id in the direction of its last item; {@code later}
   * accepts what follows the position there), in key order (the caller sorts them). Where the keys are that very
   * order ({@link Plan.IndexRead#keysAreTheOrder}), the first {@code n} keys after the position: read from just after it, a whole
   * key after the prefix, {@code n} entries and their rows in one read. Else ties on {@code sort}'s values come in key
   * order (by the index's further fields, or by id ascending where the equalities fix every sorted property), so the
   * read goes on past the {@code n}-th result through every result that ties with it ({@code ties} compares the values
   * alone), in batches that start at {@code n + 1} keys and double, as a declared method's ordered read does; it starts
   * at the position's values where the sort's first properties are the index fields its keys hold the order from
   * ({@link Plan.IndexRead#orderedFrom}), else at the branch's start, skipping what precedes the position.
   */
  CompletableFuture<List<E>> firstAfter(ReadTransaction tr, Plan.IndexRead read, List<SortKey> sort, byte[] position,
      Predicate<E> later, Comparator<E> ties, int n, Map<String, Object> params) {
    if (matchesNothing(read, params) || n <= 0) {
      return CompletableFuture.completedFuture(List.of());
    }
    boolean exact = read.keysAreTheOrder(sort, store.layout().codec().fieldNames().get(store.layout().codec().idIndex()));
    int seek = position == null ? 0 : seek(read, sort, exact);
    IndexScan<E> scan = scan(read, params, position == null || exact && seek > 0 && !read.index().unique() ? null : later);
    if (seek > 0) {
      // the position's values as the index holds them (a double -0.0 as 0.0), then the id
      Tuple keyed = Tuple.fromList(Tuple.fromBytes(position).getItems().subList(0, seek).stream().map(Elements::indexed).toList());
      // a whole key after the prefix where the keys are the order: nothing at or before the position to skip
      scan = exact && !read.index().unique() ? scan.after(keyed) : scan.atOrAfter(keyed);
    }
    return exact ? scan.limit(n).entities(tr) : throughTies(tr, scan, ties, n, Paging.withOneMore(n), new ArrayList<>(), null);
  }

  /**
   * How many of a position's values {@code read}'s keys are sought with: none where its equalities fix a sorted
   * property (the position's value there may be another branch's); where the keys are the order and hold the id, the
   * whole key after the prefix; else the sort's leading properties that are the index's fields from
   * {@link Plan.IndexRead#orderedFrom} on.
   */
  private int seek(Plan.IndexRead read, List<SortKey> sort, boolean exact) {
    int from = read.orderedFrom();
    if (from < 0 || sort.stream().anyMatch(k -> read.fixed().contains(k.field()))) {
      return 0;
    }
    List<String> fields = read.index().fields();
    if (exact && !read.index().unique()) {
      return fields.size() - from + 1;
    }
    int k = 0;
    while (k < sort.size() && from + k < fields.size() && sort.get(k).field().equals(fields.get(from + k))) {
      k++;
    }
    return k;
  }

  /** {@code read} and on through {@code scan}'s batches until a result after the {@code n}-th no longer ties with it. */
  private CompletableFuture<List<E>> throughTies(ReadTransaction tr, IndexScan<E> scan, Comparator<E> ties, int n, int batch,
      List<E> read, Continuation after) {
    return scan.batch(tr, batch, after).thenCompose(page -> {
      read.addAll(page.items());
      int end = n;
      while (end < read.size() && ties.compare(read.get(end), read.get(n - 1)) == 0) {
        end++;
      }
      if (end < read.size() || page.next().isEmpty()) {
        return CompletableFuture.completedFuture(read.subList(0, Math.min(end, read.size())));
      }
      return throughTies(tr, scan, ties, n, Math.min(CandidateReads.BATCH, 2 * batch), read, page.next().get());
    });
  }

  /** The scan that reads {@code read} with {@code params}' values (see {@link #matchesNothing} first). */
  IndexScan<E> scan(Plan.IndexRead read, Map<String, Object> params) {
    return scan(read, params, null);
  }

  /** {@link #scan(Plan.IndexRead, Map)} keeping only the entities {@code also} accepts too (null: no more). */
  IndexScan<E> scan(Plan.IndexRead read, Map<String, Object> params, Predicate<E> also) {
    IndexScan<E> scan = IndexScan.of(store, read.index().name());
    List<Condition> checked = new ArrayList<>(read.residual());
    for (Compare c : read.equalities()) {
      if (zeros(c, params)) {
        checked.add(c);
      }
      Restrictable<E, ?> a = attributes.apply(c.field());
      ValueKind kind = kinds.apply(c.field());
      switch (c.op()) {
        case EQUAL -> scan.equal(element(a, typed(kind, ConditionEvaluator.raw(c.operands().get(0), params))));
        case IN -> scan.in((Collection<?>) ConditionEvaluator.raw(c.operands().get(0), params), v -> element(a, typed(kind, v)));
        case TRUE -> scan.equal(element(a, true));
        case FALSE -> scan.equal(element(a, false));
        default -> throw new IllegalArgumentException("not an index equality: " + c);
      }
    }
    for (Compare c : read.range()) {
      boolean zeros = zeros(c, params);
      if (zeros) {
        checked.add(c);
      }
      Restrictable<E, ?> a = attributes.apply(c.field());
      ValueKind kind = kinds.apply(c.field());
      Function<Integer, Object> value = i -> bound(a, typed(kind, ConditionEvaluator.raw(c.operands().get(i), params)));
      switch (c.op()) {
        case GREATER_THAN -> scan.from(value.apply(0), zeros);
        case GREATER_THAN_EQUAL -> scan.from(value.apply(0), true);
        case LESS_THAN -> scan.to(value.apply(0), zeros);
        case LESS_THAN_EQUAL -> scan.to(value.apply(0), true);
        case BETWEEN -> scan.from(value.apply(0), true).to(value.apply(1), true);
        case STARTS_WITH -> scan.startingWith((String) ConditionEvaluator.raw(c.operands().get(0), params));
        // Jakarta Data's decimal equalities: a range over every scale of the value(s) (the planner puts them here)
        case EQUAL -> scan.from(value.apply(0), true).to(value.apply(0), true);
        case IN -> scan.inEveryScale(decimals(ConditionEvaluator.raw(c.operands().get(0), params)));
        default -> throw new IllegalArgumentException("not an index range: " + c);
      }
    }
    if (read.reverse()) {
      scan.reverse();
    }
    if (read.keyOrder()) {
      scan.inKeyOrder();
    }
    Predicate<E> residual = checked.isEmpty() ? null : evaluator.predicate(checked, params);
    if (residual != null || also != null) {
      scan.filter(residual == null ? also : also == null ? residual : residual.and(also));
    }
    return scan;
  }

  /**
   * Whether {@code c} compares a floating-point value in Jakarta Data's order, which puts {@code -0.0} below
   * {@code 0.0} while the index holds both as {@code 0.0}, or any number with a property whose keys do not decide the
   * comparison ({@link Semantics#keysDecide}: a whole number with a {@code double}): its read takes both zeros (bounds
   * inclusive) and each row read is checked, as declared Jakarta Data methods do.
   */
  private boolean zeros(Compare c, Map<String, Object> params) {
    if (semantics != Semantics.JAKARTA) {
      return false;
    }
    ValueKind kind = kinds.apply(c.field());
    return c.operands().stream().map(o -> ConditionEvaluator.raw(o, params))
        .flatMap(v -> v instanceof Collection<?> many ? many.stream() : java.util.stream.Stream.of(v))
        .anyMatch(v -> v instanceof Double || v instanceof Float || v instanceof Number && kind != null && !semantics.keysDecide(kind));
  }

  /**
   * {@code value} as a value of its property's {@code kind} where it is a number of another type: a {@code double} or
   * {@code float} property's type whatever the number (a JDQL whole-number literal, compared by value:
   * {@link ConditionEvaluator} checks the rows, the keys are read as the property's own); another numeric kind's
   * where it holds the number exactly ({@link #exact}: a bound {@code Long} read as an {@code int} property's
   * {@code Integer}, as its key element takes it); else as it is.
   */
  static Object typed(ValueKind kind, Object value) {
    if (!(value instanceof Number n) || kind == null) {
      return value;
    }
    Object exact = kind == ValueKind.DOUBLE ? (Object) n.doubleValue() : kind == ValueKind.FLOAT ? (Object) n.floatValue()
        : exact(kind, n);
    return exact == null ? value : exact;
  }

  /** {@code n} as a number of {@code kind} ({@link ValueKind#exact}), or null where it holds none such exactly. */
  static Object exact(ValueKind kind, Number n) {
    boolean finite = !(n instanceof Double d && !Double.isFinite(d)) && !(n instanceof Float f && !Float.isFinite(f));
    return finite ? kind.exact(Numbers.decimal(n)) : null;
  }

  @SuppressWarnings("unchecked")
  private static Collection<BigDecimal> decimals(Object values) {
    return (Collection<BigDecimal>) values;
  }

  /** Whether a comparison's value is null (a Jakarta Data query value that matches no entity). */
  private static boolean nullValue(List<Compare> comparisons, Map<String, Object> params) {
    return comparisons.stream().flatMap(c -> c.operands().stream()).anyMatch(o -> ConditionEvaluator.raw(o, params) == null);
  }

  /**
   * A range bound on {@code attribute}, as declared methods build it: the value's element, except a decimal's, whose
   * element keeps the scale: its bound sorts before every scale of the value, so ranges compare decimals by value.
   */
  private static <E> Object bound(Restrictable<E, ?> attribute, Object value) {
    return value instanceof BigDecimal d ? Elements.ofBigDecimalBound(d) : element(attribute, value);
  }

  /** {@code value} as {@code attribute}'s key element. */
  @SuppressWarnings("unchecked")
  static <E> Object element(Restrictable<E, ?> attribute, Object value) {
    return ((Restrictable<E, Object>) attribute).element(value);
  }
}

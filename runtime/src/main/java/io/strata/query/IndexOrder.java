package io.strata.query;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.model.ValueKind;
import io.strata.query.plan.OrderedKeys;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An index whose keys hold a query's candidates in an order a generated Jakarta Data method can ask for at run time,
 * which the processor found at compile time: the scan reading the candidates forwards (the query's conditions an index serves), and the properties
 * its keys hold after the equality prefix, in key order (the id last, for a plain index whose key ends with it). Only
 * properties whose keys sort as Jakarta Data orders their values are listed ({@link Semantics#keyOrdered}, the query
 * model's one owner of which key order equals which value order).
 *
 * <p>At run time {@link #match} tells whether the index serves a query's order, and whether results that tie on it
 * need sorting by id: the query model's {@link OrderedKeys} decides, the one owner of that rule for both dialects (its
 * sorts, all in one direction and none {@code ignoreCase}, name the index's properties from the first on, sorts on a
 * property the query's equalities fix ({@link #fixed}) left out; the keys, read forwards or backwards, then come in that
 * order, ties by id where the id follows in the direction of the last sort).
 *
 * <p>A query whose conditions are joined by {@code Or} is read in an order as a {@link #union}: each branch from an
 * index whose keys hold that order, the branches' reads merged by the order.
 *
 * @param <T> the entity
 */
public final class IndexOrder<T> {
  private record Key(String property, ValueKind kind) {}

  private final Function<EntityStore<T>, IndexScan<T>> scan;
  private final Candidates.Nulls nulls;
  private final List<Key> keys = new ArrayList<>();
  private final List<String> fixed = new ArrayList<>();
  private final List<Object> fixedValues = new ArrayList<>();
  /** For a {@link #union}: the indexes that may serve each branch, and the branches' conditions; else null. */
  private final List<List<IndexOrder<T>>> branches;
  private final List<Predicate<? super T>> conditions;

  private IndexOrder(Function<EntityStore<T>, IndexScan<T>> scan, Candidates.Nulls nulls) {
    this.scan = scan;
    this.nulls = nulls;
    this.branches = null;
    this.conditions = null;
  }

  private IndexOrder(List<List<IndexOrder<T>>> branches, List<Predicate<? super T>> conditions) {
    this.scan = null;
    this.nulls = Candidates.Nulls.NONE;
    this.branches = branches;
    this.conditions = conditions;
  }

  /**
   * The index {@code scan} reads forwards. {@code parameters} are the query values the scan is built from, as for
   * {@link Candidates#index}: when one is null there is no candidate (in any order); when an {@code In} collection holds
   * a null, the index serves no order (every row is a candidate, and the rows are sorted in memory).
   */
  public static <T> IndexOrder<T> of(Function<EntityStore<T>, IndexScan<T>> scan, Object... parameters) {
    return new IndexOrder<>(Objects.requireNonNull(scan, "scan"), Candidates.Nulls.of(parameters));
  }

  /**
   * The candidates of a query whose conditions are joined by {@code Or}, in an order every branch's index holds: for each
   * branch ({@code conditions}, one per branch, test its whole condition), the indexes that could serve it (the first
   * whose keys hold the order asked for is read). The branches' reads are merged by the order, and an entity a branch
   * reads that matches an earlier branch's condition is skipped (that branch reads it), so each comes once, as in
   * {@link Candidates#union}. When some branch has no index for the order, the union serves none.
   */
  public static <T> IndexOrder<T> union(List<List<IndexOrder<T>>> branches, List<Predicate<? super T>> conditions) {
    if (branches.size() != conditions.size() || branches.isEmpty()) {
      throw new IllegalArgumentException(branches.size() + " branches but " + conditions.size() + " conditions");
    }
    return new IndexOrder<>(List.copyOf(branches), List.copyOf(conditions));
  }

  /**
   * The next property the index keys hold after the equality prefix (the id for the last element of a plain index),
   * stored as {@code kind}; an {@link IllegalArgumentException} when keys of that kind do not sort as Jakarta Data orders
   * its values ({@link Semantics#keyOrdered}), so no index order can serve a sort on it.
   */
  public IndexOrder<T> key(String property, ValueKind kind) {
    Objects.requireNonNull(property, "property");
    if (!Semantics.JAKARTA.keyOrdered(Objects.requireNonNull(kind, "kind"))) {
      throw new IllegalArgumentException("the keys of '" + property + "' (" + kind + ") do not sort as Jakarta Data orders"
          + " its values, so an index cannot hold an order on it; sort such a property in memory");
    }
    keys.add(new Key(property, kind));
    return this;
  }

  /**
   * A property the query's equalities fix to {@code value}: a sort on it changes no order, and is left out; a cursor's
   * value for it is compared with {@code value} ({@link #position}).
   */
  public IndexOrder<T> fixed(String property, Object value) {
    fixed.add(Objects.requireNonNull(property, "property"));
    fixedValues.add(value);
    return this;
  }

  /**
   * How this index serves {@code order} (a query's sorts, static then chosen at run time), or empty when it does not:
   * the sorts must name this index's properties from the first on, in one direction, none {@code ignoreCase} (a sort on
   * the id ends them, since the id is the key's last element). The query model's {@link OrderedKeys} decides it.
   *
   * @param id the entity's id property, which {@link ResultOrder#total} appends to an order that lacks it
   */
  Optional<Match> match(List<SortKey> sorts, String id) {
    return match(sorts, id, false);
  }

  /**
   * {@link #match}, read in the direction the order asks ({@link OrderedKeys#serve(List, String)}: the keys listed may
   * stop short of the index's, so they are never taken as unique), a {@code branch} of a {@link #union} also in an order
   * whose every sort is on a property the equalities fix, when the keys hold only the id after them: all the branch's
   * candidates tie on the order, and read in the direction of its last sort they come by id as the union's merge takes
   * them ({@link ResultOrder#total}), so a limit reads no more of the branch than it keeps. Its own part: a single read
   * sorted only on fixed properties keeps no order (its candidates are sorted in memory by id), as a run-time query
   * drops such an order; and with a null in an {@code In} collection no order is served.
   */
  private Optional<Match> match(List<SortKey> sorts, String id, boolean branch) {
    if (nulls == Candidates.Nulls.NULL_IN_COLLECTION) {
      return Optional.empty();
    }
    OrderedKeys held = new OrderedKeys(keys.stream().map(Key::property).toList(), false, Set.copyOf(fixed));
    return held.serve(sorts, id)
        .filter(served -> branch || sorts.isEmpty() || !held.kept(sorts).isEmpty())
        .map(served -> new Match(served.descending(), served.total()));
  }

  /**
   * How these keys serve {@code sorts} (see {@link #match}): the index read, or for a {@link #union} the index read for
   * each branch, with how each serves the order; empty when this index (or some branch) cannot.
   */
  Optional<Reading<T>> reading(List<SortKey> sorts, String id) {
    if (branches == null) {
      return match(sorts, id).map(m -> new Reading<>(List.of(this), List.of(m), List.of()));
    }
    List<IndexOrder<T>> indexes = new ArrayList<>();
    List<Match> matches = new ArrayList<>();
    for (List<IndexOrder<T>> alternatives : branches) {
      Optional<Reading<T>> first = alternatives.stream()
          .flatMap(a -> a.match(sorts, id, true).map(m -> new Reading<>(List.of(a), List.of(m), List.<Predicate<? super T>>of())).stream())
          .findFirst();
      if (first.isEmpty()) {
        return Optional.empty();
      }
      indexes.add(first.get().indexes().get(0));
      matches.add(first.get().matches().get(0));
    }
    return Optional.of(new Reading<>(indexes, matches, conditions));
  }

  /**
   * The indexes a query's order is read from: one, or one per {@code Or} branch (whose reads are merged by the order,
   * an entity skipped by a branch when it matches an earlier branch's condition).
   *
   * @param indexes the index read for each branch (one for a query without {@code Or})
   * @param matches how each serves the order (each branch's reads in its own direction: a sort its equalities fix may
   *     be left out of one branch's order and not another's)
   * @param conditions each branch's condition, for a union; else empty
   */
  record Reading<T>(List<IndexOrder<T>> indexes, List<Match> matches, List<Predicate<? super T>> conditions) {
    /**
     * Whether the reads come exactly in the order then the id: every index's keys hold that order (a union's reads are
     * then merged by it, so no run of ties needs sorting).
     */
    boolean total() {
      return matches.stream().allMatch(Match::total);
    }
  }

  /**
   * How the index serves an order.
   *
   * @param descending whether the index is read backwards for it
   * @param total whether the order, with the id {@link ResultOrder#total} appends, is exactly the index's key order (so no two
   *     candidates tie); else candidates that tie on the order's properties come in key order and need sorting by id
   */
  record Match(boolean descending, boolean total) {}

  /**
   * The candidates in key order, forwards ({@code backwards} false) or backwards, after {@code position} in that
   * direction, or at or after it when {@code atPosition} (null: from the start); see {@link IndexScan#after} and
   * {@link IndexScan#atOrAfter}.
   */
  Candidates<T> candidates(boolean backwards, Tuple position, boolean atPosition) {
    if (nulls == Candidates.Nulls.NULL_VALUE) {
      return Candidates.none();
    }
    return (store, tr, limit, after) -> {
      IndexScan<T> s = scan.apply(store);
      if (backwards) {
        s.reverse();
      }
      if (position != null) {
        if (atPosition) {
          s.atOrAfter(position);
        } else {
          s.after(position);
        }
      }
      return s.batch(tr, limit, after);
    };
  }

  /**
   * Where a cursor lies among this index's keys: the page after it reads after {@code values} in the order's direction
   * (the page before it, before them), or, when {@code at}, reads the keys that start with {@code values} too. The
   * other side of the cursor is the rest: read the other way from {@code values}, with {@code at} turned round.
   *
   * @param values cursor values as keys after the equality prefix hold them, from the first
   */
  record Position(Tuple values, boolean at) {}

  /**
   * Where {@code cursor} (one value per sort of {@code sorts}, an order this index serves) lies among the keys, for a page
   * after it or, {@code before}, before it; empty when a value is not one of its property's kind that a key can hold
   * exactly (a fraction for an integer property, say): the caller then compares in memory, as for an order no index
   * serves. A sort on a property the query fixes ({@link #fixed}) has no key: where the cursor's value equals the
   * query's, it is left out, as in {@link #match}; where it differs, every result is on one side of the cursor among
   * those that equal the cursor on the sorts before it, so the position is the values before it, and the keys that
   * start with them are read when those results are on the page's side ({@link Position#at}); {@code order} compares
   * the two values.
   */
  Optional<Position> position(List<SortKey> sorts, List<?> cursor, boolean before, ResultOrder<?> order) {
    List<Object> values = new ArrayList<>(cursor.size());
    for (int i = 0; i < sorts.size(); i++) {
      SortKey sort = sorts.get(i);
      int f = fixed.indexOf(sort.field());
      if (f < 0) {
        values.add(cursor.get(i));
        continue;
      }
      int c = order.compare(fixedValues.get(f), cursor.get(i), sort.ignoreCase());
      if (c != 0) {
        boolean resultsAfter = !sort.descending() == c > 0;
        return keys(values).map(t -> new Position(t, resultsAfter != before));
      }
    }
    return keys(values).map(t -> new Position(t, false));
  }

  /** {@code values} (one per key from the first) as the keys hold them, or empty when a key cannot hold one exactly. */
  private Optional<Tuple> keys(List<?> values) {
    List<Object> elements = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      Object value = values.get(i);
      Object element = value == null ? null : element(value, keys.get(i).kind()); // null sorts first, as in a tuple
      if (value != null && element == null) {
        return Optional.empty();
      }
      elements.add(element);
    }
    return Optional.of(Tuple.fromList(elements));
  }

  /** {@code value} as a key of {@code kind} holds it, or null when no key holds it exactly. */
  private static Object element(Object value, ValueKind kind) {
    return switch (kind) {
      case LONG, INT, SHORT, BYTE -> value instanceof Number n ? integer(n) : null;
      case CHAR -> value instanceof Character c ? (long) c : null;
      case BOOLEAN -> value instanceof Boolean ? value : null;
      case STRING -> value instanceof CharSequence || value instanceof Character ? value.toString() : null;
      case INSTANT -> value instanceof Instant i ? Elements.ofInstant(i) : null;
      case LOCAL_DATE -> value instanceof LocalDate d ? Elements.ofLocalDate(d) : null;
      case LOCAL_DATE_TIME -> value instanceof LocalDateTime t ? Elements.ofLocalDateTime(t) : null;
      case LOCAL_TIME -> value instanceof LocalTime t ? Elements.ofLocalTime(t) : null;
      default -> null; // key() admits no other kind
    };
  }

  /** A number compared by value with integer keys: its {@code long}, or null when it is no whole {@code long}. */
  private static Long integer(Number n) {
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      return n.longValue();
    }
    try {
      BigDecimal d = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
      return d.stripTrailingZeros().scale() <= 0 ? d.longValueExact() : null;
    } catch (NumberFormatException | ArithmeticException e) {
      return null; // not a finite number, or beyond a long: no key holds it
    }
  }
}

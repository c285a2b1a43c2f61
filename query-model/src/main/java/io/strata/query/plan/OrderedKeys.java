package io.strata.query.plan;

import io.strata.query.model.SortKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys an index read holds after its equality prefix, and the one owner of whether they come in a query's sort
 * order: so that the first {@code n} keys are the first {@code n} results, a union may merge branches read in key order,
 * and where they are not exact, which ties still need sorting by id. The planner's union and cursor reads
 * ({@link Plan.IndexRead#keysAreTheOrder}) and the run-time orders of generated Jakarta Data methods
 * ({@code io.strata.query.IndexOrder.match} in the runtime) both ask {@link #serve}.
 *
 * <p>The rule. Results come in the sorts, then the id in the direction of the last sort unless the sorts name the id
 * (the one tie rule, the runtime's {@code ResultOrder.total}). A sort on a {@link #fixed} property is left out: every
 * candidate holds the same value there. The keys, read in one direction, <em>serve</em> the sorts that are left when those
 * name the keys from the first on, all in that direction, none {@code ignoreCase} (no more sorts than keys, unless the
 * index is {@link #unique}: no two keys tie, so the sorts after them order nothing). They come <em>exactly</em> in the
 * order ({@link Served#total}) when, besides,
 * <ul>
 *   <li>the sorts left end with the id (an id is one entity's: nothing ties after it), or</li>
 *   <li>the one key after the sorts left is the id, read in the direction of the last sort (ties come by id as the tie
 *       rule wants), or</li>
 *   <li>the index is unique and the sorts left cover its keys.</li>
 * </ul>
 * Else results that tie on the sorts come in key order and a reader sorts each run of ties by id. When every sort is on
 * a fixed property, every candidate ties on the order and the one run of ties is all of them: the keys serve it only
 * exactly, read in the direction of the last sort with only the id after the prefix.
 *
 * <p>Where the two callers differ, on purpose, each keeping its own part:
 * <ul>
 *   <li><b>Direction.</b> A planned read has its direction ({@link Plan.IndexRead#reverse}), so
 *       {@code keysAreTheOrder} asks {@link #serve(List, String, boolean)}; {@code IndexOrder} reads forwards or
 *       backwards as the order asked at run time wants ({@link #serve(List, String)}: the first sort left's direction,
 *       or with every sort fixed the last sort's, which the id takes after them).</li>
 *   <li><b>Exact or served.</b> {@code keysAreTheOrder} is asked whether the first {@code n} keys are the first
 *       {@code n} results, so it takes only an exact answer; {@code IndexOrder} also reads an order the keys serve with
 *       ties, sorting each run of ties by id.</li>
 *   <li><b>Uniqueness.</b> {@code keysAreTheOrder} knows its index and says when it is unique. {@code IndexOrder}'s keys
 *       are the ones generated code lists, which stop at the first property whose keys do not sort as Jakarta Data
 *       orders values ({@code Planner.orderedKeys}), so they cannot say no two tie: it says not unique, and an order
 *       longer than a unique index's keys is sorted in memory, as before.</li>
 *   <li><b>A sort on the id before the keys end.</b> The rule takes a sort left on the id as ending the order wherever
 *       the keys hold it, and an id fixed by the equalities (at most one candidate) as no sort. {@code keysAreTheOrder}
 *       keeps its narrower answer: where the sorts name the id, the keys are the order only when the sorts left reach
 *       the end of the keys. The cases apart are an index over the id itself, or an equality on the id among the
 *       index's, where its answer "not exact" only reads a branch whole.</li>
 *   <li><b>Every sort fixed.</b> A union's branch ({@code keysAreTheOrder}, and {@code IndexOrder} for a branch) takes
 *       the rule's answer; {@code IndexOrder}'s single read serves no such order (its candidates are sorted in memory
 *       by id, as a run-time query drops an order of fixed sorts).</li>
 *   <li><b>No sort.</b> {@code keysAreTheOrder} answers no (there is no order to merge by); {@code IndexOrder} takes the
 *       rule's answer (served forwards, exact when the keys after the prefix are the id alone).</li>
 *   <li><b>Inputs.</b> {@code keysAreTheOrder}'s keys start where its read holds the order
 *       ({@link Plan.IndexRead#orderedFrom}, an {@code IN} field merged in whole-key order included), the id added
 *       for a plain index, and its fixed properties are its own equality prefix's; {@code IndexOrder}'s are the ones the
 *       processor listed, fixed by any equality of the query. {@code IndexOrder} alone refuses every order when an
 *       {@code In} collection holds a null (every row is read).</li>
 * </ul>
 * Both refuse an {@code ignoreCase} sort the same way: only on a property left in the order, since on a fixed one it
 * orders nothing.
 *
 * @param keys the properties the keys hold after the equality prefix, in key order, the id last where the key ends
 *     with it
 * @param unique no two keys are equal on {@code keys}, so no candidates tie past them
 * @param fixed the properties the query's equalities fix to one value
 */
public record OrderedKeys(List<String> keys, boolean unique, Set<String> fixed) {
  public OrderedKeys {
    keys = List.copyOf(keys);
    fixed = Set.copyOf(fixed);
  }

  /**
   * How the keys serve an order.
   *
   * @param descending the keys are read backwards
   * @param total the keys come exactly in the order then the id (no two candidates tie); else candidates that tie on the
   *     order's properties come in key order and need sorting by id
   */
  public record Served(boolean descending, boolean total) {}

  /** {@code sorts} without the sorts on {@link #fixed} properties: what the keys must hold. */
  public List<SortKey> kept(List<SortKey> sorts) {
    return sorts.stream().filter(s -> !fixed.contains(s.field())).toList();
  }

  /**
   * How the keys serve {@code sorts} read in the direction that order asks: that of its first sort left, or with
   * every sort fixed (or none) that of the last sort, the direction the id takes after them; empty when they do not.
   *
   * @param id the entity's id property
   */
  public Optional<Served> serve(List<SortKey> sorts, String id) {
    List<SortKey> kept = kept(sorts);
    return serve(sorts, kept, id, kept.isEmpty() ? lastDescending(sorts) : kept.get(0).descending());
  }

  /**
   * How the keys serve {@code sorts} read backwards ({@code descending}) or forwards; empty when they do not.
   *
   * @param id the entity's id property
   */
  public Optional<Served> serve(List<SortKey> sorts, String id, boolean descending) {
    return serve(sorts, kept(sorts), id, descending);
  }

  private Optional<Served> serve(List<SortKey> sorts, List<SortKey> kept, String id, boolean descending) {
    if (kept.size() > keys.size() && !unique) {
      return Optional.empty();
    }
    for (int i = 0; i < Math.min(kept.size(), keys.size()); i++) {
      SortKey sort = kept.get(i);
      if (sort.ignoreCase() || sort.descending() != descending || !sort.field().equals(keys.get(i))) {
        return Optional.empty();
      }
    }
    boolean total = !kept.isEmpty() && kept.get(kept.size() - 1).field().equals(id)
        || descending == lastDescending(sorts) && kept.size() == keys.size() - 1 && keys.get(keys.size() - 1).equals(id)
        || unique && kept.size() >= keys.size();
    if (kept.isEmpty() && !sorts.isEmpty() && !total) {
      return Optional.empty();
    }
    return Optional.of(new Served(descending, total));
  }

  /** The direction of the id after {@code sorts}: that of the last sort, ascending when there is none. */
  private static boolean lastDescending(List<SortKey> sorts) {
    return !sorts.isEmpty() && sorts.get(sorts.size() - 1).descending();
  }
}

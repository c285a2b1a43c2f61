package io.strata.query.plan;

import io.strata.query.model.AggregateInfo;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.IndexInfo;
import io.strata.query.model.Op;
import io.strata.query.model.SortKey;
import io.strata.query.model.SpatialInfo;
import io.strata.query.model.VectorInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How one query's keys are read. Every plan but an aggregate's may leave {@code residual} conditions, checked on
 * each entity (or index entry) read.
 */
public sealed interface Plan extends Planned {

  /**
   * The rows of the ids an equality or {@code IN} on the id names, read directly.
   *
   * @param id the comparison on the id
   * @param residual the other conditions
   */
  record ById(Compare id, List<Condition> residual) implements Plan {
    public ById {
      residual = List.copyOf(residual);
    }
  }

  /**
   * A range of one index's entries.
   *
   * @param index the index read
   * @param equalities comparisons fixing the index's leading fields, in index order, one per field ({@code EQUAL},
   *     {@code IN}, {@code TRUE}, {@code FALSE})
   * @param range comparisons bounding the next field (empty, one, or a lower and an upper bound)
   * @param reverse read backwards
   * @param keyOrder merge {@code IN} alternatives in whole-key order (the order starts at an {@code IN} field)
   * @param fromKeys the result is built from the entries alone (indexed fields and the id)
   * @param rowsRead rows are read (neither {@code fromKeys} nor a covering index)
   * @param order the order the entries are read in, as far as the query asked for it
   * @param residual conditions checked on what is read
   */
  record IndexRead(IndexInfo index, List<Compare> equalities, List<Compare> range, boolean reverse, boolean keyOrder,
      boolean fromKeys, boolean rowsRead, List<SortKey> order, List<Condition> residual) implements Plan {
    public IndexRead {
      equalities = List.copyOf(equalities);
      range = List.copyOf(range);
      order = List.copyOf(order);
      residual = List.copyOf(residual);
    }

    /**
     * The position of the index field its keys hold {@link #order} from: after the equality prefix, or, when the order
     * begins with the one {@code IN} field that ends the prefix ({@link #keyOrder}), that field (its alternatives merged
     * in whole-key order); -1 when the order begins with an earlier {@code IN} field, which one position in the keys
     * cannot span.
     */
    public int orderedFrom() {
      if (!keyOrder) {
        return equalities.size();
      }
      long ins = equalities.stream().filter(c -> c.op() == Op.IN).count();
      return ins == 1 && equalities.get(equalities.size() - 1).op() == Op.IN ? equalities.size() - 1 : -1;
    }

    /** The properties the equalities fix to one value ({@code IN} fixes none). */
    public Set<String> fixed() {
      return equalities.stream().filter(c -> c.op() != Op.IN).map(Compare::field).collect(Collectors.toSet());
    }

    /**
     * Whether the keys after the equalities, read in this read's direction, come exactly in {@code sort} then the id
     * ({@code id}, the entity's id property) in the direction of its last item, as a union of reads merges its results,
     * so that its first n keys are its first n results: {@link OrderedKeys#serve}'s exact answer for the index's fields
     * from {@link #orderedFrom} on (then the id, for a plain index) with the sorts the equalities fix left out. Its own
     * part: no order ({@code sort} empty, or no one position in the keys) is never the keys', and where {@code sort}
     * names the id the sorts left must reach the end of the keys (see {@link OrderedKeys} for why the two callers differ).
     */
    public boolean keysAreTheOrder(List<SortKey> sort, String id) {
      int from = orderedFrom();
      if (from < 0 || sort.isEmpty()) {
        return false;
      }
      List<String> keys = new ArrayList<>(index.fields().subList(from, index.fields().size()));
      if (!index.unique()) {
        keys.add(id);
      }
      OrderedKeys held = new OrderedKeys(keys, index.unique(), fixed());
      if (sort.stream().anyMatch(k -> k.field().equals(id)) && held.kept(sort).size() < keys.size()) {
        return false;
      }
      return held.serve(sort, id, reverse).filter(OrderedKeys.Served::total).isPresent();
    }

    /** Whether a count is taken on the entries alone (no residual condition needs the rows). */
    public boolean countOnKeys() {
      return residual.isEmpty();
    }
  }

  /**
   * The cover ranges of a Z-order index.
   *
   * @param spatial the index
   * @param criterion the {@code WITHIN} or {@code NEAR} comparison
   * @param residual the other conditions
   */
  record SpatialRead(SpatialInfo spatial, Compare criterion, List<Condition> residual) implements Plan {
    public SpatialRead {
      residual = List.copyOf(residual);
    }
  }

  /**
   * A search of a vector index for the {@code k} entities nearest a query vector, nearest first. Candidates are
   * checked against {@code residual}; the search widens, within a bound, until {@code k} pass.
   *
   * @param vector the index searched
   * @param nearest the {@link io.strata.query.model.Op#NEAREST} comparison: its operand is the query vector
   * @param group one {@code EQUAL} (or {@code TRUE}/{@code FALSE}) per group field, in {@code groupBy} order: the one
   *     group searched (empty for an index without groups)
   * @param k how many results, fixed by the query ({@code Top10}); 0 when a limit given at run time sets it
   * @param residual the other conditions, checked on each candidate
   */
  record VectorRead(VectorInfo vector, Compare nearest, List<Compare> group, int k, List<Condition> residual)
      implements Plan {
    public VectorRead {
      group = List.copyOf(group);
      residual = List.copyOf(residual);
      if (k < 0) {
        throw new IllegalArgumentException("k must be at least 0 (0: given at run time), got " + k);
      }
    }

    /** Whether the number of results is given when the query runs (a {@code Limit}) rather than by the query. */
    public boolean kGiven() {
      return k == 0;
    }
  }

  /**
   * One group key of an {@code @Aggregate}: one or two keys whatever the group's size.
   *
   * @param aggregate the aggregate
   * @param groups one equality per group field, in group order
   */
  record AggregateRead(AggregateInfo aggregate, List<Compare> groups) implements Plan {
    public AggregateRead {
      groups = List.copyOf(groups);
    }
  }

  /**
   * Every row in id order, each checked against {@code residual} (only when the query allows a scan).
   *
   * @param residual the conditions
   */
  record AllRows(List<Condition> residual) implements Plan {
    public AllRows {
      residual = List.copyOf(residual);
    }
  }

  /**
   * An {@code Or}: one plan per branch, results merged without duplicates (by id) in the query's order.
   *
   * @param branches the branches' plans
   * @param order the merged order (empty: id order)
   */
  record Union(List<Plan> branches, List<SortKey> order) implements Plan {
    public Union {
      branches = List.copyOf(branches);
      order = List.copyOf(order);
    }
  }
}

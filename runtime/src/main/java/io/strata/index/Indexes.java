package io.strata.index;

import com.apple.foundationdb.Transaction;
import io.strata.row.EntityLayout;
import io.strata.row.Rows;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Every index of one entity beside its rows: the build states of all of them ({@link IndexStates}) and the
 * derived indexes ({@code @Aggregate}, {@code @Rank}, {@code @Text}, the {@code @Versioned} feed) by name,
 * in declaration order. Plain, unique, covering and spatial entries are laid out by
 * {@link EntityLayout} and written with the row; derived ones move here, through {@link DerivedIndex}.
 * Immutable after construction; thread-safe.
 */
public final class Indexes<T> {
  private final Rows<T> rows;
  private final Map<String, DerivedIndex> derived = new LinkedHashMap<>();
  private final IndexStates states;

  public Indexes(Rows<T> rows, List<DerivedIndexDefinition> definitions) {
    this.rows = rows;
    definitions.forEach(d -> derived.put(d.name(), d.index(rows)));
    this.states = new IndexStates(rows, derived.values());
  }

  public Rows<T> rows() {
    return rows;
  }

  public EntityLayout<T> layout() {
    return rows.layout();
  }

  /** Which indexes hold every entity. */
  public IndexStates states() {
    return states;
  }

  /** The derived indexes, in declaration order. */
  public Collection<DerivedIndex> derived() {
    return derived.values();
  }

  /** The derived index of that name, or null. */
  public DerivedIndex derived(String name) {
    return derived.get(name);
  }

  /**
   * The derived index of that name and kind; {@code what} names the annotation for the error (e.g.
   * "@Rank named"), thrown when the entity declares none.
   */
  public <D extends DerivedIndex> D derived(String name, Class<D> kind, String what) {
    DerivedIndex index = derived.get(name);
    if (!kind.isInstance(index)) {
      throw new IllegalArgumentException(layout().entityName() + " has no " + what + " '" + name + "'");
    }
    return kind.cast(index);
  }

  /**
   * Throws {@link io.strata.EntityTooLargeException} when a key or value some derived index would write for
   * entity {@code id} with elements {@code fresh} is over FoundationDB's limits: call it before the first write.
   * Returns the bytes the derived indexes write for that save ({@link DerivedIndex#checkSizes}).
   */
  public long checkSizes(Object id, Object[] fresh) {
    long bytes = 0;
    for (DerivedIndex d : derived.values()) {
      bytes += d.checkSizes(id, fresh);
    }
    return bytes;
  }

  /**
   * Moves the entity's contribution to every derived index that covers its row (see
   * {@link IndexStates#covers}), one index after the other: an index's writes never race another's reads in
   * the same transaction.
   */
  public CompletableFuture<Void> update(Transaction tr, Object id, Object[] old, Object[] fresh) {
    return updateAll(tr, List.of(new DerivedIndex.Change(id, old, fresh)));
  }

  /**
   * {@link #update} of several entities (in order, as {@link DerivedIndex#updateAll} takes them): index after index,
   * each given the changes of the rows it covers, so an index may share reads between them ({@code saveAll}).
   */
  public CompletableFuture<Void> updateAll(Transaction tr, List<DerivedIndex.Change> changes) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (DerivedIndex index : derived.values()) {
      if (index.maintainedWhileBuilding()) {
        chain = chain.thenCompose(v -> index.updateAll(tr, changes));
      } else {
        chain = chain.thenCompose(v -> covered(tr, index, changes)).thenCompose(covered -> index.updateAll(tr, covered));
      }
    }
    return chain;
  }

  /** The changes of the rows {@code index} covers (see {@link IndexStates#covers}), in order. */
  private CompletableFuture<List<DerivedIndex.Change>> covered(Transaction tr, DerivedIndex index, List<DerivedIndex.Change> changes) {
    if (states.seenReady(tr, index.kind(), index.name())) {
      return CompletableFuture.completedFuture(changes);
    }
    List<CompletableFuture<Boolean>> covers = new ArrayList<>(changes.size());
    for (DerivedIndex.Change c : changes) {
      covers.add(states.covers(tr, index.kind(), index.name(), layout().rowPrefix(c.id())));
    }
    return CompletableFuture.allOf(covers.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<DerivedIndex.Change> out = new ArrayList<>(changes.size());
      for (int i = 0; i < changes.size(); i++) {
        if (covers.get(i).join()) {
          out.add(changes.get(i));
        }
      }
      return out;
    });
  }
}

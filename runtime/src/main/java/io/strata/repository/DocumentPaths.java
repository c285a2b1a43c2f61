package io.strata.repository;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.CodecException;
import io.strata.document.Documents;
import io.strata.row.EntityLayout;
import io.strata.row.Sizes;
import io.strata.row.StoredData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reads and replaces subdocuments of {@code @Document} fields by path, touching only that subtree:
 * {@code getPath} reads the exact key and the prefix range of the path; {@code setPath} clears them,
 * writes the new leaves and removes the empty-container markers of the path's ancestors. A path
 * starts with the field name; list positions are integers, map keys strings.
 */
public final class DocumentPaths<T> {
  private final EntityStore<T> store;
  private final EntityLayout<T> layout;

  public DocumentPaths(EntityStore<T> store) {
    this.store = store;
    this.layout = store.layout();
  }

  private Tuple subPath(Object[] path) {
    if (path == null || path.length == 0 || !(path[0] instanceof String field) || !layout.isDocument(field)) {
      throw new IllegalArgumentException(layout.entityName() + ": a document path starts with the name of a @Document field "
          + layout.documentFields() + "; got " + (path == null ? "null" : java.util.Arrays.toString(path)));
    }
    List<Object> rest = new ArrayList<>();
    for (int i = 1; i < path.length; i++) {
      Object p = path[i];
      if (p instanceof Integer || p instanceof Long || p instanceof Short || p instanceof Byte) {
        long index = ((Number) p).longValue();
        if (index < 0 || index > Documents.MAX_LIST_POSITION) {
          throw new IllegalArgumentException(layout.entityName() + ": document path " + java.util.Arrays.toString(path) + ": list position "
              + index + " is outside [0, " + Documents.MAX_LIST_POSITION + "]; list positions count from 0");
        }
        rest.add(index);
      } else if (p instanceof String) {
        rest.add(p);
      } else {
        throw new IllegalArgumentException(layout.entityName() + ": document path " + java.util.Arrays.toString(path) + ": element " + p
            + " is neither a map key (String) nor a list position (int/long); pass map keys as String and list positions as int");
      }
    }
    return Tuple.fromList(rest);
  }

  /** The subdocument at {@code path} as plain Java values, or empty when nothing is stored there. */
  public CompletableFuture<Optional<Object>> get(ReadTransaction tr, Object id, Object... path) {
    Tuple sub = subPath(path);
    Subspace doc = layout.document(id, (String) path[0]);
    byte[] exact = doc.pack(sub);
    Subspace below = new Subspace(exact);
    CompletableFuture<byte[]> leaf = tr.get(exact);
    CompletableFuture<List<KeyValue>> children = tr.getRange(below.range()).asList();
    return leaf.thenCombine(children, (value, kvs) -> {
      List<Documents.Entry> entries = new ArrayList<>();
      if (value != null) {
        entries.add(new Documents.Entry(new Tuple(), decode(id, exact, value)));
      }
      for (KeyValue kv : kvs) {
        entries.add(new Documents.Entry(pathBelow(id, below, kv.getKey()), decode(id, kv.getKey(), kv.getValue())));
      }
      try {
        return Optional.ofNullable(Documents.assemble(entries));
      } catch (CodecException e) {
        throw StoredData.corrupt(layout, id, exact, "holds document leaves that do not assemble: " + e.getMessage(), e);
      }
    });
  }

  private Tuple pathBelow(Object id, Subspace below, byte[] key) {
    try {
      return below.unpack(key);
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, key, "is not a document path (" + e.getMessage() + ")", e);
    }
  }

  private Object decode(Object id, byte[] key, byte[] value) {
    try {
      Tuple t = Tuple.fromBytes(value);
      if (t.size() != 1) {
        throw new IllegalArgumentException("expected one element, found " + t.size());
      }
      return t.get(0);
    } catch (RuntimeException e) {
      throw StoredData.corrupt(layout, id, key, "is a document leaf that does not decode: " + e.getMessage(), e);
    }
  }

  /**
   * The document as it will be after replacing the subtree at {@code sub} with {@code leaves} must assemble
   * under the same rule the reader applies ({@link Documents#assemble}: at most
   * {@link Documents#MAX_LIST_POSITION} missing list positions in the whole document, and one shape per
   * path), or a later read, save or delete of the entity would fail on it. Checked before anything is written.
   */
  private void checkAssembles(Object id, Subspace doc, Tuple sub, List<Documents.Entry> leaves, List<KeyValue> stored, Object[] path) {
    byte[] replaced = doc.pack(sub);
    java.util.TreeMap<byte[], Documents.Entry> after = new java.util.TreeMap<>(com.apple.foundationdb.tuple.ByteArrayUtil::compareUnsigned);
    for (KeyValue kv : stored) {
      byte[] key = kv.getKey();
      if (!java.util.Arrays.equals(key, replaced) && !EntityLayout.inRow(key, replaced)) {
        after.put(key, new Documents.Entry(pathBelow(id, doc, key), null));
      }
    }
    for (Documents.Entry e : leaves) {
      Tuple full = sub.addAll(e.path());
      after.put(doc.pack(full), new Documents.Entry(full, null));
    }
    try {
      Documents.assemble(new ArrayList<>(after.values()));
    } catch (CodecException e) {
      throw new IllegalArgumentException(layout.entityName() + " id " + Sizes.describe(id) + ": setting " + java.util.Arrays.toString(path)
          + " would make the document '" + path[0] + "' unreadable (" + e.getMessage() + "); a document may skip at most "
          + Documents.MAX_LIST_POSITION + " list positions in all its lists together, and each path must keep the maps and lists"
          + " stored along it: set positions next to the ones stored, or replace the whole list or document", e);
    }
  }

  /** Replaces the subtree at {@code path} with {@code value}; the entity must exist. */
  public CompletableFuture<Void> set(Transaction tr, Object id, Object value, Object... path) {
    Tuple sub = subPath(path);
    String field = (String) path[0];
    Subspace doc = layout.document(id, field);
    List<Documents.Entry> leaves = Documents.flatten(value);
    long bytes = 0;
    for (Documents.Entry e : leaves) {
      byte[] key = doc.pack(sub.addAll(e.path()));
      byte[] leaf = Tuple.from(e.leaf()).pack();
      Sizes.checkKey(layout.entityName(), id, () -> "document path " + sub.addAll(e.path()), key);
      Sizes.checkValue(layout.entityName(), id, () -> field + sub.addAll(e.path()), leaf);
      bytes += key.length + leaf.length;
    }
    Sizes.checkDocument(layout.entityName(), id, field, bytes);
    boolean indexed = layout.indexesDocument(field);
    CompletableFuture<Void> fits = tr.getRange(doc.range()).asList().thenAccept(kvs -> checkAssembles(id, doc, sub, leaves, kvs, path));
    CompletableFuture<Object[]> before = indexed ? store.rows().loadRowOnly(tr, id) : CompletableFuture.completedFuture(null);
    List<CompletableFuture<byte[]>> ancestors = new ArrayList<>();
    for (int n = 0; n < sub.size(); n++) {
      ancestors.add(tr.get(doc.pack(Tuple.fromList(sub.getItems().subList(0, n)))));
    }
    return store.exists(tr, id).thenCombine(CompletableFuture.allOf(fits, CompletableFuture.allOf(ancestors.toArray(CompletableFuture[]::new))), (exists, v) -> {
      if (!exists) {
        throw new IllegalArgumentException(layout.entityName() + " id " + Sizes.describe(id) + " does not exist; save it before setting paths in it");
      }
      for (int n = 0; n < ancestors.size(); n++) {
        if (ancestors.get(n).join() != null) {
          throw new IllegalArgumentException("cannot set " + java.util.Arrays.toString(path) + ": " + field
              + Tuple.fromList(sub.getItems().subList(0, n)) + " holds a scalar, not a map or list; set that path instead");
        }
      }
      return null;
    }).thenCombine(before, (v, old) -> old).thenCompose(old -> {
      if (old == null) {
        return CompletableFuture.completedFuture(null);
      }
      int pos = layout.fieldPosition(field);
      Object[] fresh = old.clone();
      fresh[pos] = Documents.replace(old[pos], sub.getItems(), Documents.assemble(leaves));
      return store.reindex(tr, id, old, fresh); // checks sizes and unique values before it writes
    }).thenRun(() -> {
      for (int n = 0; n < sub.size(); n++) {
        Tuple ancestor = Tuple.fromList(sub.getItems().subList(0, n));
        tr.clear(doc.pack(ancestor.add(Documents.EMPTY_MAP)));
        tr.clear(doc.pack(ancestor.add(Documents.EMPTY_LIST)));
      }
      byte[] exact = doc.pack(sub);
      tr.clear(exact);
      tr.clear(new Subspace(exact).range());
      for (Documents.Entry e : leaves) {
        tr.set(doc.pack(sub.addAll(e.path())), Tuple.from(e.leaf()).pack());
      }
    });
  }

}

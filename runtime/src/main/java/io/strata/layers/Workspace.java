package io.strata.layers;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.ReadTransactionContext;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectorySubspace;
import io.strata.Blocking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Blue/green data sets with the directory layer: under a working directory, {@code current} is what
 * readers use, {@code new} is where writers build the next version, and {@code previous} the one before.
 * {@link #commit()} renames {@code new} to {@code current} (keeping the old one as {@code previous}) in
 * one transaction, so readers who open {@link #current(ReadTransactionContext)} and read it in the same
 * transaction always see one complete version. Directory moves only change metadata: no data is copied.
 *
 * <p>One writer at a time: a second {@link #staging()} discards the first one's. {@code commit} and
 * {@code rollback} are exactly-once under {@code commit_unknown_result}: a retry after an applied commit
 * recognises that the directory it moved is already current (by its prefix) and reports success instead
 * of "nothing to commit".
 */
public final class Workspace {
  static final String CURRENT = "current";
  static final String STAGING = "new";
  static final String PREVIOUS = "previous";

  private final Database db;
  private final DirectoryLayer directories = DirectoryLayer.getDefault();
  private final List<String> path;

  private Workspace(Database db, List<String> path) {
    this.db = db;
    this.path = List.copyOf(path);
  }

  /** A workspace whose directories live under {@code directoryPath} (created when missing). */
  public static Workspace open(Database db, List<String> directoryPath) {
    LayerSupport.require(db, "db");
    if (LayerSupport.require(directoryPath, "directoryPath").isEmpty()) {
      throw new IllegalArgumentException("a workspace needs a non-empty directory path, e.g. List.of(\"myapp\", \"catalog\")");
    }
    for (int i = 0; i < directoryPath.size(); i++) {
      LayerSupport.require(directoryPath.get(i), "directoryPath element " + i + " of " + directoryPath);
    }
    Workspace w = new Workspace(db, directoryPath);
    db.run(tr -> w.directories.createOrOpen(tr, w.child(CURRENT)).join());
    return w;
  }

  private List<String> child(String name) {
    List<String> p = new ArrayList<>(path);
    p.add(name);
    return p;
  }

  /** The version readers use. */
  public DirectorySubspace current() {
    return db.run(tr -> directories.createOrOpen(tr, child(CURRENT)).join());
  }

  /**
   * The version readers use, opened inside {@code tc}: read its contents in the same transaction to see
   * one complete version even while a {@link #commit()} or {@link #rollback()} runs (a handle kept across
   * transactions may point at a version that a later commit or rollback discarded).
   */
  public DirectorySubspace current(ReadTransactionContext tc) {
    return LayerSupport.require(tc, "tc").read(tr -> directories.open(tr, child(CURRENT)).join());
  }

  /** A new, empty staging directory (any earlier unfinished one is discarded). */
  public DirectorySubspace staging() {
    return db.run(tr -> {
      if (directories.exists(tr, child(STAGING)).join()) {
        directories.remove(tr, child(STAGING)).join();
      }
      return directories.create(tr, child(STAGING)).join();
    });
  }

  /** Makes staging current and keeps the old current as previous, atomically. */
  public void commit() {
    byte[][] moved = new byte[1][];
    Blocking.call(() -> db.run(tr -> {
      if (!directories.exists(tr, child(STAGING)).join()) {
        if (isCurrent(tr, moved[0])) {
          return null; // an earlier attempt committed, then its result was reported unknown
        }
        throw new IllegalStateException("nothing to commit: call staging() and fill it first");
      }
      moved[0] = directories.open(tr, child(STAGING)).join().getKey();
      if (directories.exists(tr, child(PREVIOUS)).join()) {
        directories.remove(tr, child(PREVIOUS)).join();
      }
      if (directories.exists(tr, child(CURRENT)).join()) {
        directories.move(tr, child(CURRENT), child(PREVIOUS)).join();
      }
      directories.move(tr, child(STAGING), child(CURRENT)).join();
      return null;
    }));
  }

  /** Makes previous current again (the current version is discarded), atomically. */
  public void rollback() {
    byte[][] moved = new byte[1][];
    Blocking.call(() -> db.run(tr -> {
      if (!directories.exists(tr, child(PREVIOUS)).join()) {
        if (isCurrent(tr, moved[0])) {
          return null; // an earlier attempt rolled back, then its result was reported unknown
        }
        throw new IllegalStateException("nothing to roll back to: no previous version (commit() keeps one)");
      }
      moved[0] = directories.open(tr, child(PREVIOUS)).join().getKey();
      if (directories.exists(tr, child(CURRENT)).join()) {
        directories.remove(tr, child(CURRENT)).join();
      }
      directories.move(tr, child(PREVIOUS), child(CURRENT)).join();
      return null;
    }));
  }

  /** Whether {@code prefix} (null before any attempt moved a directory) is the current directory's. */
  private boolean isCurrent(Transaction tr, byte[] prefix) {
    return prefix != null && directories.exists(tr, child(CURRENT)).join()
        && Arrays.equals(prefix, directories.open(tr, child(CURRENT)).join().getKey());
  }
}

package io.strata;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;

/**
 * An open Strata database: the fdb-java {@link Database} plus the root subspace chosen by the URL
 * ({@code ?root=} and {@code tenant=}); pass both to generated repositories:
 * {@code new UserRepository(sdb.database(), sdb.root())}. Closing it closes the database.
 */
public final class StrataDb implements AutoCloseable {
  private final String url;
  private final Database database;
  private final Subspace root;

  StrataDb(String url, Database database, Subspace root) {
    this.url = url;
    this.database = database;
    this.root = root;
  }

  public Database database() {
    return database;
  }

  /** The root subspace: a directory-layer directory when the URL names one, else the empty prefix. */
  public Subspace root() {
    return root;
  }

  public String url() {
    return url;
  }

  @Override
  public void close() {
    database.close();
  }

  @Override
  public String toString() {
    return "StrataDb[" + url + "]";
  }
}

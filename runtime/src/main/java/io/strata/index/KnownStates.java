package io.strata.index;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one entity's {@link IndexStates} has learned of the index markers of one database, kept between its
 * transactions so that it need not read them again: the indexes it has seen ready there (this version never makes an
 * index unready, so one seen ready covers every row from then on), and whether every marker is recorded there. Both
 * are facts of that database alone: the same entity in another database may have an index still building, or no
 * markers at all, which is why {@link IndexStates} keeps one of these per database.
 */
final class KnownStates {
  /** Indexes seen ready, by kind then name: checked on every query, so looked up without building a key. */
  private final Map<String, Set<String>> seenReady = new ConcurrentHashMap<>();
  private volatile boolean recorded;

  /** The names of the indexes of {@code kind} seen ready, a live set to add to. */
  Set<String> ready(String kind) {
    return seenReady.computeIfAbsent(kind, k -> ConcurrentHashMap.newKeySet());
  }

  /** Whether every declared marker was seen in place, committed, in this database. */
  boolean recorded() {
    return recorded;
  }

  /** Remembers that every declared marker is in place, committed, in this database. */
  void markRecorded() {
    recorded = true;
  }
}

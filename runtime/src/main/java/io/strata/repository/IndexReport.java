package io.strata.repository;

import java.util.List;

/**
 * What {@code verifyIndexes} found.
 *
 * @param rowsChecked entities whose index entries were checked
 * @param entriesChecked index entries checked against their rows
 * @param problems one line per inconsistency: an entry without its row, a row missing an entry, a stale value
 */
public record IndexReport(long rowsChecked, long entriesChecked, List<String> problems) {
  public IndexReport {
    problems = List.copyOf(problems);
  }

  public boolean isClean() {
    return problems.isEmpty();
  }
}

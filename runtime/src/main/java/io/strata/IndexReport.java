package io.strata;

import java.util.List;

/**
 * What {@code verifyIndexes} found.
 *
 * @param rowsChecked entities whose index entries were checked
 * @param entriesChecked index entries checked against their rows
 * @param problemCount inconsistencies found; at most {@link #MAX_LISTED} of them are listed
 * @param problems one line per inconsistency (the first {@link #MAX_LISTED}): an entry without its
 *     row, a row missing an entry, an entry whose values or covering copy differ from its row
 * @param notChecked indexes still being built online, which were not checked
 */
public record IndexReport(long rowsChecked, long entriesChecked, long problemCount, List<String> problems,
    List<String> notChecked) {
  /** The most problems a report lists, so verifying a badly damaged index cannot exhaust memory. */
  public static final int MAX_LISTED = 10_000;

  public IndexReport {
    problems = List.copyOf(problems);
    notChecked = List.copyOf(notChecked);
  }

  public boolean isClean() {
    return problemCount == 0;
  }
}

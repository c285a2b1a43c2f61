package io.strata.query;

import io.strata.Finder;
import java.util.List;

/**
 * One offset page of a run-time finder's results (Jakarta Data's {@code PageRequest} in offset mode, asked of a method
 * that takes a {@code Restriction}): its results, whether another page follows, and how many results there are.
 *
 * @param content the page's results, in the finder's order
 * @param more whether a result follows the page's last
 * @param total how many results the finder has (at most its limit), or -1 when not asked for
 * @param <E> the entity
 */
public record OffsetPage<E>(List<E> content, boolean more, long total) {
  public OffsetPage {
    content = List.copyOf(content);
  }

  /**
   * The {@code size} results of {@code finder} after the first {@code skip}, and with {@code total} how many it has in
   * all, read in one transaction (one snapshot), in one pass over the results where counting them reads them all
   * anyway. Without {@code total} the finder reads up to one result past the page, as {@code limit(n).list()} does.
   *
   * @param finder a finder of {@code RuntimeQueries} (a repository's {@code where}, {@code jdql} or a declared method's)
   * @throws IllegalArgumentException for another finder (a {@code nearest} one has no pages)
   */
  public static <E> OffsetPage<E> read(Finder<E> finder, long skip, int size, boolean total) {
    if (skip < 0 || size <= 0) {
      throw new IllegalArgumentException("an offset page skips 0 or more results (" + skip + ") and holds 1 or more (" + size + ")");
    }
    if (!(finder instanceof RuntimeFinder<E> runtime)) {
      throw new IllegalArgumentException("offset pages are read from a finder of where(...), jdql(...) or a method taking a"
          + " Restriction, not " + finder.getClass().getName());
    }
    if (total) {
      return runtime.offsetPage(skip, size);
    }
    List<E> read = finder.limit(Math.toIntExact(skip + size + 1)).list();
    List<E> content = read.subList((int) Math.min(skip, read.size()), (int) Math.min(skip + size, read.size()));
    return new OffsetPage<>(content, read.size() > skip + size, -1);
  }
}

package io.strata.row;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.Continuation;
import io.strata.InvalidContinuationException;

/** Continuations of range queries: bound to the query's range, checked before use. */
public final class Paging {
  private Paging() {}

  public static void checkLimit(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("page limit must be positive, was " + limit);
    }
  }

  /**
   * How many entries to read for a page of {@code limit}: one more, which tells whether another page
   * follows, without overflowing at {@code Integer.MAX_VALUE} (a page that large has no next one).
   */
  public static int withOneMore(int limit) {
    return limit == Integer.MAX_VALUE ? limit : limit + 1;
  }

  /** Where a query over {@code range} starts: its beginning, or the continuation's resume key. */
  public static byte[] resume(Continuation after, Range range) {
    if (after == null) {
      return range.begin;
    }
    byte[] key = after.resumeKeyFor(range.begin);
    if (ByteArrayUtil.compareUnsigned(key, range.begin) < 0 || ByteArrayUtil.compareUnsigned(key, range.end) > 0) {
      throw new InvalidContinuationException("continuation points outside this query's key range (it was not made by this query);"
          + " pass the token from Page.next() of this same query, unchanged, or null to start over");
    }
    return key;
  }
}

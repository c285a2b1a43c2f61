package io.strata.cli;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.strata.StrataDb;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads a range of keys a page per transaction, so a walk over a whole database stays within FoundationDB's
 * five-second transaction limit however large it is (each page is read at its own version).
 */
final class KeyPages {
  /** Keys read per transaction. */
  static final int PAGE = 10_000;

  private KeyPages() {}

  /**
   * Hands each key of {@code range} to {@code each} in order until it returns false.
   *
   * @return how many keys were handed over
   */
  static long forEach(StrataDb db, Range range, Predicate<KeyValue> each) {
    byte[] begin = range.begin;
    long handed = 0;
    while (true) {
      byte[] from = begin;
      List<KeyValue> page = db.read(tr -> tr.getRange(new Range(from, range.end), PAGE).asList().join());
      for (KeyValue kv : page) {
        handed++;
        if (!each.test(kv)) {
          return handed;
        }
      }
      if (page.size() < PAGE) {
        return handed;
      }
      begin = ByteArrayUtil.join(page.get(page.size() - 1).getKey(), new byte[] {0});
    }
  }

  /** Every key below the root subspace of {@code db} (the whole database when the root is empty). */
  static Range all(StrataDb db) {
    byte[] root = db.root().getKey();
    return root.length == 0 ? new Range(new byte[0], new byte[] {(byte) 0xff}) : Range.startsWith(root);
  }
}

package io.strata.index.text;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.async.AsyncUtil;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import io.strata.Continuation;
import io.strata.Page;
import io.strata.repository.EntityStore;
import io.strata.row.Paging;
import io.strata.row.StoredData;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * Queries of {@code @Text} fields. Every result is in id order and exact. Each word's entries
 * {@code (E,"T",field,word,id)} are read as a cursor in id order, in chunks: all-words and phrase
 * queries intersect the cursors by a leapfrog merge join (a cursor behind the others seeks forward with a
 * new range read instead of reading every entry in between), any-word queries merge them; a phrase is
 * then checked on the positions the entries carry, without reading rows. Only the matching rows are read.
 * A page's continuation is the last id returned.
 */
public final class TextQueries<T> {
  private static final int CHUNK = 128;
  private final EntityStore<T> store;

  public TextQueries(EntityStore<T> store) {
    this.store = store;
  }

  /** How the words combine. */
  private enum Mode { ALL, ANY, PHRASE, PREFIX }

  private CompletableFuture<TextIndex> ready(ReadTransaction tr, String field) {
    TextIndex index = store.indexes().derived(field, TextIndex.class, "@Text field");
    return store.states().requireReady(tr, TextIndex.KIND, field).thenApply(v -> index);
  }

  /** Entities whose field holds every word of {@code text} (none when it has no words). */
  public CompletableFuture<Page<T>> allWords(ReadTransaction tr, String field, String text, int limit, Continuation after) {
    return query(tr, field, Mode.ALL, text, limit, after);
  }

  /** Entities whose field holds at least one word of {@code text}. */
  public CompletableFuture<Page<T>> anyWord(ReadTransaction tr, String field, String text, int limit, Continuation after) {
    return query(tr, field, Mode.ANY, text, limit, after);
  }

  /** Entities whose field holds the words of {@code phrase} adjacent and in order. */
  public CompletableFuture<Page<T>> phrase(ReadTransaction tr, String field, String phrase, int limit, Continuation after) {
    return query(tr, field, Mode.PHRASE, phrase, limit, after);
  }

  /**
   * Entities whose field holds a word starting with {@code prefix} (normalised like the words; a prefix
   * of several words uses its first). Reads every entry of the matching words.
   */
  public CompletableFuture<Page<T>> wordStartingWith(ReadTransaction tr, String field, String prefix, int limit, Continuation after) {
    return query(tr, field, Mode.PREFIX, prefix, limit, after);
  }

  private CompletableFuture<Page<T>> query(ReadTransaction tr, String field, Mode mode, String text, int limit, Continuation after) {
    Paging.checkLimit(limit);
    List<String> words = Words.of(text);
    return ready(tr, field).thenCompose(index -> {
      byte[] query = ByteArrayUtil.join(index.subspace().getKey(), Tuple.from(mode.name(), String.join(" ", words)).pack());
      byte[] resume = after == null ? null : resumeOf(after.resumeKeyFor(query));
      if (words.isEmpty()) {
        return CompletableFuture.completedFuture(new Page<T>(List.of(), Optional.empty()));
      }
      CompletableFuture<List<byte[]>> ids = switch (mode) {
        case ALL -> join(tr, cursors(index, new LinkedHashSet<>(words), resume), true, limit, m -> true);
        case ANY -> join(tr, cursors(index, new LinkedHashSet<>(words), resume), false, limit, m -> true);
        case PHRASE -> join(tr, cursors(index, new LinkedHashSet<>(words), resume), true, limit, m -> isPhrase(words, m));
        case PREFIX -> prefix(tr, index, words.get(0), resume, limit);
      };
      return ids.thenCompose(found -> {
        List<byte[]> page = found.size() > limit ? found.subList(0, limit) : found;
        Optional<Continuation> next = found.size() > limit ? Optional.of(Continuation.of(query, page.get(limit - 1))) : Optional.empty();
        List<Object> keys = new ArrayList<>(page.size());
        page.forEach(id -> keys.add(Tuple.fromBytes(id).get(0)));
        return store.loadAll(tr, keys).thenApply(list -> new Page<>(list, next));
      });
    });
  }

  /**
   * The id a continuation resumes after: exactly one packed, non-null id, as the pages made here hold. A
   * token re-signed with another key (empty, or sorting before every id) would otherwise restart the query
   * from its first page, and a client paging until {@code next()} is empty would loop forever.
   */
  private byte[] resumeOf(byte[] key) {
    boolean id;
    try {
      Tuple t = Tuple.fromBytes(key);
      id = t.size() == 1 && t.get(0) != null;
    } catch (RuntimeException e) {
      id = false;
    }
    if (!id) {
      throw new io.strata.InvalidContinuationException("continuation does not resume after a " + store.layout().entityName()
          + " id (it was not made by this text query); pass the token from Page.next() of this same query, unchanged, or null to start over");
    }
    return key;
  }

  /** One word's entry as the join reads it: the packed id after the word, and the word's positions in the text. */
  private record Entry(byte[] id, long[] positions) {}

  /**
   * A text entry {@code (E,"T",field,word,id) = (positions...)} read under {@code word}, decoded once: one id
   * after the word, and positions that are integers. Damage is a {@link io.strata.CodecException} naming the
   * entity and the key.
   */
  private static Entry decoded(TextIndex index, Subspace word, KeyValue kv) {
    try {
      Tuple id = word.unpack(kv.getKey());
      if (id.size() != 1 || id.get(0) == null) {
        throw new IllegalArgumentException("expected one id after the word, found " + id);
      }
      return new Entry(Arrays.copyOfRange(kv.getKey(), word.getKey().length, kv.getKey().length), positions(kv.getValue()));
    } catch (RuntimeException e) {
      throw StoredData.corruptEntry(index.layout(), "text index '" + index.name() + "'", kv.getKey(),
          "is not (word, id) = (positions...): " + e.getMessage(), e);
    }
  }

  /** One word's entries from just after {@code resume} (a packed id tuple, or null), read in id order in chunks. */
  private static final class Cursor {
    final String word;
    final Subspace prefix;
    final byte[] end;
    byte[] begin;
    final ArrayDeque<Entry> buffer = new ArrayDeque<>();
    boolean exhausted;

    final TextIndex index;

    Cursor(TextIndex index, String word, Subspace prefix, byte[] resume) {
      this.index = index;
      this.word = word;
      this.prefix = prefix;
      this.end = prefix.range().end;
      this.begin = resume == null ? prefix.range().begin : ByteArrayUtil.join(prefix.getKey(), resume, new byte[] {0});
    }

    CompletableFuture<Void> fill(ReadTransaction tr) {
      return tr.getRange(begin, end, CHUNK).asList().thenAccept(kvs -> {
        kvs.forEach(kv -> buffer.add(decoded(index, prefix, kv)));
        exhausted = kvs.size() < CHUNK;
        if (!kvs.isEmpty()) {
          begin = ByteArrayUtil.join(kvs.get(kvs.size() - 1).getKey(), new byte[] {0});
        }
      });
    }

    boolean needsFill() {
      return buffer.isEmpty() && !exhausted;
    }

    /** The packed id tuple of the next entry. */
    byte[] head() {
      return buffer.peekFirst().id();
    }

    /** Skips to the first entry whose id is at least {@code id}: drops buffered entries, then seeks by range read. */
    void seek(byte[] id) {
      while (!buffer.isEmpty() && ByteArrayUtil.compareUnsigned(head(), id) < 0) {
        buffer.pollFirst();
      }
      if (buffer.isEmpty() && !exhausted) {
        byte[] target = ByteArrayUtil.join(prefix.getKey(), id);
        if (ByteArrayUtil.compareUnsigned(target, begin) > 0) {
          begin = target;
        }
      }
    }
  }

  /** A matched id with each word's positions in its text. */
  private record Match(byte[] id, java.util.Map<String, long[]> positions) {}

  private static List<Cursor> cursors(TextIndex index, LinkedHashSet<String> words, byte[] resume) {
    List<Cursor> out = new ArrayList<>();
    words.forEach(w -> out.add(new Cursor(index, w, index.word(w), resume)));
    return out;
  }

  /**
   * Up to {@code limit + 1} ids in id order: present under every cursor ({@code all}) or under any, and
   * accepted by {@code accept}.
   */
  private CompletableFuture<List<byte[]>> join(ReadTransaction tr, List<Cursor> cursors, boolean all, int limit, Predicate<Match> accept) {
    List<byte[]> acc = new ArrayList<>();
    return AsyncUtil.whileTrue(() -> {
      if (!advance(cursors, all, limit, accept, acc)) {
        return CompletableFuture.completedFuture(false);
      }
      List<CompletableFuture<Void>> fills = new ArrayList<>();
      cursors.stream().filter(Cursor::needsFill).forEach(c -> fills.add(c.fill(tr)));
      return CompletableFuture.allOf(fills.toArray(CompletableFuture[]::new)).thenApply(v -> true);
    }, tr.getExecutor()).thenApply(v -> acc);
  }

  /**
   * Moves the join forward over what the cursors hold, adding accepted ids to {@code acc}; returns true
   * when a cursor must read its next chunk first, false when the join is complete.
   */
  private static boolean advance(List<Cursor> cursors, boolean all, int limit, Predicate<Match> accept, List<byte[]> acc) {
    while (true) {
      if (cursors.stream().anyMatch(Cursor::needsFill)) {
        return true;
      }
      List<Cursor> live = cursors.stream().filter(c -> !c.buffer.isEmpty()).toList();
      if (live.isEmpty() || (all && live.size() < cursors.size())) {
        return false;
      }
      byte[] target = null;
      for (Cursor c : live) {
        byte[] h = c.head();
        if (target == null || (all ? ByteArrayUtil.compareUnsigned(h, target) > 0 : ByteArrayUtil.compareUnsigned(h, target) < 0)) {
          target = h;
        }
      }
      if (all) {
        boolean aligned = true;
        for (Cursor c : cursors) {
          c.seek(target);
          aligned &= !c.buffer.isEmpty() && Arrays.equals(c.head(), target);
        }
        if (!aligned) {
          continue;
        }
      }
      java.util.Map<String, long[]> positions = new java.util.HashMap<>();
      for (Cursor c : live) {
        if (Arrays.equals(c.head(), target)) {
          positions.put(c.word, c.buffer.pollFirst().positions());
        }
      }
      if (accept.test(new Match(target, positions))) {
        acc.add(target);
        if (acc.size() > limit) {
          return false;
        }
      }
    }
  }

  private static long[] positions(byte[] value) {
    Tuple t = Tuple.fromBytes(value);
    long[] out = new long[t.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = t.getLong(i);
    }
    return out;
  }

  /** Whether some position p has word i of the phrase at p + i for every i. */
  private static boolean isPhrase(List<String> words, Match m) {
    List<java.util.Set<Long>> at = new ArrayList<>();
    for (String w : words) {
      java.util.Set<Long> s = new HashSet<>();
      for (long p : m.positions().get(w)) {
        s.add(p);
      }
      at.add(s);
    }
    for (long start : at.get(0)) {
      boolean all = true;
      for (int i = 1; i < words.size() && all; i++) {
        all = at.get(i).contains(start + i);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }

  /** Distinct ids with a word starting with {@code prefix}, after {@code resume}, in id order: reads every matching entry. */
  private static CompletableFuture<List<byte[]>> prefix(ReadTransaction tr, TextIndex index, String prefix, byte[] resume, int limit) {
    byte[] start = ByteArrayUtil.join(index.subspace().getKey(), new byte[] {0x02}, ByteArrayUtil.replace(
        prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8), new byte[] {0}, new byte[] {0, (byte) 0xff}));
    byte[] end = ByteArrayUtil.join(start, new byte[] {(byte) 0xff});
    return tr.getRange(start, end).asList().thenApply(kvs -> {
      TreeSet<byte[]> ids = new TreeSet<>(ByteArrayUtil::compareUnsigned);
      for (KeyValue kv : kvs) {
        Tuple key;
        try {
          key = index.subspace().unpack(kv.getKey());
          if (key.size() != 2 || !(key.get(0) instanceof String) || key.get(1) == null) {
            throw new IllegalArgumentException("expected (word, id), found " + key);
          }
        } catch (RuntimeException e) {
          throw StoredData.corruptEntry(index.layout(), "text index '" + index.name() + "'", kv.getKey(),
              "is not (word, id): " + e.getMessage(), e);
        }
        byte[] id = Tuple.from(key.get(1)).pack();
        if (resume == null || ByteArrayUtil.compareUnsigned(id, resume) > 0) {
          ids.add(id);
        }
      }
      List<byte[]> out = new ArrayList<>();
      for (byte[] id : ids) {
        out.add(id);
        if (out.size() > limit) {
          break;
        }
      }
      return out;
    });
  }
}

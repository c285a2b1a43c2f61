package io.strata.processor.behaviour;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.tuple.Tuple;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Counts the keys a {@link Database} returns from range reads, and its single-key gets, by kind of key
 * ({@code (E, kind, ...)}: "I" index entries, "U" unique entries, "R" rows, "A" aggregates), through a decorator: every transaction the wrapped database hands
 * to a function is wrapped so that its {@code getRange(...).asList()} and {@code getMappedRange(...).asList()} results
 * are counted (a mapped read's entries and the rows they map to).
 */
final class KeyCounter {
  private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> gets = new ConcurrentHashMap<>();

  /** Keys of kind {@code kind} ("I", "U", "R") read since the last {@link #reset()}. */
  long keys(String kind) {
    return counts.getOrDefault(kind, new AtomicLong()).get();
  }

  /** Single-key {@code get}s of keys of kind {@code kind} since the last {@link #reset()} (range reads are {@link #keys}). */
  long gets(String kind) {
    return gets.getOrDefault(kind, new AtomicLong()).get();
  }

  /** Every key read since the last {@link #reset()}: keys returned by range reads and single-key gets, of any kind. */
  long total() {
    return counts.values().stream().mapToLong(AtomicLong::get).sum() + gets.values().stream().mapToLong(AtomicLong::get).sum();
  }

  void reset() {
    counts.clear();
    gets.clear();
  }

  Database wrap(Database db) {
    return (Database) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Database.class}, (proxy, method, args) -> {
      if (args != null) {
        for (int i = 0; i < args.length; i++) {
          if (args[i] instanceof Function<?, ?> f) {
            args[i] = wrapping(f);
          }
        }
      }
      return invoke(db, method, args);
    });
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Function wrapping(Function f) {
    return tr -> f.apply(tr instanceof Transaction t ? transaction(t, Transaction.class) : transaction((ReadTransaction) tr, ReadTransaction.class));
  }

  private Object transaction(ReadTransaction tr, Class<?> type) {
    InvocationHandler handler = (proxy, method, args) -> {
      Object result = invoke(tr, method, args);
      if (method.getName().equals("get") && args.length == 1 && args[0] instanceof byte[] key) {
        count(key, gets);
      }
      return method.getName().equals("getRange") || method.getName().equals("getMappedRange") ? counted((AsyncIterable<?>) result) : result;
    };
    return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler);
  }

  private Object counted(AsyncIterable<?> range) {
    return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {AsyncIterable.class}, (proxy, method, args) -> {
      Object result = invoke(range, method, args);
      if (method.getName().equals("asList")) {
        return ((CompletableFuture<?>) result).thenApply(list -> {
          for (Object kv : (List<?>) list) {
            count(((KeyValue) kv).getKey(), counts);
            if (kv instanceof MappedKeyValue mapped) { // an index entry and the row it maps to, read together
              mapped.getRangeResult().forEach(row -> count(row.getKey(), counts));
            }
          }
          return list;
        });
      }
      return result;
    });
  }

  private static void count(byte[] bytes, Map<String, AtomicLong> counts) {
    String kind;
    try {
      Tuple key = Tuple.fromBytes(bytes);
      kind = key.size() > 1 && key.get(1) instanceof String s ? s : "other";
    } catch (RuntimeException e) {
      kind = "other";
    }
    counts.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}

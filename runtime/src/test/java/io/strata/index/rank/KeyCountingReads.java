package io.strata.index.rank;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.async.AsyncIterable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link ReadTransaction} decorator counting the keys its reads return: one per {@code get}, one per
 * key-value a range read delivers through {@code asList()}. Test code only (engine statistics are
 * another branch's work).
 */
final class KeyCountingReads {
  private final AtomicLong keys = new AtomicLong();

  long keys() {
    return keys.get();
  }

  ReadTransaction wrap(ReadTransaction tr) {
    return (ReadTransaction) Proxy.newProxyInstance(ReadTransaction.class.getClassLoader(), new Class<?>[] {ReadTransaction.class},
        (proxy, method, args) -> {
          Object result = invoke(method, tr, args);
          if (method.getName().equals("get") && result instanceof CompletableFuture<?>) {
            keys.incrementAndGet();
          } else if (method.getName().equals("getRange")) {
            return counting((AsyncIterable<?>) result);
          } else if (method.getName().equals("snapshot")) {
            return wrap((ReadTransaction) result);
          }
          return result;
        });
  }

  @SuppressWarnings("unchecked")
  private AsyncIterable<KeyValue> counting(AsyncIterable<?> range) {
    return (AsyncIterable<KeyValue>) Proxy.newProxyInstance(AsyncIterable.class.getClassLoader(), new Class<?>[] {AsyncIterable.class},
        (proxy, method, args) -> {
          Object result = invoke(method, range, args);
          if (method.getName().equals("asList")) {
            return ((CompletableFuture<List<KeyValue>>) result).thenApply(list -> {
              keys.addAndGet(list.size());
              return list;
            });
          }
          if (method.getName().equals("iterator")) {
            throw new UnsupportedOperationException("count keys of asList() reads only");
          }
          return result;
        });
  }

  private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}

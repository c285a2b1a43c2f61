package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One transaction used from several threads and callbacks at once, as fdb-java allows: every read sees
 * exactly the transaction's writes issued before it (FoundationDB runs a transaction's calls in the order
 * they are made, on its network thread), even while its answer is still in flight and other threads keep
 * writing, and nothing fails.
 *
 * <p>Each thread owns a prefix {@code t<i>/} and keeps a model of it; a read's expected answer is taken
 * from the model when the read is issued and compared when the answer arrives, after later writes.
 * Subclasses run it with simulated latency and with delayed reads, where answers complete on other threads.
 */
public abstract class ConcurrentTransactionContract extends BackendContract {
    private static final int THREADS = 4;
    private static final int STEPS = 150;
    private static final int KEYS = 20;

    @BeforeEach
    void storeEveryOtherKeyAndSentinels() {
        db.run(tr -> {
            for (int t = 0; t < THREADS; t++) {
                for (int k = 0; k < KEYS; k += 2) {
                    tr.set(key(t, k), value(1000 + k));
                }
                tr.set(b("t" + t + "/!"), value(-1)); // before the thread's keys
                tr.set(b("t" + t + "/~"), value(-2)); // after them: key selectors stay in the prefix
            }
            return null;
        });
    }

    @Test
    void readsFromSeveralThreadsSeeTheWritesIssuedBeforeThem() throws Exception {
        List<TreeMap<String, Long>> finals = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try (Transaction tr = db.createTransaction()) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<TreeMap<String, Long>>> work = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                work.add(threads.submit(() -> {
                    start.await();
                    return writeAndRead(tr, thread, new Random(31L * thread + 7));
                }));
            }
            start.countDown();
            for (Future<TreeMap<String, Long>> w : work) {
                finals.add(w.get(60, TimeUnit.SECONDS));
            }
            tr.commit().join();
        } finally {
            threads.shutdownNow();
        }
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            List<KeyValue> stored = db.read(rt -> rt.getRange(key(thread, 0), b("t" + thread + "/l")).asList().join());
            assertEquals(render(finals.get(t)), render(stored), "committed state of thread " + t);
        }
    }

    @Test
    void writesFromCallbacksInterleaveWithRangeReadsInBothDirections() {
        TreeMap<String, Long> model = storedModel(0);
        List<CompletableFuture<?>> checks = new ArrayList<>();
        int callbacks = 60;
        try (Transaction tr = db.createTransaction()) {
            for (int i = 0; i < callbacks; i++) {
                int n = i;
                // each answer, on whatever thread delivers it, writes into thread 1's prefix
                checks.add(tr.get(key(1, i % KEYS)).thenAccept(v -> tr.mutate(MutationType.ADD, key(1, n % KEYS), value(1))));
                tr.set(key(0, i % KEYS), value(i));
                model.put(s(key(0, i % KEYS)), (long) i);
                boolean reverse = i % 2 == 0;
                int limit = i % 4;
                List<String> expected = expectedRange(model, reverse, limit);
                checks.add(tr.getRange(key(0, 0), b("t0/l"), limit, reverse).asList()
                        .thenAccept(kvs -> assertEquals(expected, render(kvs), "range read " + n)));
            }
            CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).join();
            tr.commit().join();
        }
        long total = db.read(rt -> {
            long sum = 0;
            for (KeyValue kv : rt.getRange(key(1, 0), b("t1/l")).asList().join()) {
                sum += decode(kv.getValue());
            }
            return sum;
        });
        long stored = 0;
        for (long v : storedModel(1).values()) {
            stored += v;
        }
        assertEquals(stored + callbacks, total, "every callback's ADD was committed");
    }

    /** One thread's random writes, each followed by a read whose expected answer is fixed when it is issued. */
    private TreeMap<String, Long> writeAndRead(Transaction tr, int t, Random random) {
        TreeMap<String, Long> model = storedModel(t);
        List<CompletableFuture<?>> checks = new ArrayList<>();
        for (int step = 0; step < STEPS; step++) {
            write(tr, t, model, random);
            checks.add(read(random.nextBoolean() ? tr : tr.snapshot(), t, model, random, step));
        }
        CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).join();
        return model;
    }

    private static void write(Transaction tr, int t, TreeMap<String, Long> model, Random random) {
        int k = random.nextInt(KEYS);
        String name = s(key(t, k));
        switch (random.nextInt(5)) {
            case 0, 1 -> {
                long v = random.nextInt(1000);
                tr.set(key(t, k), value(v));
                model.put(name, v);
            }
            case 2 -> {
                tr.clear(key(t, k));
                model.remove(name);
            }
            case 3 -> {
                int end = Math.min(KEYS, k + 1 + random.nextInt(3));
                tr.clear(key(t, k), key(t, end));
                for (int i = k; i < end; i++) {
                    model.remove(s(key(t, i)));
                }
            }
            default -> {
                long delta = random.nextInt(10) + 1;
                tr.mutate(MutationType.ADD, key(t, k), value(delta));
                model.merge(name, delta, Long::sum);
            }
        }
    }

    private static CompletableFuture<?> read(ReadTransaction tr, int t, TreeMap<String, Long> model, Random random, int step) {
        String what = "thread " + t + " step " + step;
        int k = random.nextInt(KEYS);
        switch (random.nextInt(3)) {
            case 0 -> {
                Long expected = model.get(s(key(t, k)));
                return tr.get(key(t, k)).thenAccept(v ->
                        assertEquals(expected, v == null ? null : decode(v), what + ": get " + k));
            }
            case 1 -> {
                String expected = model.ceilingKey(s(key(t, k)));
                String resolved = expected == null ? "t" + t + "/~" : expected;
                return tr.getKey(KeySelector.firstGreaterOrEqual(key(t, k))).thenAccept(found ->
                        assertEquals(resolved, s(found), what + ": getKey " + k));
            }
            default -> {
                boolean reverse = random.nextBoolean();
                int limit = random.nextInt(5);
                List<String> expected = expectedRange(model, reverse, limit);
                return tr.getRange(key(t, 0), b("t" + t + "/l"), limit, reverse).asList().thenAccept(kvs ->
                        assertEquals(expected, render(kvs), what + ": range reverse=" + reverse + " limit=" + limit));
            }
        }
    }

    private static List<String> expectedRange(TreeMap<String, Long> model, boolean reverse, int limit) {
        List<String> all = render(reverse ? model.descendingMap() : model);
        return limit == 0 ? all : all.subList(0, Math.min(limit, all.size()));
    }

    private static TreeMap<String, Long> storedModel(int t) {
        TreeMap<String, Long> model = new TreeMap<>();
        for (int k = 0; k < KEYS; k += 2) {
            model.put(s(key(t, k)), 1000L + k);
        }
        return model;
    }

    private static List<String> render(Map<String, Long> model) {
        List<String> out = new ArrayList<>();
        model.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }

    private static List<String> render(List<KeyValue> kvs) {
        List<String> out = new ArrayList<>();
        for (KeyValue kv : kvs) {
            out.add(s(kv.getKey()) + "=" + decode(kv.getValue()));
        }
        return out;
    }

    private static byte[] key(int t, int k) {
        return b(String.format("t%d/k%02d", t, k));
    }

    private static byte[] value(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static long decode(byte[] v) {
        return ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}

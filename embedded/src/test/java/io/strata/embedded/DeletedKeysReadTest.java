package io.strata.embedded;

import static io.strata.embedded.ReadYourWritesContract.b;
import static io.strata.embedded.ReadYourWritesContract.keys;
import static io.strata.embedded.ReadYourWritesContract.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reads at a version older than recent deletions still see the deleted keys: the store walks only live
 * keys and merges in the keys that died after the reader's version (embedded only: it tests how the
 * engine finds them, which a cluster does differently).
 */
class DeletedKeysReadTest {
    private final Database db = EmbeddedFdb.open();

    @AfterEach
    void close() {
        db.close();
    }

    private void run(java.util.function.Consumer<Transaction> body) {
        db.run(tr -> {
            body.accept(tr);
            return null;
        });
    }

    @Test
    void rangeReadAtAnOlderVersionSeesKeysDeletedSince() {
        run(tr -> List.of("a", "b", "c", "d").forEach(k -> tr.set(b(k), b(k))));
        try (Transaction reader = db.createTransaction()) {
            reader.getReadVersion().join();
            run(tr -> {
                tr.clear(b("b"));
                tr.clear(b("c"), b("d"));
                tr.set(b("e"), b("e"));
            });
            assertEquals(List.of("a", "b", "c", "d"), keys(reader.getRange(b("a"), b("z")).asList().join()));
            assertEquals(List.of("d", "c", "b", "a"), keys(reader.getRange(b("a"), b("z"), 0, true).asList().join()));
            assertEquals("c", s(reader.getKey(KeySelector.firstGreaterThan(b("b"))).join()));
        }
        assertEquals(List.of("a", "d", "e"), keys(db.read(tr -> tr.getRange(b("a"), b("z")).asList().join())));
    }

    @Test
    void keyDeletedAndSetAgainSinceTheReadVersionIsReadOnce() {
        run(tr -> tr.set(b("k"), b("old")));
        try (Transaction reader = db.createTransaction()) {
            reader.getReadVersion().join();
            run(tr -> tr.clear(b("k")));
            run(tr -> tr.set(b("k"), b("new")));
            assertEquals(List.of("k"), keys(reader.getRange(b("a"), b("z")).asList().join()));
            assertEquals("old", s(reader.getRange(b("a"), b("z")).asList().join().get(0).getValue()));
        }
    }

    @Test
    void readerFarBehindManyDeletionsStillSeesEveryKey() {
        run(tr -> {
            for (int i = 0; i < 1_000; i++) {
                tr.set(Tuple.from("many", i).pack(), b("v"));
            }
        });
        try (Transaction reader = db.createTransaction()) {
            reader.getReadVersion().join();
            for (int i = 0; i < 1_000; i += 2) {
                int k = i;
                run(tr -> tr.clear(Tuple.from("many", k).pack()));
            }
            assertEquals(1_000, reader.getRange(Tuple.from("many").range()).asList().join().size());
        }
        assertEquals(500, db.read(tr -> tr.getRange(Tuple.from("many").range()).asList().join()).size());
    }

    @Test
    void rangeReadsDuringConcurrentDeletionsAlwaysSeeAConsistentSnapshot() throws InterruptedException {
        int width = 50;
        run(tr -> {
            for (int i = 0; i < width; i++) {
                tr.set(Tuple.from("slide", i).pack(), b("v"));
            }
        });
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            // each commit deletes the first key of the window and adds one past its end: always `width` keys
            for (int first = 0; !stop.get(); first++) {
                int f = first;
                run(tr -> {
                    tr.clear(Tuple.from("slide", f).pack());
                    tr.set(Tuple.from("slide", f + width).pack(), b("v"));
                });
            }
        });
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(new Thread(() -> {
                for (int i = 0; i < 2_000; i++) {
                    int n = db.read(tr -> tr.getRange(Tuple.from("slide").range()).asList().join()).size();
                    if (n != width) {
                        wrong.add("read " + n + " keys, expected " + width);
                    }
                }
            }));
        }
        writer.start();
        readers.forEach(Thread::start);
        for (Thread t : readers) {
            t.join();
        }
        stop.set(true);
        writer.join();
        assertEquals(List.of(), List.copyOf(wrong));
    }
}

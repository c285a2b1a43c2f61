package io.strata.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The program the crash and lock tests run in a child JVM.
 *
 * <ul>
 *   <li>{@code hold <dir>}: opens the database, prints {@code READY}, and waits to be killed.
 *   <li>{@code try <dir>}: tries to open the database once and prints {@code LOCKED <message>} when it is
 *       refused as in use, or {@code OPENED} (then closes it again), and exits.
 *   <li>{@code commit <dir> <first> <threads>}: commits numbered transactions {@code first, first+1, ...}
 *       from several threads until killed, printing {@code ACK n} once transaction {@code n}'s commit has
 *       returned. Transaction {@code n} (see {@link #write}) sets {@code ("t", n)}, adds 1 to
 *       {@code ("count")} (atomic ADD), writes a versionstamped key {@code ("vk", stamp)} and a
 *       versionstamped value at {@code ("vv", n)}; every 20th one also writes 1 MB in 10 parts.
 * </ul>
 */
final class DurableWorker {
    static final int BIG_EVERY = 20;
    static final int BIG_PARTS = 10;
    static final int PART_BYTES = 100_000;
    /** The prefix of the versionstamped keys: {@code "vk" + stamp}. */
    static final byte[] VK = {'v', 'k'};

    private DurableWorker() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("try")) {
            try (Database db = EmbeddedFdb.open(Path.of(args[1]))) {
                System.out.println("OPENED");
            } catch (DirectoryLockedException e) {
                System.out.println("LOCKED " + e.getMessage());
            }
            System.out.flush();
            return;
        }
        Database db = EmbeddedFdb.builder().checkpointAfter(2L << 20).open(Path.of(args[1]));
        System.out.println("READY");
        System.out.flush();
        if (args[0].equals("hold")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        AtomicLong next = new AtomicLong(Long.parseLong(args[2]));
        int threads = Integer.parseInt(args[3]);
        for (int t = 0; t < threads; t++) {
            new Thread(() -> {
                while (true) {
                    long n = next.getAndIncrement();
                    db.run(tr -> {
                        write(tr, n);
                        return null;
                    });
                    synchronized (System.out) {
                        System.out.println("ACK " + n);
                        System.out.flush();
                    }
                }
            }).start();
        }
    }

    static void write(Transaction tr, long n) {
        byte[] number = Tuple.from(n).pack();
        tr.set(Tuple.from("t", n).pack(), number);
        tr.mutate(MutationType.ADD, Tuple.from("count").pack(),
                ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array());
        // "vk" + a 10-byte placeholder, then its little-endian offset (2); the value: the placeholder at offset 0
        byte[] stampedKey = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).put(VK).put(new byte[10]).putInt(2).array();
        tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stampedKey, number);
        tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, Tuple.from("vv", n).pack(), new byte[14]);
        if (n % BIG_EVERY == 0) {
            for (int p = 0; p < BIG_PARTS; p++) {
                byte[] part = new byte[PART_BYTES];
                Arrays.fill(part, (byte) (n + p));
                tr.set(Tuple.from("big", n, p).pack(), part);
            }
        }
    }
}

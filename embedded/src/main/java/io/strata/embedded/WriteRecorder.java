package io.strata.embedded;

import com.apple.foundationdb.MutationType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Records, commit by commit, which keys an embedded database's successful read-write commits write, for a
 * {@link WriteDistribution} report (opt-in: {@link EmbeddedFdb#recordWrites}). Per commit it keeps the set of
 * keys it sets, clears or mutates (a versionstamped key as the commit stamped it), its range clears, and the
 * prefixes before the versionstamp of its {@code SET_VERSIONSTAMPED_KEY} writes (the tails they append to).
 * A key written several times by one commit counts once: a cluster's storage server receives one commit's
 * mutations of a key together. Commits are recorded under the committer's lock, in version order.
 */
public final class WriteRecorder implements AutoCloseable {
    /**
     * What one commit wrote: its keys, range clears and versionstamp tails, and the positions where its writes
     * land that a split between keys can separate: each key, except that a versionstamped key lands at the end of
     * its tail (the tail followed by {@code \xff}), after every key already there, whatever it is stamped with.
     */
    record Commit(Set<ByteBuffer> keys, List<byte[][]> clears, Set<ByteBuffer> tails, Set<ByteBuffer> positions) {}

    private final EmbeddedDatabase db;
    private final List<Commit> commits = new ArrayList<>();

    WriteRecorder(EmbeddedDatabase db) {
        this.db = db;
    }

    /** Records one commit's mutations, {@code stamp} being the 10-byte versionstamp it writes; committer only. */
    synchronized void commit(List<WriteBuffer.Mutation> mutations, byte[] stamp) {
        Set<ByteBuffer> keys = new LinkedHashSet<>();
        List<byte[][]> clears = new ArrayList<>();
        Set<ByteBuffer> tails = new LinkedHashSet<>();
        Set<ByteBuffer> positions = new LinkedHashSet<>();
        for (WriteBuffer.Mutation m : mutations) {
            switch (m.kind()) {
                case SET, CLEAR -> {
                    keys.add(ByteBuffer.wrap(m.key()));
                    positions.add(ByteBuffer.wrap(m.key()));
                }
                case CLEAR_RANGE -> clears.add(new byte[][] {m.key(), m.end()});
                case ATOMIC -> {
                    if (m.type() == MutationType.SET_VERSIONSTAMPED_KEY) {
                        keys.add(ByteBuffer.wrap(Versionstamps.fill(m.key(), stamp)));
                        byte[] tail = new byte[Versionstamps.offset(m.key())];
                        System.arraycopy(m.key(), 0, tail, 0, tail.length);
                        tails.add(ByteBuffer.wrap(tail));
                        byte[] end = Arrays.copyOf(tail, tail.length + 1);
                        end[tail.length] = (byte) 0xff;
                        positions.add(ByteBuffer.wrap(end));
                    } else {
                        keys.add(ByteBuffer.wrap(m.key()));
                        positions.add(ByteBuffer.wrap(m.key()));
                    }
                }
            }
        }
        commits.add(new Commit(keys, clears, tails, positions));
    }

    /** The commits recorded so far. */
    public synchronized int commits() {
        return commits.size();
    }

    /**
     * Where the recorded commits wrote, with the database's keys (outside the system key space) cut into at
     * most {@code ranges} ranges of about equal bytes (keys plus values, as they are now), as FoundationDB's data
     * distribution cuts shards by size.
     *
     * @throws IllegalArgumentException when {@code ranges} is not positive
     */
    public WriteDistribution report(int ranges) {
        if (ranges <= 0) {
            throw new IllegalArgumentException("report(" + ranges + "): cut the key space into at least 1 range");
        }
        List<byte[][]> stored = db.store().range(Keys.EMPTY, Keys.SYSTEM_PREFIX, db.latestVersion(), 0, false);
        List<Commit> recorded;
        synchronized (this) {
            recorded = List.copyOf(commits);
        }
        return WriteDistribution.of(recorded, boundaries(stored, ranges), stored);
    }

    /** The first key of each range: the empty key, then the key where each further 1/n of the bytes begins. */
    private static List<byte[]> boundaries(List<byte[][]> stored, int n) {
        long total = 0;
        for (byte[][] kv : stored) {
            total += kv[0].length + kv[1].length;
        }
        List<byte[]> begins = new ArrayList<>();
        begins.add(Keys.EMPTY);
        long seen = 0;
        for (byte[][] kv : stored) {
            if (begins.size() < n && seen >= total * begins.size() / n && Keys.compare(kv[0], begins.get(begins.size() - 1)) > 0) {
                begins.add(kv[0]);
            }
            seen += kv[0].length + kv[1].length;
        }
        return begins;
    }

    /** Stops recording; what was recorded can still be reported. */
    @Override
    public void close() {
        db.stopRecording(this);
    }
}

package io.strata.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

/**
 * A log disk for tests ({@code EmbeddedFdb.builder().logDisk(disk)}): the file system's channel, whose writes and
 * forces it counts, and which can force slowly, hold one force until released, or fail at a chosen write or
 * force — writing part of the bytes first, and refusing everything after (a dead disk) if asked.
 * Writes and forces (of data alone, or with the file's size) are numbered from 1 over every log the database appends
 * to. Given the database's directory ({@link #watchingSizesIn}), it also checks the newest log's size at each force.
 */
final class TestDisk implements UnaryOperator<LogChannel> {
    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger forces = new AtomicInteger();
    private final AtomicInteger metadataForces = new AtomicInteger();
    private final AtomicInteger dataForcesAfterResize = new AtomicInteger();
    private volatile Path directory;
    private volatile long sizeAtLastForce = -1;
    private volatile long forceNanos;
    private volatile int failingWrite;
    private volatile int tornBytes;
    private volatile int failingForce;
    private volatile boolean failingGrowth;
    private volatile int heldForce;
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile boolean deadAfterFailure;
    private volatile boolean failed;
    private volatile long writtenEnd;
    private volatile long forcedEnd;

    /**
     * Checks, at each force, the size of the newest log in {@code directory} (the one the database appends to):
     * {@link #dataForcesAfterResize()} counts data forces of a file whose size changed since the force before.
     */
    TestDisk watchingSizesIn(Path directory) {
        this.directory = directory;
        return this;
    }

    /** Each force also waits this long, as a disk whose flush takes time. */
    TestDisk slowForce(long micros) {
        this.forceNanos = TimeUnit.MICROSECONDS.toNanos(micros);
        return this;
    }

    /** The {@code n}-th write writes its first {@code bytes} bytes (fewer if it has fewer), then fails. */
    TestDisk failWrite(int n, int bytes) {
        this.failingWrite = n;
        this.tornBytes = bytes;
        return this;
    }

    /** The first write of zeros only (the log growing ahead of its records) fails, writing nothing. */
    TestDisk failGrowth() {
        this.failingGrowth = true;
        return this;
    }

    /** The {@code n}-th force fails (what was written stays in the file). */
    TestDisk failForce(int n) {
        this.failingForce = n;
        return this;
    }

    /** The {@code n}-th force waits for {@link #release()}; {@link #awaitHeld()} returns once it waits. */
    TestDisk holdForce(int n) {
        this.heldForce = n;
        return this;
    }

    /** After the first failure every operation fails, cutting the file back included. */
    TestDisk deadAfterFailure() {
        this.deadAfterFailure = true;
        return this;
    }

    void awaitHeld() throws InterruptedException {
        if (!holding.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the held force was never reached");
        }
    }

    void release() {
        release.countDown();
    }

    int writes() {
        return writes.get();
    }

    int forces() {
        return forces.get();
    }

    /** Forces that asked for the file's size too ({@code force(true)}). */
    int metadataForces() {
        return metadataForces.get();
    }

    /**
     * Forces of data alone ({@code force(false)}) of a log whose size had changed since its previous force (or since
     * it was opened): a commit that such a force made durable would be lost with the file's size.
     */
    int dataForcesAfterResize() {
        return dataForcesAfterResize.get();
    }

    private long newestLogSize() throws IOException {
        return directory == null ? -1 : Files.size(LogFile.list(directory).lastEntry().getValue());
    }

    /** The file's size when it was last forced: everything before it is on the disk. */
    long forcedEnd() {
        return forcedEnd;
    }

    private IOException failure(String what) {
        failed = true;
        return new IOException("injected " + what + " failure (test disk)");
    }

    private static boolean allZero(ByteBuffer[] buffers) {
        for (ByteBuffer b : buffers) {
            for (int i = b.position(); i < b.limit(); i++) {
                if (b.get(i) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private void checkAlive() throws IOException {
        if (failed && deadAfterFailure) {
            throw new IOException("the test disk is dead");
        }
    }

    @Override
    public LogChannel apply(LogChannel file) {
        try {
            sizeAtLastForce = newestLogSize();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new LogChannel() {
            @Override
            public long write(ByteBuffer[] buffers, long position) throws IOException {
                checkAlive();
                if (failingGrowth && allZero(buffers)) {
                    failingGrowth = false;
                    throw failure("write");
                }
                if (writes.incrementAndGet() == failingWrite) {
                    long left = tornBytes;
                    for (ByteBuffer b : buffers) {
                        int part = (int) Math.min(left, b.remaining());
                        ByteBuffer head = b.duplicate();
                        head.limit(head.position() + part);
                        left -= part;
                        position += file.write(new ByteBuffer[] {head}, position);
                    }
                    throw failure("write");
                }
                long n = file.write(buffers, position);
                writtenEnd = position + n;
                return n;
            }

            @Override
            public void force(boolean metadata) throws IOException {
                checkAlive();
                int n = forces.incrementAndGet();
                if (metadata) {
                    metadataForces.incrementAndGet();
                }
                if (n == heldForce) {
                    holding.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted", e);
                    }
                }
                if (n == failingForce) {
                    throw failure("force");
                }
                for (long end = System.nanoTime() + forceNanos; end - System.nanoTime() > 0; ) {
                    LockSupport.parkNanos(end - System.nanoTime());
                }
                file.force(metadata);
                long size = newestLogSize();
                if (!metadata && size != sizeAtLastForce) {
                    dataForcesAfterResize.incrementAndGet();
                }
                sizeAtLastForce = size;
                forcedEnd = writtenEnd;
            }

            @Override
            public void truncate(long size) throws IOException {
                checkAlive();
                file.truncate(size);
                writtenEnd = size;
            }

            @Override
            public void close() throws IOException {
                file.close();
            }
        };
    }
}

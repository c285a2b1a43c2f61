package io.strata.embedded;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The durable half of a file-backed database: the directory lock, the write-ahead log with group commit,
 * and checkpoints.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Commits are {@link #append appended} under the database's commit lock, so the queue is in
 *       version order; the append never blocks on I/O.
 *   <li>One writer thread takes everything queued, writes it with one write and one
 *       {@code FileChannel.force} (group commit: concurrent commits share the force), and only then runs
 *       each entry's {@code onDurable}, in order — which applies the commit to the store and publishes it, then
 *       completes the commit's future (through the executor, or here for a caller blocked on it, see
 *       {@link EmbeddedDatabase}). So nothing a reader can see, and no commit future, is ever ahead of the disk.
 *   <li>When the log passes {@code checkpointBytes}, the writer rotates to a new log and pins the store at
 *       the last version of the old one; a separate thread writes that snapshot as the checkpoint and then
 *       deletes the logs it covers. Commits go on meanwhile (they only append to the new log).
 *   <li>After a write or force fails, the writer cuts the log back to its last forced record (so the
 *       batch it was writing is not in the log, unless the disk refuses that too) and the journal is
 *       stopped ({@code failure} set): the batch's commits fail with a {@link StorageException} saying
 *       which of the two happened, every queued and later commit fails with one saying the database must
 *       be reopened, and nothing more is applied or written.
 *   <li>{@link #forces()} and {@link #loggedCommits()} count the forces that made commits durable and
 *       those commits: with concurrent committers, fewer forces than commits.
 * </ul>
 */
final class Journal {
    private static final System.Logger LOG = System.getLogger(Journal.class.getName());

    /**
     * A commit waiting to be written: its record's payload (the writer adds the record header, so the checksum is
     * computed off the commit lock) and what to do once it is on disk or has failed.
     */
    record Entry(long version, ByteBuffer payload, Runnable onDurable, Consumer<StorageException> onFailure) {}

    /**
     * How a durable database is opened: its directory, the log size at which a checkpoint starts, and the disk
     * the log is appended through ({@link UnaryOperator#identity()}: the file system's {@link LogChannel}).
     */
    record Settings(Path directory, long checkpointBytes, UnaryOperator<LogChannel> disk) {}

    private final Path directory;
    private final long checkpointBytes;
    private final UnaryOperator<LogChannel> disk;
    private final VersionedStore store;
    private final DirectoryLock lock;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private final Thread writer;
    private final ExecutorService checkpointer;
    private final long recoveredVersion;
    private final AtomicLong forces = new AtomicLong();          // written by the writer only
    private final AtomicLong loggedCommits = new AtomicLong();   // written by the writer only
    private final AtomicLong logBytes = new AtomicLong();        // written by the writer only
    private final AtomicLong checkpoints = new AtomicLong();     // written by the checkpointer only
    private LogFile log;                          // writer thread (and close, after the writer stopped)
    private long lastVersion;                     // writer thread: the last version in the log
    private volatile boolean checkpointRunning;   // set by the writer, cleared by the checkpointer
    private volatile StorageException failure;    // what stopped the journal; null while it works
    private boolean closing;                      // guarded by queue

    private Journal(Path directory, Settings settings, VersionedStore store, DirectoryLock lock,
            Recovery.Result recovered, LogFile log) {
        this.directory = directory;
        this.checkpointBytes = settings.checkpointBytes();
        this.disk = settings.disk();
        this.store = store;
        this.lock = lock;
        this.log = log;
        this.recoveredVersion = recovered.lastVersion();
        this.lastVersion = recovered.lastVersion();
        String name = directory.getFileName() == null ? directory.toString() : directory.getFileName().toString();
        this.writer = new Thread(this::writeLoop, "strata-log-writer[" + name + "]");
        this.writer.setDaemon(true);
        this.checkpointer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "strata-checkpoint[" + name + "]");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Takes the directory (creating it when only it is missing), recovers its contents into {@code store}
     * and starts the writer.
     *
     * @throws StorageException when the directory cannot be used, with the reason; a
     *     {@link DirectoryLockedException} when it is in use, a {@link DamagedFileException} when a file is damaged
     */
    static Journal open(Settings settings, VersionedStore store, Recovery.Replayer replayer) {
        Path directory = prepare(settings.directory().toAbsolutePath().normalize());
        DirectoryLock lock = DirectoryLock.acquire(directory);
        try {
            Recovery.Result recovered = Recovery.run(directory, store, replayer);
            long chunk = LogFile.chunkFor(settings.checkpointBytes());
            LogFile log = recovered.logExists()
                    ? LogFile.reopen(directory, recovered.logSequence(), recovered.logVersion(), recovered.logValidBytes(),
                            chunk, settings.disk())
                    : LogFile.create(directory, recovered.logSequence(), chunk, settings.disk());
            Journal journal = new Journal(directory, settings, store, lock, recovered, log);
            journal.writer.start();
            return journal;
        } catch (IOException e) {
            RecordFiles.closeQuietly(lock);
            throw new StorageException("cannot open the database in " + directory + ": " + e, e);
        } catch (RuntimeException e) {
            RecordFiles.closeQuietly(lock);
            throw e;
        }
    }

    /** The directory, created when its parent exists; a clear error for anything else. */
    private static Path prepare(Path directory) {
        if (Files.isDirectory(directory)) {
            if (!Files.isWritable(directory)) { // its files may still be writable: refuse before anything fails half-way
                throw DirectoryLock.readOnly(directory, null);
            }
            refuseForeign(directory);
            return directory;
        }
        if (Files.exists(directory)) {
            throw new StorageException("cannot open the database in " + directory + ": it is a file, not a directory");
        }
        Path parent = directory.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new StorageException("cannot create the database directory " + directory + ": its parent "
                    + parent + " does not exist. Create the parent first, or choose another path");
        }
        try {
            Files.createDirectory(directory);
            return directory;
        } catch (AccessDeniedException e) {
            throw new StorageException("cannot create the database directory " + directory + ": its parent " + parent
                    + " is not writable", e);
        } catch (IOException e) {
            throw new StorageException("cannot create the database directory " + directory + ": " + e, e);
        }
    }

    /**
     * Refuses a directory that holds files but no database (no checkpoint, no log), so that a mistyped path
     * does not turn a directory of other things into a database; the message names the foreign files. The lock
     * files, a leftover {@code checkpoint.tmp} and a file system's {@code lost+found} are not foreign.
     */
    private static void refuseForeign(Path directory) {
        List<String> foreign = new ArrayList<>();
        boolean database = false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.equals(Checkpoints.FILE) || LogFile.isLogName(name)) {
                    database = true;
                } else if (!name.equals(DirectoryLock.FILE) && !name.equals(DirectoryLock.HOLDER_FILE)
                        && !name.equals(Checkpoints.TEMP) && !name.equals("lost+found")) { // a fresh volume's
                    foreign.add(name);
                }
            }
        } catch (IOException e) {
            throw new StorageException("cannot list the database directory " + directory + ": " + e, e);
        }
        if (!database && !foreign.isEmpty()) {
            Collections.sort(foreign);
            String shown = String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
                    + (foreign.size() > 5 ? " and " + (foreign.size() - 5) + " more" : "");
            throw new StorageException("cannot open the database in " + directory + ": it holds no Strata database"
                    + " but other files (" + shown + "). Give a new or empty directory, or one a Strata database was"
                    + " kept in");
        }
    }

    /** The last commit version recovered when the database opened. */
    long recoveredVersion() {
        return recoveredVersion;
    }

    Path directory() {
        return directory;
    }

    /** Forces of the log that made commits durable: one per group of commits written together. */
    long forces() {
        return forces.get();
    }

    /** Commits written to the log and forced. */
    long loggedCommits() {
        return loggedCommits.get();
    }

    /** Bytes appended to the logs (records with their framing). */
    long logBytes() {
        return logBytes.get();
    }

    /** Checkpoints written in the background. */
    long checkpoints() {
        return checkpoints.get();
    }

    /** Commits queued and not yet taken by the writer (for tests: how many will share the next force). */
    int queued() {
        synchronized (queue) {
            return queue.size();
        }
    }

    /** Queues a commit (caller holds the commit lock, so versions arrive in order); fails it at once when stopped or closing. */
    void append(Entry entry) {
        StorageException failed;
        synchronized (queue) {
            if (failure == null && !closing) {
                queue.addLast(entry);
                queue.notifyAll();
                return;
            }
            failed = failure;
        }
        entry.onFailure().accept(failed != null ? stopped(failed)
                : new StorageException("the database in " + directory + " was closed before this commit was written"));
    }

    /** The error of a commit that was not written because the journal had stopped with {@code failure}. */
    private StorageException stopped(StorageException failure) {
        return new StorageException("the database in " + directory + " stopped accepting commits after a disk failure,"
                + " so this commit was not written: close the database and open the directory again (reopening recovers"
                + " every commit acknowledged before the failure). The failure: " + failure.getMessage(), failure);
    }

    private void writeLoop() {
        List<Entry> batch = new ArrayList<>();
        List<ByteBuffer> payloads = new ArrayList<>();
        while (true) {
            synchronized (queue) {
                while (queue.isEmpty() && !closing) {
                    try {
                        queue.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return; // only close() ends this thread; an interrupt from elsewhere is not expected
                    }
                }
                if (queue.isEmpty()) {
                    return;
                }
                batch.addAll(queue);
                queue.clear();
            }
            for (Entry e : batch) {
                payloads.add(e.payload());
            }
            long before = log.size();
            try {
                log.appendAndForce(payloads);
            } catch (IOException | RuntimeException e) {
                fail(batch, writeFailed(e));
                return;
            }
            logBytes.addAndGet(log.size() - before);
            forces.incrementAndGet();
            loggedCommits.addAndGet(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                try {
                    batch.get(i).onDurable().run();
                } catch (RuntimeException e) {
                    // the store is in doubt: accept nothing more
                    fail(batch.subList(i, batch.size()), new StorageException("applying a commit logged in " + log.path()
                            + " failed, so the database in " + directory + " stopped accepting commits: this commit is on"
                            + " disk but was not applied. Close the database and open the directory again to recover it ("
                            + e + ")", e));
                    return;
                }
            }
            lastVersion = batch.get(batch.size() - 1).version();
            batch.clear();
            payloads.clear();
            if (log.size() >= checkpointBytes && !checkpointRunning) {
                startCheckpoint();
            }
        }
    }

    /**
     * The error for the commits of a batch whose write or force failed: cuts the log back to its last forced
     * record, so they are known not to be committed — or, when the disk refuses that too, says their outcome
     * is unknown (reopening recovers each of them whole or not at all).
     */
    private StorageException writeFailed(Exception cause) {
        String failed = "writing the log " + log.path() + " failed (" + cause + "), so the database in " + directory
                + " stopped accepting commits: ";
        String reopen = ". Close the database and open the directory again; every commit acknowledged before is kept";
        try {
            log.cutBack();
        } catch (IOException | RuntimeException refused) {
            cause.addSuppressed(refused);
            return new StorageException(failed + "whether this commit reached the disk is unknown, as cutting the log back"
                    + " to its last forced record failed too (" + refused + "); reopening recovers it whole or not at all"
                    + reopen, cause);
        }
        return new StorageException(failed + "this commit was not committed (the log was cut back to its last forced"
                + " record)" + reopen, cause);
    }

    /** Stops the journal: {@code batch} fails with {@code error}, queued commits with {@link #stopped}. */
    private void fail(List<Entry> batch, StorageException error) {
        List<Entry> queued;
        synchronized (queue) {
            failure = error;
            queued = new ArrayList<>(queue);
            queue.clear();
        }
        for (Entry e : batch) {
            e.onFailure().accept(error);
        }
        for (Entry e : queued) {
            e.onFailure().accept(stopped(error));
        }
    }

    /** Rotates the log and snapshots the store at the old log's last version, on the checkpoint thread. */
    private void startCheckpoint() {
        LogFile next;
        try {
            log.cutBack(); // its preallocated zeros: only the newest log may end in more than its records
            next = LogFile.create(directory, log.sequence() + 1, LogFile.chunkFor(checkpointBytes), disk);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot start a new log in " + directory + " for a checkpoint; going on with "
                    + log.path() + " (" + e + ")");
            return;
        }
        RecordFiles.closeQuietly(log);
        log = next;
        long version = lastVersion;
        long firstLog = next.sequence();
        store.pin(version);
        checkpointRunning = true;
        checkpointer.execute(() -> {
            try {
                Checkpoints.write(directory, store, version, firstLog);
                checkpoints.incrementAndGet();
                LogFile.deleteBefore(directory, firstLog);
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "a background checkpoint of " + directory + " failed; the logs keep every"
                        + " commit, and the next checkpoint tries again (" + e + ")");
            } finally {
                store.unpin();
                checkpointRunning = false;
            }
        });
    }

    /**
     * Writes every queued commit, waits for a running checkpoint, writes a last checkpoint when anything
     * was logged since the previous one, and releases the directory.
     *
     * @throws StorageException when the last checkpoint cannot be written (the logs still hold every commit)
     */
    void close() {
        synchronized (queue) {
            closing = true;
            queue.notifyAll();
        }
        try {
            writer.join();
            checkpointer.shutdown();
            while (!checkpointer.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.log(Level.INFO, "waiting for the checkpoint of " + directory + " to finish");
            }
            if (failure == null && (log.hasRecords() || LogFile.list(directory).size() > 1)) {
                long firstLog = log.sequence() + 1;
                Checkpoints.write(directory, store, lastVersion, firstLog);
                log.close();
                LogFile.deleteBefore(directory, firstLog);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while closing the database in " + directory
                    + "; the logs hold every commit", e);
        } catch (IOException e) {
            throw new StorageException("cannot write the closing checkpoint of " + directory + "; the logs hold every"
                    + " commit, so reopening recovers them (" + e + ")", e);
        } finally {
            RecordFiles.closeQuietly(log);
            RecordFiles.closeQuietly(lock);
        }
    }
}

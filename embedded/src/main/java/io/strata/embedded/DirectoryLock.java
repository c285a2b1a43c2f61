package io.strata.embedded;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One process at a time per directory, and one database per directory in this process.
 *
 * <p>Between processes: an exclusive {@link FileLock} on the file {@value #FILE}. Such a lock belongs to the
 * process and the operating system drops it when the process closes <em>any</em> descriptor of that file (POSIX
 * record locks), so nothing but the holding channel ever opens {@value #FILE} in the holding process: the holder's
 * name ("process 4242 since ...", for a refused {@code open} to report) is written to {@value #HOLDER_FILE}, and a
 * second {@code open} in this process is refused by {@link #HELD}, a process-wide registry keyed by the
 * directory's real path, before it touches any file. The operating system releases the lock when the process
 * dies, however it dies.
 */
final class DirectoryLock implements AutoCloseable {
    static final String FILE = "LOCK";
    /** Who holds the directory, for a refused {@code open} to name; never locked, so anyone may read it. */
    static final String HOLDER_FILE = "HOLDER";

    /** The real paths of the directories this process holds. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the directory, or fails at once.
     *
     * @throws DirectoryLockedException when another process, or another database in this one, holds it
     * @throws StorageException when the lock file cannot be created (a read-only directory)
     */
    static DirectoryLock acquire(Path directory) {
        Path key = realPath(directory);
        if (!HELD.add(key)) { // before opening the lock file: closing a descriptor of it would drop this process's lock
            throw new DirectoryLockedException(directory, "this process (" + self() + ")");
        }
        try {
            return lockFile(directory, key);
        } catch (RuntimeException e) {
            HELD.remove(key);
            throw e;
        }
    }

    private static Path realPath(Path directory) {
        try {
            return directory.toRealPath();
        } catch (IOException e) {
            throw new StorageException("cannot resolve the database directory " + directory + ": " + e, e);
        }
    }

    private static DirectoryLock lockFile(Path directory, Path key) {
        Path file = directory.resolve(FILE);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (AccessDeniedException e) {
            throw readOnly(directory, e);
        } catch (FileSystemException e) {
            if (e.getReason() != null && e.getReason().contains("Read-only")) {
                throw readOnly(directory, e);
            }
            throw new StorageException("cannot create the lock file " + file + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new StorageException("cannot create the lock file " + file + ": " + e, e);
        }
        try {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                throw new DirectoryLockedException(directory, "this process (" + self() + ")");
            }
            if (lock == null) {
                throw new DirectoryLockedException(directory, holder(directory));
            }
            byte[] me = (self() + " since " + Instant.now().truncatedTo(ChronoUnit.SECONDS)).getBytes(StandardCharsets.UTF_8);
            Files.write(directory.resolve(HOLDER_FILE), me);
            return new DirectoryLock(key, channel, lock);
        } catch (IOException e) {
            RecordFiles.closeQuietly(channel);
            throw new StorageException("cannot lock " + file + ": " + e, e);
        } catch (RuntimeException e) {
            RecordFiles.closeQuietly(channel);
            throw e;
        }
    }

    /** The error for a directory this process may not write; {@code cause} may be null. */
    static StorageException readOnly(Path directory, IOException cause) {
        return new StorageException("the database directory " + directory + " is not writable (read-only), so it"
                + " cannot be opened: a durable database writes its log and checkpoints there. Make it writable, or"
                + " copy it to a writable place", cause);
    }

    private static String self() {
        return "process " + ProcessHandle.current().pid();
    }

    private static String holder(Path directory) {
        try {
            String text = Files.readString(directory.resolve(HOLDER_FILE), StandardCharsets.UTF_8).trim();
            return text.isEmpty() ? "another process (which has not written its id yet)" : text;
        } catch (NoSuchFileException e) {
            return "another process (which has not written its id yet)";
        } catch (IOException e) {
            return "another process (its " + HOLDER_FILE + " file cannot be read: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            try {
                channel.close();
            } finally {
                HELD.remove(key);
            }
        }
    }
}

package io.strata.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One process at a time per directory: an exclusive {@link FileLock} on the file {@value #FILE}, which
 * also names its holder ("process 4242 since ...") so that a refused {@code open} can say who has the
 * directory. The operating system releases the lock when the process dies, however it dies.
 */
final class DirectoryLock implements AutoCloseable {
    static final String FILE = "LOCK";

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
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
                throw new DirectoryLockedException(directory, holder(channel));
            }
            byte[] me = (self() + " since " + Instant.now().truncatedTo(ChronoUnit.SECONDS)).getBytes(StandardCharsets.UTF_8);
            channel.truncate(0);
            RecordFiles.writeFully(channel, ByteBuffer.wrap(me), 0);
            channel.force(true);
            return new DirectoryLock(channel, lock);
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

    private static String holder(FileChannel channel) {
        try {
            ByteBuffer b = ByteBuffer.allocate(256);
            channel.read(b, 0);
            String text = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).trim();
            return text.isEmpty() ? "another process (which has not written its id yet)" : text;
        } catch (IOException e) {
            return "another process (its lock file cannot be read: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}

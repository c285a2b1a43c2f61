package io.strata.embedded;

/**
 * A durable database's directory or files cannot be used: the directory is missing its parent, is
 * read-only or is held by another process, a file is damaged, or the disk failed while the database was
 * open. The message names the directory or file (and, for damage, the byte offset) and what to do.
 * Subclasses single out the cases callers may want to handle: {@link DamagedFileException} and
 * {@link DirectoryLockedException}.
 */
public class StorageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StorageException(String message) {
        super(message);
    }

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}

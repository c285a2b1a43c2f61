package io.strata.embedded;

import java.nio.file.Path;

/** A durable database's directory is already open, in this process or another: one process at a time. */
public final class DirectoryLockedException extends StorageException {
    private static final long serialVersionUID = 1L;

    private final transient Path directory;
    private final String holder;

    public DirectoryLockedException(Path directory, String holder) {
        super("the database directory " + directory + " is already open in " + holder
                + "; a directory is used by one process at a time: close the other database first");
        this.directory = directory;
        this.holder = holder;
    }

    /** The directory that is in use. */
    public Path directory() {
        return directory;
    }

    /** Who holds it, as the holder wrote it in the lock file (e.g. "process 4242 (since ...)"). */
    public String holder() {
        return holder;
    }
}

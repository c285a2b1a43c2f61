package io.strata.embedded;

import java.nio.file.Path;

/**
 * A checkpoint or log file of a durable database failed its checks (a bad checksum, a malformed record
 * or header, a missing file) anywhere but in the unfinished last record of the newest log, which
 * recovery drops because no commit in it was ever acknowledged. Nothing is skipped: the database does
 * not open until the file is repaired or restored from a backup.
 */
public final class DamagedFileException extends StorageException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;

    public DamagedFileException(Path file, long offset, String problem) {
        super("damaged database file " + file + " at byte offset " + offset + ": " + problem
                + ". The database was not opened and nothing was changed; restore the directory from a backup"
                + " (or move the damaged file away to give up what it holds)");
        this.file = file;
        this.offset = offset;
    }

    /** The damaged file. */
    public Path file() {
        return file;
    }

    /** Where in {@link #file()} the damage starts. */
    public long offset() {
        return offset;
    }
}

package io.strata.embedded;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rebuilds a durable database's store from its directory: the checkpoint, then every log after it, commit
 * by commit, in version order.
 *
 * <p>Rules: logs are numbered without gaps from the checkpoint's first log on (a missing one is damage);
 * logs before it are obsolete (a checkpoint holds them; a crash between writing the checkpoint and
 * deleting them leaves them behind) and are deleted. Commit versions strictly increase across the logs and
 * exceed the checkpoint's. Only the newest log may end in a torn tail (the group of commits being written when the
 * process stopped, see {@link RecordReader}); it is cut off (and logged as a warning), since none of its commits was
 * acknowledged. The newest log's preallocated zeros are cut off too, without a warning. A newest log whose header never reached the disk
 * (a crash while a checkpoint rotated the log) is recreated. Every other failed check is a
 * {@link DamagedFileException}, and nothing is changed on disk before all checks pass.
 */
final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    /** Applies one logged commit to the store. */
    interface Replayer {
        void replay(LogRecords.Commit commit);
    }

    /** Where recovery ended: the last version and the log to append to next. */
    record Result(long lastVersion, long logSequence, int logVersion, long logValidBytes, boolean logExists,
            long checkpointVersion) {}

    private Recovery() {}

    static Result run(Path directory, VersionedStore store, Replayer replayer) throws IOException {
        Files.deleteIfExists(directory.resolve(Checkpoints.TEMP)); // an unfinished checkpoint: never renamed into place
        Path checkpoint = directory.resolve(Checkpoints.FILE);
        TreeMap<Long, Path> logs = LogFile.list(directory);
        Checkpoints.Meta meta;
        if (Files.exists(checkpoint)) {
            // at version 0, below any read version: the store only ever answers reads at or after the checkpoint
            meta = Checkpoints.read(checkpoint, (key, value) -> store.put(key, value, 0, 0));
        } else {
            meta = new Checkpoints.Meta(0, 1, 0);
        }
        Map<Long, Path> obsolete = logs.headMap(meta.firstLog());
        TreeMap<Long, Path> live = new TreeMap<>(logs.tailMap(meta.firstLog()));
        long expected = meta.firstLog();
        for (Map.Entry<Long, Path> log : live.entrySet()) {
            if (log.getKey() != expected) {
                Path missing = LogFile.path(directory, expected);
                throw new DamagedFileException(missing, 0, "this log is missing (" + (Files.exists(checkpoint)
                        ? "the checkpoint needs every log from " + LogFile.path(directory, meta.firstLog()).getFileName()
                        : "there is no checkpoint, so every log from " + LogFile.path(directory, 1).getFileName())
                        + " on)");
            }
            expected++;
        }
        long last = meta.version();
        long sequence = live.isEmpty() ? meta.firstLog() : live.lastKey();
        long validBytes = 0;
        int version = RecordFiles.LOG_VERSION;
        boolean exists = false;
        for (Map.Entry<Long, Path> log : live.entrySet()) {
            boolean newest = log.getKey() == sequence;
            if (newest && headerNeverWritten(log.getValue())) {
                LOG.log(Level.WARNING, "recreating the log " + log.getValue() + ": its header was never written (a"
                        + " crash while the log was being rotated); it held no commit");
                exists = false;
                break;
            }
            try (RecordReader in = new RecordReader(log.getValue(), RecordFiles.LOG_MAGIC, newest)) {
                if (in.number() != log.getKey()) {
                    throw new DamagedFileException(log.getValue(), 12, "the header names log " + in.number());
                }
                for (ByteBuffer r = in.next(); r != null; r = in.next()) {
                    LogRecords.Commit commit;
                    try {
                        commit = LogRecords.decode(r);
                    } catch (IllegalArgumentException e) {
                        throw new DamagedFileException(log.getValue(), in.recordOffset(), "malformed commit: " + e.getMessage());
                    }
                    if (commit.version() <= last) {
                        throw new DamagedFileException(log.getValue(), in.recordOffset(), "commit version "
                                + commit.version() + " does not follow version " + last);
                    }
                    replayer.replay(commit);
                    last = commit.version();
                }
                validBytes = in.end();
                version = in.version();
                exists = true;
                if (in.tornAt() >= 0) {
                    LOG.log(Level.WARNING, "dropping the unfinished last record of " + log.getValue() + " at byte offset "
                            + in.tornAt() + " and everything after it (" + (in.size() - in.tornAt()) + " bytes): it ends"
                            + " short of its length (or was never written, in part or whole), so the process stopped while"
                            + " writing it and its commit's future never completed");
                }
            }
        }
        for (Path old : obsolete.values()) {
            Files.deleteIfExists(old);
        }
        return new Result(last, sequence, version, validBytes, exists, meta.version());
    }

    /** A log shorter than its header, or whose header is all zero bytes. */
    private static boolean headerNeverWritten(Path log) throws IOException {
        if (Files.size(log) < RecordFiles.FILE_HEADER) {
            return true;
        }
        byte[] head = new byte[RecordFiles.FILE_HEADER];
        try (var in = Files.newInputStream(log)) {
            in.readNBytes(head, 0, head.length);
        }
        for (byte b : head) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}

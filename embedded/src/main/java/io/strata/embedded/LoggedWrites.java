package io.strata.embedded;

import com.apple.foundationdb.MutationType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Reads back the commits a durable database's write-ahead logs hold, as {@link LoggedWrite}s, for
 * {@link EmbeddedFdb#loggedWrites}. Recovery already checked and cut the logs when the database was opened, and the
 * logs a checkpoint covers are deleted, so every log in the directory is read whole, the newest up to its unwritten
 * (preallocated) end.
 */
final class LoggedWrites {
    private LoggedWrites() {}

    static long read(Path directory, Consumer<LoggedWrite> each) throws IOException {
        long commits = 0;
        TreeMap<Long, Path> logs = LogFile.list(directory);
        for (var log : logs.entrySet()) {
            try (RecordReader in = new RecordReader(log.getValue(), RecordFiles.LOG_MAGIC, log.getKey().equals(logs.lastKey()))) {
                for (ByteBuffer r = in.next(); r != null; r = in.next()) {
                    LogRecords.Commit commit = LogRecords.decode(r);
                    byte[] stamp = EmbeddedDatabase.stamp(commit.version());
                    for (WriteBuffer.Mutation m : commit.mutations()) {
                        each.accept(new LoggedWrite(commit.version(), kind(m), m.type() == MutationType.SET_VERSIONSTAMPED_KEY
                                && Versionstamps.offset(m.key()) >= 0 ? Versionstamps.fill(m.key(), stamp) : m.key()));
                    }
                    commits++;
                }
            }
        }
        return commits;
    }

    private static String kind(WriteBuffer.Mutation m) {
        return m.type() != null ? m.type().name().toLowerCase(Locale.ROOT) : m.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

package io.strata.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.tuple.Tuple;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Test helpers for the files of a durable database: crash images, record offsets, damage. */
final class DurableFiles {
    private DurableFiles() {}

    /**
     * What the disk holds now, copied to {@code target} while the database stays open: since every
     * acknowledged commit has been forced, this is what a process killed at this instant leaves behind.
     */
    static Path crashImage(Path directory, Path target) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                copyOnce(directory, target);
                return target;
            } catch (NoSuchFileException vanished) {
                // A background checkpoint deleted a log it covers between the listing and its copy. The copy may
                // hold the checkpoint from before it (the new one is in place before any log is deleted), so the
                // image could miss that log's commits: copy everything again.
                if (attempt == 50) {
                    throw vanished;
                }
            }
        }
    }

    private static void copyOnce(Path directory, Path target) throws IOException {
        Files.createDirectories(target);
        try (Stream<Path> copied = Files.list(target)) {
            for (Path f : copied.toList()) {
                Files.delete(f);
            }
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals(DirectoryLock.FILE)) {
                    Files.copy(f, target.resolve(f.getFileName()));
                }
            }
        }
    }

    /** Commits {@code ("k", i) = i} for each i in [from, to), one transaction each. */
    static void commitNumbers(Database db, int from, int to) {
        for (int i = from; i < to; i++) {
            int n = i;
            db.run(tr -> {
                tr.set(Tuple.from("k", n).pack(), Tuple.from(n).pack());
                return null;
            });
        }
    }

    /**
     * The offsets at which the records of a log or checkpoint start, read from their headers, up to the first header
     * that is not one (the preallocated zeros of a log), and last where that is: the end of the records.
     */
    static List<Long> recordOffsetsAndEnd(Path file) throws IOException {
        List<Long> offsets = new ArrayList<>();
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int p = RecordFiles.FILE_HEADER;
        for (; p + RecordFiles.RECORD_HEADER <= bytes.length && b.getInt(p + 4) == ~b.getInt(p); p += RecordFiles.RECORD_HEADER + b.getInt(p)) {
            offsets.add((long) p);
        }
        offsets.add((long) p);
        return offsets;
    }

    /** The offsets at which the records of a log or checkpoint start (see {@link #recordOffsetsAndEnd}). */
    static List<Long> recordOffsets(Path file) throws IOException {
        List<Long> offsets = recordOffsetsAndEnd(file);
        return offsets.subList(0, offsets.size() - 1);
    }

    /** Where the records of a log end: its preallocated zeros start there. */
    static long recordsEnd(Path log) throws IOException {
        List<Long> offsets = recordOffsetsAndEnd(log);
        return offsets.get(offsets.size() - 1);
    }

    /** Sets the bytes from {@code from} to {@code to} to zero: sectors a crash left unwritten in a preallocated log. */
    static void zero(Path file, long from, long to) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(from);
            f.write(new byte[(int) (to - from)]);
        }
    }

    /** Makes the file {@code by} bytes longer (zeros) or shorter. */
    static void resize(Path file, long by) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(f.length() + by);
        }
    }

    /** The numbers {@code n} of the keys {@code ("k", n)} present, in order (see {@link #commitNumbers}). */
    static List<Long> numbers(Database db) {
        return db.read(tr -> tr.getRange(Range.startsWith(Tuple.from("k").pack())).asList().join()).stream()
                .map(kv -> Tuple.fromBytes(kv.getKey()).getLong(1)).toList();
    }

    static void flipByte(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            int b = f.read();
            f.seek(offset);
            f.write(b ^ 0x5a);
        }
    }

    static Path onlyLog(Path directory) throws IOException {
        List<Path> logs = new ArrayList<>(LogFile.list(directory).values());
        if (logs.size() != 1) {
            throw new AssertionError("expected one log in " + directory + ", found " + logs);
        }
        return logs.get(0);
    }
}

package io.strata.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One write-ahead log file, {@code log-<sequence>.wal}, open for appending: a {@link RecordFiles} header
 * (magic {@code STRATLOG}, the sequence number) then one record per commit ({@link LogRecords}, after the
 * {@link RecordFiles#GROUP_PREFIX group prefix}), in commit-version order. Only the journal's writer thread uses an
 * instance; it appends through a {@link LogChannel} (the file system's, unless the database was given another
 * {@code logDisk}).
 *
 * <p>The file is preallocated: it is grown by writing zero bytes ahead of its records, a chunk at a time, and
 * forced with its size ({@code force(true)}) when it grows. A batch of commits is written inside the zeros and
 * forced without metadata ({@code force(false)}, fdatasync): the file's size never changes on that path, so the
 * file system need not flush its metadata for a commit. Only a batch that does not fit in what is left grows the
 * file first. Before the log stops being the newest (a rotation), {@link #cutBack()} cuts its zeros off, so every log
 * but the newest ends at its last record.
 */
final class LogFile implements AutoCloseable {
    private static final Pattern NAME = Pattern.compile("log-(\\d{16})\\.wal");
    private static final long MIN_CHUNK = 64 << 10;
    private static final long MAX_CHUNK = 4 << 20;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(64 << 10).asReadOnlyBuffer();

    private final Path path;
    private final long sequence;
    private final LogChannel channel;
    private final long chunk;
    private long size;        // bytes written and forced: everything after this is not (yet) part of the log
    private long allocated;   // the file's size: zeros from size on

    private LogFile(Path path, long sequence, LogChannel channel, long chunk, long size, long allocated) {
        this.path = path;
        this.sequence = sequence;
        this.channel = channel;
        this.chunk = chunk;
        this.size = size;
        this.allocated = allocated;
    }

    static Path path(Path directory, long sequence) {
        return directory.resolve(String.format("log-%016d.wal", sequence));
    }

    /**
     * How much a log grows at a time, for a database that checkpoints after {@code checkpointBytes}: a quarter of
     * that, between 64 KiB and 4 MiB (a small database does not write megabytes of zeros; a large one grows its log
     * once per thousands of commits).
     */
    static long chunkFor(long checkpointBytes) {
        return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, checkpointBytes / 4));
    }

    /**
     * A new, empty log whose header and first chunk of zeros are on disk (and the directory entry too) before it
     * is returned; records are appended through {@code disk} applied to the file's channel.
     */
    static LogFile create(Path directory, long sequence, long chunk, UnaryOperator<LogChannel> disk) throws IOException {
        Path path = path(directory, sequence);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            LogChannel file = LogChannel.of(channel);
            long size = RecordFiles.writeFully(channel, RecordFiles.fileHeader(RecordFiles.LOG_MAGIC, sequence), 0);
            long allocated = grow(file, size, size + chunk);
            RecordFiles.forceDirectory(directory);
            return new LogFile(path, sequence, disk.apply(file), chunk, size, allocated);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * The newest log, to append after its first {@code validBytes} (recovery found a torn tail, or zeros, there:
     * they are cut off). A log of format {@value RecordFiles#GROUPLESS_LOG_VERSION} (written before logs were
     * preallocated) is only cut, and appending goes on in a new log after it.
     */
    static LogFile reopen(Path directory, long sequence, int version, long validBytes, long chunk,
            UnaryOperator<LogChannel> disk) throws IOException {
        Path path = path(directory, sequence);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
        try {
            if (channel.size() > validBytes) {
                channel.truncate(validBytes);
                channel.force(true);
            }
            if (version == RecordFiles.GROUPLESS_LOG_VERSION) {
                channel.close();
                return create(directory, sequence + 1, chunk, disk);
            }
            return new LogFile(path, sequence, disk.apply(LogChannel.of(channel)), chunk, validBytes, validBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Writes zeros from {@code from} to {@code to} and forces them with the file's new size; returns {@code to}. */
    private static long grow(LogChannel file, long from, long to) throws IOException {
        for (long p = from; p < to; ) {
            ByteBuffer zeros = ZEROS.duplicate();
            zeros.limit((int) Math.min(zeros.capacity(), to - p));
            p += file.write(new ByteBuffer[] {zeros}, p);
        }
        file.force(true);
        return to;
    }

    /** Whether {@code fileName} is the name of a log. */
    static boolean isLogName(String fileName) {
        return NAME.matcher(fileName).matches();
    }

    /** The directory's logs by sequence number. */
    static TreeMap<Long, Path> list(Path directory) throws IOException {
        TreeMap<Long, Path> logs = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "log-*.wal")) {
            for (Path f : files) {
                Matcher m = NAME.matcher(f.getFileName().toString());
                if (m.matches()) {
                    logs.put(Long.parseLong(m.group(1)), f);
                }
            }
        }
        return logs;
    }

    /** Deletes the logs before {@code sequence}: a checkpoint holds their commits. */
    static void deleteBefore(Path directory, long sequence) throws IOException {
        for (Map.Entry<Long, Path> log : list(directory).headMap(sequence).entrySet()) {
            Files.deleteIfExists(log.getValue());
        }
        RecordFiles.forceDirectory(directory);
    }

    Path path() {
        return path;
    }

    long sequence() {
        return sequence;
    }

    /** Bytes in the file, header included. */
    long size() {
        return size;
    }

    boolean hasRecords() {
        return size > RecordFiles.FILE_HEADER;
    }

    /**
     * Appends one record per payload (as one group of commits: each record's prefix names this log and where the
     * group starts) and forces them to disk: one write and one data force for the whole batch, inside the
     * preallocated zeros (a batch too large for them grows the file first). When the write or the force fails,
     * the log's size stays at its last forced record; see {@link #cutBack()}.
     */
    void appendAndForce(List<ByteBuffer> payloads) throws IOException {
        ByteBuffer prefix = ByteBuffer.allocate(RecordFiles.GROUP_PREFIX).putLong(sequence).putLong(size).flip();
        ByteBuffer[] buffers = new ByteBuffer[payloads.size() * 3];
        long total = 0;
        for (int i = 0; i < payloads.size(); i++) {
            ByteBuffer payload = payloads.get(i);
            ByteBuffer header = RecordFiles.recordHeader(prefix, payload);
            buffers[3 * i] = header;
            buffers[3 * i + 1] = prefix.duplicate();
            buffers[3 * i + 2] = payload;
            total += header.remaining() + prefix.remaining() + payload.remaining();
        }
        if (size + total > allocated) {
            allocated = grow(channel, allocated, size + total + chunk);
        }
        long written = 0;
        while (written < total) {
            written += channel.write(buffers, size + written);
        }
        channel.force(false);
        size += total;
    }

    /**
     * Cuts the file back to its last forced record and forces that: after a failed {@link #appendAndForce}, so no
     * part of the failed batch can be recovered from it; and before a newer log is created, as only the newest log
     * may hold more than its records (its preallocated zeros).
     *
     * @throws IOException when the disk refuses; whatever part of a failed batch it kept is then on the file
     */
    void cutBack() throws IOException {
        channel.truncate(size);
        allocated = size;
        channel.force(true);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}

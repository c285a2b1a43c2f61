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
 * (magic {@code STRATLOG}, the sequence number) then one record per commit ({@link LogRecords}), in
 * commit-version order. Only the journal's writer thread uses an instance; it appends through a
 * {@link LogChannel} (the file system's, unless the database was given another {@code logDisk}).
 */
final class LogFile implements AutoCloseable {
    private static final Pattern NAME = Pattern.compile("log-(\\d{16})\\.wal");

    private final Path path;
    private final long sequence;
    private final LogChannel channel;
    private long size;   // bytes written and forced: everything after this is not (yet) part of the log

    private LogFile(Path path, long sequence, LogChannel channel, long size) {
        this.path = path;
        this.sequence = sequence;
        this.channel = channel;
        this.size = size;
    }

    static Path path(Path directory, long sequence) {
        return directory.resolve(String.format("log-%016d.wal", sequence));
    }

    /**
     * A new, empty log whose header is on disk (and the directory entry too) before it is returned; records are
     * appended through {@code disk} applied to the file's channel.
     */
    static LogFile create(Path directory, long sequence, UnaryOperator<LogChannel> disk) throws IOException {
        Path path = path(directory, sequence);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            long size = RecordFiles.writeFully(channel, RecordFiles.fileHeader(RecordFiles.LOG_MAGIC, sequence), 0);
            channel.force(true);
            RecordFiles.forceDirectory(directory);
            return new LogFile(path, sequence, disk.apply(LogChannel.of(channel)), size);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** An existing log, to append after its first {@code validBytes} (recovery cut any torn tail there). */
    static LogFile reopen(Path directory, long sequence, long validBytes, UnaryOperator<LogChannel> disk) throws IOException {
        Path path = path(directory, sequence);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
        try {
            if (channel.size() > validBytes) {
                channel.truncate(validBytes);
                channel.force(true);
            }
            return new LogFile(path, sequence, disk.apply(LogChannel.of(channel)), validBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
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
     * Appends records (headers and payloads) and forces them to disk: one write and one force for the whole
     * batch. When either fails, the log's size stays at its last forced record; see {@link #cutBack()}.
     */
    void appendAndForce(List<ByteBuffer> parts) throws IOException {
        ByteBuffer[] buffers = parts.toArray(new ByteBuffer[0]);
        long total = 0;
        for (ByteBuffer b : buffers) {
            total += b.remaining();
        }
        long written = 0;
        while (written < total) {
            written += channel.write(buffers, size + written);
        }
        channel.force();
        size += total;
    }

    /**
     * After a failed {@link #appendAndForce}: cuts the file back to its last forced record and forces that, so
     * no part of the failed batch can be recovered from it.
     *
     * @throws IOException when the disk refuses too; whatever part of the batch it kept is then on the file
     */
    void cutBack() throws IOException {
        channel.truncate(size);
        channel.force();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}

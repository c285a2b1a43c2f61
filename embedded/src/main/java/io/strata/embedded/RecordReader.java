package io.strata.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Reads a file written with {@link RecordFiles}' framing, record by record, checking every checksum.
 *
 * <p>What is damage and what is a torn tail: when the file may end in a torn record ({@code tornTailAllowed},
 * the newest log only), a record is the torn tail if its header or payload runs past the end of the file, or
 * if its header and everything after it are zero bytes (a file system that grew the file but never wrote
 * the data): a crash mid-write leaves exactly that, the never-acknowledged last commit, partly written or
 * not at all. A complete record whose checksum fails is damage even when it is the last one: a write
 * the crash cut short ends before its length, so such a record was written whole and may be an
 * acknowledged commit. Anything that fails a check and is not a torn tail is a {@link DamagedFileException}
 * naming the file and the record's offset; in a checkpoint every failed check is.
 */
final class RecordReader implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final boolean tornTailAllowed;
    private final long number;
    private long position;
    private long recordOffset;
    private long tornAt = -1;

    /**
     * Opens {@code file} and checks its header.
     *
     * @throws DamagedFileException when the header is not a valid one of this kind of file
     */
    RecordReader(Path file, byte[] magic, boolean tornTailAllowed) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.tornTailAllowed = tornTailAllowed;
        try {
            this.size = channel.size();
            ByteBuffer header = ByteBuffer.allocate(RecordFiles.FILE_HEADER);
            readFully(header, 0);
            header.flip();
            if (header.remaining() < RecordFiles.FILE_HEADER) {
                throw new DamagedFileException(file, header.remaining(), "the file is shorter than its "
                        + RecordFiles.FILE_HEADER + "-byte header");
            }
            byte[] found = new byte[magic.length];
            header.get(found);
            int version = header.getInt();
            this.number = header.getLong();
            int crc = header.getInt();
            if (!Arrays.equals(found, magic)) {
                throw new DamagedFileException(file, 0, "not a Strata " + kind(magic) + " file (wrong magic bytes)");
            }
            if (crc != RecordFiles.crc(header.flip().limit(RecordFiles.FILE_HEADER - 4))) {
                throw new DamagedFileException(file, 0, "the file header's checksum does not match");
            }
            if (version != RecordFiles.FORMAT_VERSION) {
                throw new DamagedFileException(file, 8, "format version " + version + " is not supported (this"
                        + " engine reads version " + RecordFiles.FORMAT_VERSION + ")");
            }
            this.position = RecordFiles.FILE_HEADER;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static String kind(byte[] magic) {
        return magic == RecordFiles.LOG_MAGIC ? "log" : "checkpoint";
    }

    /** The number in the file header: a log's sequence number. */
    long number() {
        return number;
    }

    /** Where the record last returned by {@link #next()} starts. */
    long recordOffset() {
        return recordOffset;
    }

    /** Where the torn tail starts, once {@link #next()} has met one; -1 otherwise. */
    long tornAt() {
        return tornAt;
    }

    long size() {
        return size;
    }

    /**
     * The next record's payload, or null at the end of the file (or at a torn tail, see {@link #tornAt()}).
     *
     * @throws DamagedFileException when a record fails a check and is not a torn tail
     */
    ByteBuffer next() throws IOException {
        recordOffset = position;
        long remaining = size - position;
        if (remaining == 0) {
            return null;
        }
        if (remaining < RecordFiles.RECORD_HEADER) {
            return torn("the record header is cut short");
        }
        ByteBuffer header = ByteBuffer.allocate(RecordFiles.RECORD_HEADER);
        readFully(header, position);
        header.flip();
        int length = header.getInt();
        int check = header.getInt();
        int crc = header.getInt();
        if (check != ~length || length < 0 || length > RecordFiles.MAX_PAYLOAD) {
            return zerosFrom(position) ? torn("unwritten bytes") : damaged("the record header is malformed");
        }
        long end = position + RecordFiles.RECORD_HEADER + length;
        if (end > size) {
            return torn("the record is cut short");
        }
        ByteBuffer payload = ByteBuffer.allocate(length);
        readFully(payload, position + RecordFiles.RECORD_HEADER);
        payload.flip();
        if (RecordFiles.crc(payload.duplicate()) != crc) {
            // the whole record is on disk, so it was not cut short by a crash: its bytes changed after they were written
            return damaged("the record's checksum does not match (the record is complete, so this is not a write"
                    + " cut short by a crash: its bytes changed on disk, and it may hold an acknowledged commit)");
        }
        position = end;
        return payload;
    }

    private ByteBuffer torn(String why) throws IOException {
        if (!tornTailAllowed) {
            return damaged(why + " (this file is written whole before it is used, so it cannot be torn)");
        }
        tornAt = recordOffset;
        return null;
    }

    private ByteBuffer damaged(String why) {
        throw new DamagedFileException(file, recordOffset, why);
    }

    /** Whether every byte from {@code from} to the end of the file is zero. */
    private boolean zerosFrom(long from) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
        for (long p = from; p < size; ) {
            chunk.clear();
            int n = channel.read(chunk, p);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                if (chunk.get(i) != 0) {
                    return false;
                }
            }
            p += n;
        }
        return true;
    }

    private void readFully(ByteBuffer into, long at) throws IOException {
        while (into.hasRemaining()) {
            int n = channel.read(into, at);
            if (n < 0) {
                return;
            }
            at += n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}

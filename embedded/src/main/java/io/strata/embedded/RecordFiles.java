package io.strata.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The framing shared by log and checkpoint files.
 *
 * <p>A file starts with a {@value #FILE_HEADER}-byte header: an 8-byte magic naming the kind of file,
 * the format version (int), a 64-bit number (the log's sequence number; 0 in a checkpoint) and the
 * CRC32C of those 20 bytes. Records follow back to back, each a {@value #RECORD_HEADER}-byte header —
 * the payload length, its bitwise complement (so a damaged length is told from a torn one) and the
 * payload's CRC32C — then the payload. All integers are big-endian.
 *
 * <p>Format versions: checkpoints are version {@value #CHECKPOINT_VERSION}. Logs are version
 * {@value #LOG_VERSION}: preallocated with zero bytes, each record's payload opening with a
 * {@value #GROUP_PREFIX}-byte prefix (the log's sequence number and the offset where the record's group of commits
 * starts) that tells a torn tail from damage ({@link RecordReader}). Logs of version {@value #GROUPLESS_LOG_VERSION}
 * (written before logs were preallocated) have no prefix and end at their last record; they are still read.
 */
final class RecordFiles {
    static final int CHECKPOINT_VERSION = 1;
    static final int GROUPLESS_LOG_VERSION = 1;
    static final int LOG_VERSION = 2;
    /** The sequence number of the log (long) and the offset of the record's group (long), before a commit in a log record. */
    static final int GROUP_PREFIX = 16;
    static final int FILE_HEADER = 24;
    static final int RECORD_HEADER = 12;
    /** No record is larger: a commit is at most about 10 MB (the transaction size limit). */
    static final int MAX_PAYLOAD = 1 << 28;
    static final byte[] LOG_MAGIC = "STRATLOG".getBytes(StandardCharsets.US_ASCII);
    static final byte[] CHECKPOINT_MAGIC = "STRATCKP".getBytes(StandardCharsets.US_ASCII);

    private RecordFiles() {}

    static int crc(ByteBuffer bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    /** The header of a new file of this kind, in the version this engine writes. */
    static ByteBuffer fileHeader(byte[] magic, long number) {
        return fileHeader(magic, magic == LOG_MAGIC ? LOG_VERSION : CHECKPOINT_VERSION, number);
    }

    static ByteBuffer fileHeader(byte[] magic, int version, long number) {
        ByteBuffer b = ByteBuffer.allocate(FILE_HEADER).put(magic).putInt(version).putLong(number);
        b.putInt(crc(b.duplicate().flip()));
        return b.flip();
    }

    /** A record's header (length, its complement, the payload's CRC32C), to write just before the payload. */
    static ByteBuffer recordHeader(ByteBuffer payload) {
        return recordHeader(ByteBuffer.allocate(0), payload);
    }

    /**
     * The header of a log record whose payload is {@code prefix} then {@code payload} (the checksum covers both),
     * to write just before them.
     */
    static ByteBuffer recordHeader(ByteBuffer prefix, ByteBuffer payload) {
        int length = prefix.remaining() + payload.remaining();
        CRC32C crc = new CRC32C();
        crc.update(prefix.duplicate());
        crc.update(payload.duplicate());
        return ByteBuffer.allocate(RECORD_HEADER).putInt(length).putInt(~length).putInt((int) crc.getValue()).flip();
    }

    /** The record's header and payload in one buffer, ready to write. */
    static ByteBuffer frame(ByteBuffer payload) {
        return ByteBuffer.allocate(RECORD_HEADER + payload.remaining()).put(recordHeader(payload)).put(payload).flip();
    }

    /** Writes all of {@code bytes} at {@code position}; returns the position after them. */
    static long writeFully(FileChannel channel, ByteBuffer bytes, long position) throws IOException {
        while (bytes.hasRemaining()) {
            position += channel.write(bytes, position);
        }
        return position;
    }

    /**
     * Forces a directory's entries (new, renamed and deleted files) to disk. Some platforms (Windows)
     * cannot open a directory as a channel; there the file system orders its metadata itself.
     */
    static void forceDirectory(Path directory) throws IOException {
        FileChannel dir;
        try {
            dir = FileChannel.open(directory, StandardOpenOption.READ);
        } catch (IOException | UnsupportedOperationException notSupported) {
            return;
        }
        try (dir) {
            dir.force(true);
        }
    }

    /** Closes after the work is done or has failed, when the earlier outcome is the one to report. */
    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // the outcome that counts was reported (or returned) already
        }
    }
}

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
 */
final class RecordFiles {
    static final int FORMAT_VERSION = 1;
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

    static ByteBuffer fileHeader(byte[] magic, long number) {
        ByteBuffer b = ByteBuffer.allocate(FILE_HEADER).put(magic).putInt(FORMAT_VERSION).putLong(number);
        b.putInt(crc(b.duplicate().flip()));
        return b.flip();
    }

    /** A record's header (length, its complement, the payload's CRC32C), to write just before the payload. */
    static ByteBuffer recordHeader(ByteBuffer payload) {
        int length = payload.remaining();
        return ByteBuffer.allocate(RECORD_HEADER).putInt(length).putInt(~length).putInt(crc(payload.duplicate())).flip();
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

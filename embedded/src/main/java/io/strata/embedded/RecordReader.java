package io.strata.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Reads a file written with {@link RecordFiles}' framing, record by record, checking every checksum; in a log of
 * version {@value RecordFiles#LOG_VERSION}, also each record's {@link RecordFiles#GROUP_PREFIX prefix}, which it
 * strips.
 *
 * <p>What is damage and what is a torn tail: when the file may end in a torn record ({@code tornTailAllowed},
 * the newest log only), a record is the torn tail if its header or payload runs past the end of the file, or
 * if its header and everything after it are zero bytes (a file system that grew the file but never wrote
 * the data): a crash mid-write leaves exactly that, the never-acknowledged last commit, partly written or
 * not at all. A complete record whose checksum fails is damage even when it is the last one: a write
 * the crash cut short ends before its length, so such a record was written whole and may be an
 * acknowledged commit. Anything that fails a check and is not a torn tail is a {@link DamagedFileException}
 * naming the file and the record's offset; in a checkpoint every failed check is.
 *
 * <p>A log of version {@value RecordFiles#LOG_VERSION} is preallocated: zero bytes follow its last record, and a
 * crash can leave any part of the group of commits being written unwritten (still zero), whole records after
 * a torn one included, as the disk writes sectors in no promised order. So in the newest such log the records end
 * at the first one that fails a check, when everything from there is zero (no warning: that is the preallocated
 * space), or when that record is a torn one of the last group written: no valid record of a later group of this
 * log follows it (a group is written only after the one before was forced, so a later group means this one
 * was acknowledged), and some 512-byte sector's part of it is zero (unwritten; a crash leaves sectors as they
 * were, it does not flip bits). Otherwise it is damage.
 */
final class RecordReader implements AutoCloseable {
    private static final int SECTOR = 512;
    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final boolean tornTailAllowed;
    private final int version;
    private final boolean grouped;   // a log of version LOG_VERSION: prefixed records in preallocated zeros
    private final long number;
    private long position;
    private long recordOffset;
    private long tornAt = -1;
    private long end = -1;

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
            this.version = header.getInt();
            this.number = header.getLong();
            int crc = header.getInt();
            if (!Arrays.equals(found, magic)) {
                throw new DamagedFileException(file, 0, "not a Strata " + kind(magic) + " file (wrong magic bytes)");
            }
            if (crc != RecordFiles.crc(header.flip().limit(RecordFiles.FILE_HEADER - 4))) {
                throw new DamagedFileException(file, 0, "the file header's checksum does not match");
            }
            boolean log = magic == RecordFiles.LOG_MAGIC;
            if (log ? version != RecordFiles.LOG_VERSION && version != RecordFiles.GROUPLESS_LOG_VERSION
                    : version != RecordFiles.CHECKPOINT_VERSION) {
                throw new DamagedFileException(file, 8, "format version " + version + " is not supported (this engine"
                        + " reads " + (log ? "versions " + RecordFiles.GROUPLESS_LOG_VERSION + " and " + RecordFiles.LOG_VERSION
                        : "version " + RecordFiles.CHECKPOINT_VERSION) + ")");
            }
            this.grouped = log && version == RecordFiles.LOG_VERSION;
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

    /** The format version in the file header. */
    int version() {
        return version;
    }

    /** Where the records end, once {@link #next()} returned null: the end of the file, or where a torn tail or zeros start. */
    long end() {
        return end;
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
            end = size;
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
            if (grouped && tornTailAllowed) {
                return zerosFrom(position) ? endAt(position) : failedInGroup("the record header is malformed",
                        position + RecordFiles.RECORD_HEADER);
            }
            return zerosFrom(position) ? torn("unwritten bytes") : damaged("the record header is malformed");
        }
        long recordEnd = position + RecordFiles.RECORD_HEADER + length;
        if (recordEnd > size) {
            return torn("the record is cut short");
        }
        ByteBuffer payload = ByteBuffer.allocate(length);
        readFully(payload, position + RecordFiles.RECORD_HEADER);
        payload.flip();
        if (RecordFiles.crc(payload.duplicate()) != crc) {
            if (grouped && tornTailAllowed) {
                return failedInGroup("the record's checksum does not match", recordEnd);
            }
            // the whole record is on disk, so it was not cut short by a crash: its bytes changed after they were written
            return damaged("the record's checksum does not match (the record is complete, so this is not a write"
                    + " cut short by a crash: its bytes changed on disk, and it may hold an acknowledged commit)");
        }
        if (grouped) {
            long group = payload.remaining() < RecordFiles.GROUP_PREFIX ? -1 : groupOf(payload);
            if (group < RecordFiles.FILE_HEADER || group > recordOffset) {
                return damaged("the record's prefix does not name this log and a group starting at or before it");
            }
            payload.position(RecordFiles.GROUP_PREFIX);
        }
        position = recordEnd;
        return payload.slice();
    }

    /**
     * Where the group of a record of this log starts, from its payload's prefix; -1 when the prefix names another log
     * (stale bytes of an older file, not a record of this one).
     */
    private long groupOf(ByteBuffer payload) {
        return payload.getLong(0) == number ? payload.getLong(8) : -1;
    }

    /**
     * A record of the newest preallocated log that failed a check ({@code why}), with bytes other than zero after
     * it: the torn tail when it belongs to the last group written and part of it was never written, damage otherwise.
     */
    private ByteBuffer failedInGroup(String why, long recordEnd) throws IOException {
        long later = laterGroupAfter(recordOffset);
        if (later >= 0) {
            return damaged(why + ", and a valid record of a later group of commits follows at offset " + later
                    + ": this record was forced and acknowledged before that group was written, and its bytes changed on"
                    + " disk since");
        }
        if (!hasUnwrittenSector(recordOffset, Math.min(recordEnd, size))) {
            return damaged(why + ", and none of its 512-byte sectors is unwritten (zero), so this is not a write cut"
                    + " short by a crash: its bytes changed on disk, and it may hold an acknowledged commit");
        }
        return torn(why);
    }

    /** The offset of the first valid record of this log after {@code from} whose group starts after it; -1 if none. */
    private long laterGroupAfter(long from) throws IOException {
        ByteBuffer window = ByteBuffer.allocate(1 << 20);
        for (long base = from + 1; base + RecordFiles.RECORD_HEADER <= size; ) {
            window.clear();
            readFully(window, base);
            window.flip();
            int last = window.limit() - 8; // the last index whose length and complement are both in the window
            int i = 0;
            for (; i <= last; i++) {
                int length = window.getInt(i);
                if (window.getInt(i + 4) == ~length && length >= RecordFiles.GROUP_PREFIX
                        && length <= RecordFiles.MAX_PAYLOAD && groupOfRecordAt(base + i, length) > from) {
                    return base + i;
                }
            }
            if (window.limit() < window.capacity()) {
                break;
            }
            base += i;
        }
        return -1;
    }

    /** The group of the record at {@code at} with this payload length, when it is whole and its checksum matches; else -1. */
    private long groupOfRecordAt(long at, int length) throws IOException {
        if (at + RecordFiles.RECORD_HEADER + length > size) {
            return -1;
        }
        ByteBuffer record = ByteBuffer.allocate(RecordFiles.RECORD_HEADER + length);
        readFully(record, at);
        record.flip();
        ByteBuffer payload = record.slice(RecordFiles.RECORD_HEADER, length);
        return RecordFiles.crc(payload.duplicate()) == record.getInt(8) ? groupOf(payload) : -1;
    }

    /** Whether some 512-byte sector's part of the bytes from {@code from} to {@code to} is all zero. */
    private boolean hasUnwrittenSector(long from, long to) throws IOException {
        for (long sector = from - from % SECTOR; sector < to; sector += SECTOR) {
            long start = Math.max(from, sector);
            ByteBuffer part = ByteBuffer.allocate((int) (Math.min(to, sector + SECTOR) - start));
            readFully(part, start);
            part.flip();
            boolean zero = true;
            while (part.hasRemaining() && zero) {
                zero = part.get() == 0;
            }
            if (zero) {
                return true;
            }
        }
        return false;
    }

    /** The records end at {@code at}: the preallocated zeros of the newest log start there. */
    private ByteBuffer endAt(long at) {
        end = at;
        return null;
    }

    private ByteBuffer torn(String why) throws IOException {
        if (!tornTailAllowed) {
            return damaged(why + " (this file is written whole before it is used, so it cannot be torn)");
        }
        tornAt = recordOffset;
        end = recordOffset;
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

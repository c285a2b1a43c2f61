package io.strata.embedded;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;

/**
 * Checkpoint files: the whole store as of one commit version.
 *
 * <p>Format ({@link RecordFiles} framing, magic {@code STRATCKP}): a first record {@code [1][version:
 * long][first log: long]} — the version the snapshot is taken at and the sequence number of the first log
 * whose commits it does not hold — then records {@code [2][count: int]} followed by that many
 * {@code [key length: int][key][value length: int][value]} in key order (about 1 MB each), then a last
 * record {@code [3][entries: long]}. A checkpoint is written to {@value #TEMP}, forced, and renamed over
 * {@value #FILE} in one atomic step, so the file is always whole: any failed check in it is damage.
 */
final class Checkpoints {
    static final String FILE = "checkpoint.dat";
    static final String TEMP = "checkpoint.tmp";
    private static final byte META = 1;
    private static final byte ENTRIES = 2;
    private static final byte END = 3;
    private static final int CHUNK = 1 << 20;

    private Checkpoints() {}

    /** What a checkpoint says about itself. */
    record Meta(long version, long firstLog, long entries) {}

    /** Receives a checkpoint's entries while it is read. */
    interface Sink {
        void entry(byte[] key, byte[] value);
    }

    /**
     * Writes the store as of {@code version} (which no housekeeping may prune meanwhile: the caller pins it)
     * and makes it the directory's checkpoint.
     */
    static Meta write(Path directory, VersionedStore store, long version, long firstLog) throws IOException {
        Path temp = directory.resolve(TEMP);
        long entries = 0;
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long position = RecordFiles.writeFully(out, RecordFiles.fileHeader(RecordFiles.CHECKPOINT_MAGIC, 0), 0);
            position = RecordFiles.writeFully(out,
                    RecordFiles.frame(ByteBuffer.allocate(17).put(META).putLong(version).putLong(firstLog).flip()), position);
            ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
            int inChunk = 0;
            Iterator<byte[][]> it = store.scan(Keys.EMPTY, true, true, version, true);
            while (it.hasNext()) {
                byte[][] kv = it.next();
                int need = 8 + kv[0].length + kv[1].length;
                if (inChunk > 0 && chunk.position() + need > chunk.capacity()) {
                    position = writeEntries(out, chunk, inChunk, position);
                    inChunk = 0;
                }
                if (inChunk == 0) {
                    chunk = chunk.capacity() >= 5 + need ? chunk.clear() : ByteBuffer.allocate(5 + need);
                    chunk.put(ENTRIES).putInt(0);
                }
                chunk.putInt(kv[0].length).put(kv[0]).putInt(kv[1].length).put(kv[1]);
                inChunk++;
                entries++;
            }
            if (inChunk > 0) {
                position = writeEntries(out, chunk, inChunk, position);
            }
            RecordFiles.writeFully(out, RecordFiles.frame(ByteBuffer.allocate(9).put(END).putLong(entries).flip()), position);
            out.force(true);
        }
        Files.move(temp, directory.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        RecordFiles.forceDirectory(directory);
        return new Meta(version, firstLog, entries);
    }

    private static long writeEntries(FileChannel out, ByteBuffer chunk, int count, long position) throws IOException {
        chunk.putInt(1, count).flip();
        position = RecordFiles.writeFully(out, RecordFiles.recordHeader(chunk), position);
        return RecordFiles.writeFully(out, chunk, position);
    }

    /**
     * Reads a checkpoint, handing each entry to {@code sink} in key order.
     *
     * @throws DamagedFileException when any check fails, naming the offset of the record that failed
     */
    static Meta read(Path file, Sink sink) throws IOException {
        try (RecordReader in = new RecordReader(file, RecordFiles.CHECKPOINT_MAGIC, false)) {
            ByteBuffer meta = in.next();
            if (meta == null || meta.remaining() != 17 || meta.get() != META) {
                throw new DamagedFileException(file, in.recordOffset(), "the first record is not the checkpoint's description");
            }
            long version = meta.getLong();
            long firstLog = meta.getLong();
            long entries = 0;
            for (ByteBuffer r = in.next(); ; r = in.next()) {
                if (r == null) {
                    throw new DamagedFileException(file, in.recordOffset(), "the checkpoint ends without its last record");
                }
                byte type = r.get();
                if (type == END) {
                    if (r.remaining() != 8 || r.getLong() != entries) {
                        throw new DamagedFileException(file, in.recordOffset(), "the last record's count of entries ("
                                + entries + " read) does not match");
                    }
                    if (in.next() != null) {
                        throw new DamagedFileException(file, in.recordOffset(), "records follow the last record");
                    }
                    return new Meta(version, firstLog, entries);
                }
                if (type != ENTRIES) {
                    throw new DamagedFileException(file, in.recordOffset(), "unknown record type " + type);
                }
                entries += readEntries(r, sink, file, in.recordOffset());
            }
        }
    }

    private static int readEntries(ByteBuffer r, Sink sink, Path file, long offset) {
        try {
            int count = r.getInt();
            for (int i = 0; i < count; i++) {
                byte[] key = new byte[r.getInt()];
                r.get(key);
                byte[] value = new byte[r.getInt()];
                r.get(value);
                sink.entry(key, value);
            }
            if (r.hasRemaining()) {
                throw new DamagedFileException(file, offset, "bytes left after the record's entries");
            }
            return count;
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new DamagedFileException(file, offset, "the record ends inside an entry");
        }
    }
}

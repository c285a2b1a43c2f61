package io.strata.embedded;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The disk operations the journal's writer performs on the log it appends to: write (records, and zeros ahead of
 * them as the log grows), force (data only, or with the file's size), and cut back after a failure.
 * {@link #of(FileChannel)} is the file system's; a database opened with {@code EmbeddedFdb.builder().logDisk(...)}
 * wraps it (tests use that to make a disk fail, or force slowly, at a
 * chosen moment). Creating and recovering a log use the file's channel directly.
 */
interface LogChannel extends Closeable {
    /**
     * Writes from {@code buffers}, in order, at {@code position}, as {@link FileChannel#write(ByteBuffer[])}: it
     * may write fewer bytes than remain, and returns how many it wrote.
     */
    long write(ByteBuffer[] buffers, long position) throws IOException;

    /**
     * Forces everything written to the disk, as {@link FileChannel#force(boolean)}: with {@code metadata} the file's
     * size too (after the file grew or was cut); without, its data only (fdatasync), which is all a commit needs as
     * it writes inside the preallocated file and does not change its size.
     */
    void force(boolean metadata) throws IOException;

    /** Cuts the file to {@code size} bytes. */
    void truncate(long size) throws IOException;

    /** The file system's channel, unchanged. */
    static LogChannel of(FileChannel channel) {
        return new LogChannel() {
            @Override
            public long write(ByteBuffer[] buffers, long position) throws IOException {
                channel.position(position);
                return channel.write(buffers);
            }

            @Override
            public void force(boolean metadata) throws IOException {
                channel.force(metadata);
            }

            @Override
            public void truncate(long size) throws IOException {
                channel.truncate(size);
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }
}

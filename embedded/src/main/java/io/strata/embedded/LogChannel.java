package io.strata.embedded;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The disk operations the journal's writer performs on the log it appends to: write, force, and cut back
 * after a failure. {@link #of(FileChannel)} is the file system's; a database opened with
 * {@code EmbeddedFdb.builder().logDisk(...)} wraps it (tests use that to make a disk fail, or force slowly, at a
 * chosen moment). Creating and recovering a log use the file's channel directly.
 */
interface LogChannel extends Closeable {
    /**
     * Writes from {@code buffers}, in order, at {@code position}, as {@link FileChannel#write(ByteBuffer[])}: it
     * may write fewer bytes than remain, and returns how many it wrote.
     */
    long write(ByteBuffer[] buffers, long position) throws IOException;

    /** Forces everything written (data and the file's size) to the disk: {@link FileChannel#force(boolean) force(true)}. */
    void force() throws IOException;

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
            public void force() throws IOException {
                channel.force(true);
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

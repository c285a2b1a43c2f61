package io.strata.embedded;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DurableWorker} in a JVM of its own (the test classpath), whose stdout lines are collected as
 * they arrive, so a test can kill it with SIGKILL and know exactly what it had reported.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread reader;

    private ChildJvm(Process process) {
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException endOfProcess) {
                // the child was killed: what was read is what it reported
            }
        }, "child-jvm-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code DurableWorker} with these arguments. */
    static ChildJvm start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), DurableWorker.class.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    long pid() {
        return process.pid();
    }

    /** Waits for the next line starting with {@code prefix} (skipping others); fails after the timeout. */
    String await(String prefix, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("the child JVM did not print '" + prefix + "' within " + seconds + " s (alive: "
                        + process.isAlive() + ")");
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Kills the process with SIGKILL and returns every line it printed. */
    List<String> kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
        reader.join(TimeUnit.SECONDS.toMillis(10));
        List<String> all = new ArrayList<>();
        lines.drainTo(all);
        return all;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}

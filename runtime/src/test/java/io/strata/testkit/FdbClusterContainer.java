package io.strata.testkit;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDB;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A one-process FoundationDB cluster in Docker, configured {@code single memory}, for the
 * {@code *ClusterTest} twins of backend contract tests.
 *
 * <pre>{@code
 * @Testcontainers(disabledWithoutDocker = true)
 * class FooClusterTest extends FooContract {
 *     @Container static final FdbClusterContainer FDB = new FdbClusterContainer();
 *     @Override protected Database database() { return FDB.freshDatabase(); }
 * }
 * }</pre>
 *
 * <p>The server advertises {@code 127.0.0.1:port} ({@code FDB_NETWORKING_MODE=host}) and the
 * same port is published on the Docker host, because a FoundationDB client connects to the
 * addresses the server reports, not to the one in its cluster file; Docker therefore has
 * to run on the machine running the tests. The port is a free one picked at start, so
 * several containers can run at once.
 *
 * <p>The image is {@value #DEFAULT_IMAGE} unless the system property {@code strata.fdb.image}
 * names another: FoundationDB clients and servers interoperate within one minor release
 * (the wire protocol changes only between minor versions), so a 7.3 server serves the
 * 7.3.x client fdb-java and libfdb_c use. The constructor touches neither Docker nor the
 * native library, so a class holding this in a static field loads even without them.
 */
public final class FdbClusterContainer extends GenericContainer<FdbClusterContainer> {

    /** The default server image: a published 7.3 patch release. */
    public static final String DEFAULT_IMAGE = "foundationdb/foundationdb:7.3.63";
    /** The API version the real-cluster client selects; test code only. */
    public static final int API_VERSION = 730;

    private static final String CLUSTER_FILE_IN_CONTAINER = "/var/fdb/fdb.cluster";
    private static final Duration CONFIGURE_TIMEOUT = Duration.ofSeconds(60);

    private int port;
    private Path clusterFile;

    /** A cluster running {@value #DEFAULT_IMAGE} or the image named by {@code -Dstrata.fdb.image}. */
    public FdbClusterContainer() {
        this(DockerImageName.parse(System.getProperty("strata.fdb.image", DEFAULT_IMAGE)));
    }

    /** A cluster running the given FoundationDB server image. */
    public FdbClusterContainer(DockerImageName image) {
        super(image);
        withEnv("FDB_NETWORKING_MODE", "host");
        waitingFor(Wait.forLogMessage(".*FDBD joined cluster.*\\n", 1).withStartupTimeout(Duration.ofMinutes(2)));
    }

    @Override
    protected void configure() {
        port = freeLocalPort();
        withEnv("FDB_PORT", Integer.toString(port));
        withEnv("FDB_COORDINATOR_PORT", Integer.toString(port));
        addFixedExposedPort(port, port);
    }

    @Override
    protected void containerIsStarted(com.github.dockerjava.api.command.InspectContainerResponse info) {
        configureDatabase();
        clusterFile = writeClusterFile(copyFileFromContainer(CLUSTER_FILE_IN_CONTAINER,
                in -> new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim()));
    }

    /** The cluster file on this machine, naming the running server. */
    public Path clusterFile() {
        if (clusterFile == null) {
            throw new IllegalStateException("the FoundationDB container is not started; declare it as a "
                    + "@Container static field of a @Testcontainers(disabledWithoutDocker = true) class");
        }
        return clusterFile;
    }

    /**
     * Opens the cluster with fdb-java's native client. Aborts the calling test (it shows as
     * skipped) with installation instructions when libfdb_c is not installed.
     */
    public Database openDatabase() {
        return NativeClient.fdb().open(clusterFile().toString());
    }

    /** Opens the cluster after clearing the whole normal keyspace {@code ["", \xff)}. */
    public Database freshDatabase() {
        Database db = openDatabase();
        db.run(tr -> {
            tr.clear(new byte[0], new byte[] {(byte) 0xff});
            return null;
        });
        return db;
    }

    private void configureDatabase() {
        Instant deadline = Instant.now().plus(CONFIGURE_TIMEOUT);
        String last = "";
        while (Instant.now().isBefore(deadline)) {
            last = fdbcli("configure new single memory");
            if (last.contains("Database created") || last.contains("already exists")) {
                if (fdbcli("status minimal").contains("The database is available")) {
                    return;
                }
            }
            sleep(Duration.ofMillis(500));
        }
        throw new IllegalStateException("FoundationDB in " + getDockerImageName()
                + " did not become available within " + CONFIGURE_TIMEOUT + "; last fdbcli output: " + last);
    }

    private String fdbcli(String command) {
        try {
            ExecResult result = execInContainer("fdbcli", "--timeout", "10", "--exec", command);
            return result.getStdout() + result.getStderr();
        } catch (IOException e) {
            throw new UncheckedIOException("running fdbcli --exec '" + command + "' in the container failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while configuring FoundationDB", e);
        }
    }

    private static Path writeClusterFile(String contents) {
        try {
            Path file = Files.createTempFile("strata-fdb-", ".cluster");
            file.toFile().deleteOnExit();
            return Files.writeString(file, contents + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the FoundationDB cluster file", e);
        }
    }

    private static int freeLocalPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free local port for FoundationDB", e);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while configuring FoundationDB", e);
        }
    }

    /** fdb-java's entry point, selected once per JVM; the only place Strata code loads libfdb_c. */
    private static final class NativeClient {
        private static FDB fdb;

        static synchronized FDB fdb() {
            if (fdb == null) {
                try {
                    fdb = FDB.selectAPIVersion(API_VERSION);
                } catch (LinkageError e) { // UnsatisfiedLinkError, or the FDB class failing to initialise
                    Assumptions.abort("FoundationDB's native client library libfdb_c is not installed ("
                            + e + "). Install the foundationdb-clients 7.3 package for your platform from "
                            + "https://github.com/apple/foundationdb/releases (e.g. foundationdb-clients_7.3.63-1_amd64.deb), "
                            + "or point FDB_LIBRARY_PATH_FDB_C at libfdb_c.so; the real-cluster tests run once it is present.");
                }
            }
            return fdb;
        }
    }
}

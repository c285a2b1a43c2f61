package io.strata.embedded;

import com.apple.foundationdb.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture every behaviour contract shares: a fresh database from the backend under test, opened
 * before each test and closed after it. A contract extends this class and asks nothing else of the
 * backend; its {@code *EmbeddedTest} and {@code *ClusterTest} subclasses only override {@link #database()}.
 *
 * <p>JUnit runs this class's {@code @BeforeEach} before any a contract declares, and its {@code @AfterEach}
 * after the contract's, so a contract's own setup (seeding keys, creating repositories) may use {@link #db}.
 * The two methods are final and named so that no contract method can override them by accident (which
 * would silently stop the database from being opened or closed).
 */
public abstract class BackendContract {

    /** The database under test; a new one for each test. */
    protected Database db;

    /** A database with an empty normal keyspace, closed after each test. */
    protected abstract Database database();

    @BeforeEach
    protected final void openBackendDatabase() {
        db = database();
    }

    @AfterEach
    protected final void closeBackendDatabase() {
        db.close();
    }
}

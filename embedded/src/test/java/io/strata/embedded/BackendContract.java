package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;

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

    /** Sets {@code key} to {@code value} in its own transaction, as another program (or damage) would. */
    protected final void put(com.apple.foundationdb.tuple.Tuple key, byte[] value) {
        db.run(tr -> {
            tr.set(key.pack(), value);
            return null;
        });
    }

    /** Every key and value of the normal keyspace, printable, in key order. */
    protected final List<String> keyspace() {
        return db.read(tr -> tr.getRange(new byte[0], new byte[] {(byte) 0xff}).asList().join()).stream()
            .map(kv -> ByteArrayUtil.printable(kv.getKey()) + " = " + HexFormat.of().formatHex(kv.getValue())).toList();
    }

    /**
     * Runs {@code call}, expecting {@code type} with a message containing each of {@code mentions}, and
     * checks that the keyspace is exactly as it was before (bad input writes nothing).
     */
    protected final <X extends Throwable> X rejected(Class<X> type, Executable call, String... mentions) {
        List<String> before = keyspace();
        X e = assertThrows(type, call);
        for (String m : mentions) {
            assertTrue(e.getMessage() != null && e.getMessage().contains(m), "message should mention '" + m + "': " + e.getMessage());
        }
        assertEquals(before, keyspace(), "nothing is written");
        return e;
    }
}

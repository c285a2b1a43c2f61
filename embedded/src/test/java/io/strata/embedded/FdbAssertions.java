package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.apple.foundationdb.FDBException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.function.Executable;

/** Assertions on FoundationDB error codes, unwrapping the CompletionException fdb-java's join() adds. */
public final class FdbAssertions {
    private FdbAssertions() {}

    /** Asserts that {@code body} fails with an {@link FDBException} of {@code code}. */
    public static FDBException assertFdbError(int code, Executable body) {
        try {
            body.execute();
        } catch (Throwable t) {
            Throwable cause = t;
            while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof FDBException e) {
                assertEquals(code, e.getCode(), "FoundationDB error code (message: " + e.getMessage() + ")");
                return e;
            }
            throw new AssertionError("expected FDBException " + code + " but got " + t, t);
        }
        return fail("expected FDBException " + code + " but nothing was thrown");
    }
}

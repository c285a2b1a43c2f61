package io.strata.embedded;

/**
 * What an embedded database has done so far, in the units a cluster user pays for: network round trips
 * (read-version requests, reads that reach storage, read-write commits), keys and bytes read from storage
 * and written by commits, and commits that failed on a conflict. A value: take one before and one after
 * an operation and {@link #since(EngineStats)} gives what the operation cost. Counts are deterministic for
 * a deterministic workload (they do not depend on timing or on {@code latency}), except a durable
 * database's log forces (below).
 *
 * <p>What counts: a read answered from the transaction's own writes or read-your-writes cache is no
 * round trip and reads no key; a point read reads one key (present or not), a range read the key-values
 * it returns, a mapped range read its index entries plus the rows (or keys) they map to; a read-only
 * commit is no round trip, a read-write commit without a read version also takes one (as fdb's client
 * does). Bytes are key plus value lengths. Injected faults are not conflicts.
 *
 * <p>A durable database ({@code EmbeddedFdb.open(Path)}) also counts its disk work: {@code logForces}, the
 * forces of the write-ahead log that made commits durable, and {@code loggedCommits}, the commits they
 * made durable. One writer forces every commit waiting at once (group commit), so with concurrent committers
 * {@code loggedCommits / logForces} is the average group; one committer at a time pays one force per commit.
 * These two depend on timing; both are 0 in memory.
 *
 * <pre>{@code
 * EngineStats before = EmbeddedFdb.stats(db);
 * repository.findById(id);
 * EngineStats cost = EmbeddedFdb.stats(db).since(before);   // cost.roundTrips(), cost.keysRead()
 * }</pre>
 *
 * @param readVersionRoundTrips read-version requests (one per transaction attempt that needs a version)
 * @param readRoundTrips        reads that reached storage (point, key selector, range, mapped range, estimates)
 * @param commitRoundTrips      read-write commits sent, whatever their outcome
 * @param keysRead              keys read from storage
 * @param bytesRead             bytes (keys and values) read from storage
 * @param keysWritten           mutations applied by successful commits (a range clear counts one)
 * @param bytesWritten          bytes of those mutations (keys, values, operands, range ends)
 * @param conflicts             commits that failed with not_committed (1020) on a real conflict
 * @param sequentialRoundTrips  round trips one after another (the critical path), summed over transaction
 *                              attempts: what a caller waits, in round trips. Measured only with a
 *                              {@code latency} (0 without), by causality rather than by the clock: the longest
 *                              chain of an attempt's requests each sent by code that had observed (joined, or
 *                              been handed) the answer before it, so requests sent without waiting for each
 *                              other count once however late a busy machine sends them, and time spent
 *                              computing between round trips adds none (docs/engine.md)
 * @param logForces             durable database: forces of the log that made commits durable (one per group of
 *                              commits written together); 0 in memory
 * @param loggedCommits         durable database: commits written to the log and forced; 0 in memory
 * @param logBytes              durable database: bytes appended to the write-ahead log (records and their framing); 0 in
 *                              memory
 * @param checkpoints           durable database: checkpoints written in the background (each lets older logs be
 *                              deleted); depends on timing like {@code logForces}; 0 in memory
 */
public record EngineStats(long readVersionRoundTrips, long readRoundTrips, long commitRoundTrips, long keysRead,
                          long bytesRead, long keysWritten, long bytesWritten, long conflicts, long sequentialRoundTrips,
                          long logForces, long loggedCommits, long logBytes, long checkpoints) {

    /** All round trips: read versions, reads and commits. */
    public long roundTrips() {
        return readVersionRoundTrips + readRoundTrips + commitRoundTrips;
    }

    /** What happened between {@code earlier} (taken from the same database) and this snapshot. */
    public EngineStats since(EngineStats earlier) {
        return new EngineStats(readVersionRoundTrips - earlier.readVersionRoundTrips, readRoundTrips - earlier.readRoundTrips,
                commitRoundTrips - earlier.commitRoundTrips, keysRead - earlier.keysRead, bytesRead - earlier.bytesRead,
                keysWritten - earlier.keysWritten, bytesWritten - earlier.bytesWritten, conflicts - earlier.conflicts,
                sequentialRoundTrips - earlier.sequentialRoundTrips, logForces - earlier.logForces,
                loggedCommits - earlier.loggedCommits, logBytes - earlier.logBytes, checkpoints - earlier.checkpoints);
    }
}

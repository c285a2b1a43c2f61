package io.strata.embedded;

/**
 * One mutation of a commit that a durable database's write-ahead log holds and no checkpoint covers yet (see
 * {@link EmbeddedFdb#loggedWrites}): what a tool can know of past writes without the application, since the engine
 * keeps no other history of them.
 *
 * @param version the commit's version (commits of one version are one transaction)
 * @param kind    {@code set}, {@code clear}, {@code clear-range}, or the atomic operation's {@code MutationType} in
 *                lower case ({@code add}, {@code set_versionstamped_key}, ...)
 * @param key     the key written; a range clear's first key; a versionstamped key as the commit stamped it
 */
public record LoggedWrite(long version, String kind, byte[] key) {}

package io.strata.embedded;

import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * A hash map from keys, compared by content, to values (null allowed): what a transaction attempt knows
 * about each key it point-read. A point read used to cost ordered-map operations in the read cache, its
 * known ranges and the read-conflict list, each O(log n) key comparisons; a lookup here hashes the key once
 * and compares it once. Open addressing with linear probing, at most half full; the hash of every key is kept
 * so a probe compares only keys of equal hash.
 *
 * <p>Invariants: a key is held at most once, as a copy made when it was put (never an array a caller may
 * reuse) or an array its owner handed over ({@link #put}); entries are never removed, and only {@link #put}
 * replaces a value. Not thread-safe; owners synchronise.
 */
final class KeyMap<V> {
    private static final int INITIAL_CAPACITY = 8;

    private byte[][] keys = new byte[INITIAL_CAPACITY][];
    private Object[] values = new Object[INITIAL_CAPACITY];
    private int[] hashes = new int[INITIAL_CAPACITY];
    /** 32 minus log2 of the capacity: a key's home slot is the top bits of its hash. */
    private int shift = 32 - Integer.numberOfTrailingZeros(INITIAL_CAPACITY);
    private int size;

    /**
     * FNV-1a over the bytes, then mixed so that the top bits (a key's home slot) depend on every byte. Not
     * {@link Arrays#hashCode(byte[])}: its multiplier 31 makes keys that differ only in their last two bytes (a
     * tuple-encoded integer id) share a hash eight at a time, and a probe compares the key with each of them,
     * a cache miss apiece.
     */
    static int hash(byte[] key) {
        int h = 0x811C9DC5;
        for (byte b : key) {
            h = (h ^ (b & 0xFF)) * 0x01000193;
        }
        h ^= h >>> 15;
        return h * 0x9E3779B9;
    }

    /** The slot holding {@code key}, or the empty slot where it belongs. */
    private int slot(byte[] key, int hash) {
        int mask = keys.length - 1;
        int i = hash >>> shift;
        while (keys[i] != null && (hashes[i] != hash || !Arrays.equals(keys[i], key))) {
            i = i + 1 & mask;
        }
        return i;
    }

    /** The value of {@code key}, or {@code missing} when the map does not hold it. */
    @SuppressWarnings("unchecked")
    V get(byte[] key, V missing) {
        int i = slot(key, hash(key));
        return keys[i] == null ? missing : (V) values[i];
    }

    boolean containsKey(byte[] key) {
        return keys[slot(key, hash(key))] != null;
    }

    /** Maps a copy of {@code key} to {@code value} unless the map holds the key; whether it was added. */
    boolean putIfAbsent(byte[] key, V value) {
        int hash = hash(key);
        int i = slot(key, hash);
        if (keys[i] != null) {
            return false;
        }
        keys[i] = key.clone();
        values[i] = value;
        hashes[i] = hash;
        if (++size * 2 > keys.length) {
            grow();
        }
        return true;
    }

    /**
     * Maps {@code key} to {@code value}, replacing any value it had. The map keeps {@code key} itself, not a copy:
     * the caller hands it over and never changes it afterwards.
     */
    void put(byte[] key, V value) {
        int hash = hash(key);
        int i = slot(key, hash);
        values[i] = value;
        if (keys[i] == null) {
            keys[i] = key;
            hashes[i] = hash;
            if (++size * 2 > keys.length) {
                grow();
            }
        }
    }

    int size() {
        return size;
    }

    /** Every key and its value, in no particular order. */
    @SuppressWarnings("unchecked")
    void forEach(BiConsumer<byte[], V> action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null) {
                action.accept(keys[i], (V) values[i]);
            }
        }
    }

    private void grow() {
        byte[][] oldKeys = keys;
        Object[] oldValues = values;
        int[] oldHashes = hashes;
        keys = new byte[oldKeys.length * 2][];
        values = new Object[keys.length];
        hashes = new int[keys.length];
        shift--;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != null) {
                int i = slot(oldKeys[j], oldHashes[j]);
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
                hashes[i] = oldHashes[j];
            }
        }
    }
}

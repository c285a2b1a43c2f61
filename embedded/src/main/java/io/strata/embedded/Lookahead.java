package io.strata.embedded;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator that finds each element only when asked for it ({@link #hasNext}, {@link #peek}), never one ahead: a
 * step of a store scan may be a skip-list search and records what it read, so a read of one key must take one step.
 * Elements are never null; {@link #find} returns null at the end.
 */
abstract class Lookahead<T> implements Iterator<T> {
    private T next;
    private boolean found;

    /** The next element, or null when there is none; called once per element, only when one is asked for. */
    protected abstract T find();

    /** {@code it}'s elements, each taken from it only when asked for. */
    static <T> Lookahead<T> of(Iterator<T> it) {
        return new Lookahead<>() {
            @Override
            protected T find() {
                return it.hasNext() ? it.next() : null;
            }
        };
    }

    /** The next element without taking it, or null at the end. */
    final T peek() {
        return hasNext() ? next : null;
    }

    @Override
    public final boolean hasNext() {
        if (!found) {
            next = find();
            found = true;
        }
        return next != null;
    }

    @Override
    public final T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        found = false;
        return next;
    }
}

package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.directory.DirectoryAlreadyExistsException;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectoryMoveException;
import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.directory.MismatchedLayerException;
import com.apple.foundationdb.directory.NoSuchDirectoryException;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * fdb-java's {@link DirectoryLayer} running unchanged on a backend: creating, opening,
 * listing, moving and removing directories, partitions, and the errors it reports.
 */
public abstract class DirectoryLayerContract extends BackendContract {

    private final DirectoryLayer directories = new DirectoryLayer();

    @Test
    void createOrOpenReturnsTheSamePrefixEveryTime() {
        DirectorySubspace created = directories.createOrOpen(db, List.of("app", "users")).join();
        DirectorySubspace opened = directories.createOrOpen(db, List.of("app", "users")).join();
        assertArrayEquals(created.getKey(), opened.getKey());
        assertEquals(List.of("app", "users"), opened.getPath());
        assertArrayEquals(created.getKey(), directories.open(db, List.of("app", "users")).join().getKey());
    }

    @Test
    void distinctDirectoriesGetNonOverlappingPrefixes() {
        List<byte[]> prefixes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            prefixes.add(directories.create(db, List.of("d" + i)).join().getKey());
        }
        for (int i = 0; i < prefixes.size(); i++) {
            for (int j = 0; j < prefixes.size(); j++) {
                assertTrue(i == j || !ByteArrayUtil.startsWith(prefixes.get(i), prefixes.get(j)),
                        "prefix of d" + j + " is a prefix of d" + i);
            }
        }
    }

    @Test
    void concurrentCreatorsOfDifferentDirectoriesAllSucceed() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<DirectorySubspace>> futures = List.of(
                    pool.submit(() -> directories.create(db, List.of("x")).join()),
                    pool.submit(() -> directories.create(db, List.of("y")).join()),
                    pool.submit(() -> directories.create(db, List.of("z")).join()));
            Set<String> prefixes = new HashSet<>();
            for (Future<DirectorySubspace> f : futures) {
                prefixes.add(ByteArrayUtil.printable(f.get().getKey()));
            }
            assertEquals(3, prefixes.size());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of("x", "y", "z"), directories.list(db).join());
    }

    @Test
    void creatingAnExistingDirectoryFails() {
        directories.create(db, List.of("a")).join();
        assertCause(DirectoryAlreadyExistsException.class, () -> directories.create(db, List.of("a")).join());
    }

    @Test
    void openingAMissingDirectoryFails() {
        assertCause(NoSuchDirectoryException.class, () -> directories.open(db, List.of("missing")).join());
    }

    @Test
    void existsReflectsCreationAndRemoval() {
        assertFalse(directories.exists(db, List.of("a")).join());
        directories.create(db, List.of("a", "b")).join();
        assertTrue(directories.exists(db, List.of("a")).join());
        assertTrue(directories.exists(db, List.of("a", "b")).join());
        directories.remove(db, List.of("a")).join();
        assertFalse(directories.exists(db, List.of("a", "b")).join());
    }

    @Test
    void listNamesTheChildrenInOrder() {
        directories.create(db, List.of("p", "zeta")).join();
        directories.create(db, List.of("p", "alpha")).join();
        directories.create(db, List.of("p", "alpha", "nested")).join();
        assertEquals(List.of("alpha", "zeta"), directories.list(db, List.of("p")).join());
        assertEquals(List.of("p"), directories.list(db).join());
    }

    @Test
    void moveKeepsThePrefixAndTheData() {
        DirectorySubspace original = directories.create(db, List.of("old", "name")).join();
        byte[] key = original.pack(Tuple.from("k"));
        db.run(tr -> {
            tr.set(key, "v".getBytes(StandardCharsets.UTF_8));
            return null;
        });
        DirectorySubspace moved = directories.move(db, List.of("old", "name"), List.of("new")).join();
        assertArrayEquals(original.getKey(), moved.getKey());
        assertEquals(List.of("new"), moved.getPath());
        assertFalse(directories.exists(db, List.of("old", "name")).join());
        assertArrayEquals("v".getBytes(StandardCharsets.UTF_8),
                db.read(tr -> tr.get(directories.open(tr, List.of("new")).join().pack(Tuple.from("k"))).join()));
    }

    @Test
    void movingIntoItsOwnSubdirectoryIsRejected() {
        directories.create(db, List.of("a")).join();
        assertCause(DirectoryMoveException.class, () -> directories.move(db, List.of("a"), List.of("a", "b")).join());
    }

    @Test
    void removeDeletesTheContentsToo() {
        DirectorySubspace dir = directories.create(db, List.of("gone")).join();
        byte[] key = dir.pack(Tuple.from(1));
        db.run(tr -> {
            tr.set(key, new byte[] {1});
            return null;
        });
        directories.remove(db, List.of("gone")).join();
        assertNull(db.read(tr -> tr.get(key).join()));
        assertFalse(directories.removeIfExists(db, List.of("gone")).join());
        assertCause(NoSuchDirectoryException.class, () -> directories.remove(db, List.of("gone")).join());
    }

    @Test
    void openingWithAnotherLayerFails() {
        byte[] layer = "table".getBytes(StandardCharsets.UTF_8);
        directories.create(db, List.of("t"), layer).join();
        assertArrayEquals(layer, directories.open(db, List.of("t"), layer).join().getLayer());
        assertCause(MismatchedLayerException.class,
                () -> directories.open(db, List.of("t"), "index".getBytes(StandardCharsets.UTF_8)).join());
        assertCause(MismatchedLayerException.class,
                () -> directories.createOrOpen(db, List.of("t"), "index".getBytes(StandardCharsets.UTF_8)).join());
    }

    @Test
    void partitionHoldsItsSubdirectoriesAndCannotBeUsedAsASubspace() {
        DirectorySubspace partition = directories.create(db, List.of("tenant"), DirectoryLayer.PARTITION_LAYER).join();
        assertArrayEquals(DirectoryLayer.PARTITION_LAYER, partition.getLayer());
        DirectorySubspace inside = partition.create(db, List.of("orders")).join();
        DirectorySubspace outside = directories.create(db, List.of("shared")).join();
        assertEquals(List.of("tenant", "orders"), inside.getPath());
        assertEquals(List.of("orders"), directories.list(db, List.of("tenant")).join());
        db.run(tr -> {
            tr.set(inside.pack(Tuple.from(1)), new byte[] {1});
            tr.set(outside.pack(Tuple.from(1)), new byte[] {2});
            return null;
        });
        directories.remove(db, List.of("tenant")).join();
        assertNull(db.read(tr -> tr.get(inside.pack(Tuple.from(1))).join()));
        assertArrayEquals(new byte[] {2}, db.read(tr -> tr.get(outside.pack(Tuple.from(1))).join()));
        assertThrows(UnsupportedOperationException.class, () -> partition.pack(Tuple.from(1)));
    }

    @Test
    void movingBetweenPartitionsIsRejected() {
        directories.create(db, List.of("p1"), DirectoryLayer.PARTITION_LAYER).join();
        directories.create(db, List.of("p2"), DirectoryLayer.PARTITION_LAYER).join();
        directories.create(db, List.of("p1", "child")).join();
        assertCause(DirectoryMoveException.class,
                () -> directories.move(db, List.of("p1", "child"), List.of("p2", "child")).join());
    }

    @Test
    void subspacePackingIsPrefixThenTuple() {
        DirectorySubspace dir = directories.create(db, List.of("s")).join();
        Tuple tuple = Tuple.from("user", 42L);
        assertArrayEquals(ByteArrayUtil.join(dir.getKey(), tuple.pack()), dir.pack(tuple));
        assertEquals(tuple, dir.unpack(dir.pack(tuple)));
        assertTrue(dir.contains(dir.pack(tuple)));
        assertFalse(dir.contains(Tuple.from("elsewhere").pack()));
    }

    private static void assertCause(Class<? extends Throwable> expected, Executable action) {
        Throwable thrown = assertThrows(Throwable.class, action);
        Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        assertInstanceOf(expected, cause, () -> "expected " + expected.getSimpleName() + " but got " + thrown);
    }
}

package io.strata.embedded;

import static io.strata.embedded.FdbAssertions.assertFdbError;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.TenantManagement;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * FoundationDB features this engine does not have fail loudly with unsupported_operation (2108) and a
 * message naming the feature (embedded only: a cluster has them).
 */
class UnsupportedFeaturesTest {
    private final Database db = EmbeddedFdb.open();

    @AfterEach
    void close() {
        db.close();
    }

    private static void assertUnsupported(String feature, Executable body) {
        FDBException e = assertFdbError(2108, body);
        assertTrue(e.getMessage().contains("embedded engine (EmbeddedFdb) does not support " + feature), e.getMessage());
    }

    private static byte[] special(String suffix) {
        return ByteArrayUtil.join(new byte[] {(byte) 0xff, (byte) 0xff}, suffix.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void openingATenantFailsWithEveryOverload() {
        byte[] name = {'t'};
        assertUnsupported("tenants", () -> db.openTenant(name));
        assertUnsupported("tenants", () -> db.openTenant(Tuple.from("t")));
        assertUnsupported("tenants", () -> db.openTenant(name, ForkJoinPool.commonPool()));
        assertUnsupported("tenants", () -> db.openTenant(Tuple.from("t"), ForkJoinPool.commonPool()));
        assertUnsupported("tenants", () -> db.openTenant(name, ForkJoinPool.commonPool(), null));
        assertUnsupported("tenants", () -> db.openTenant(Tuple.from("t"), ForkJoinPool.commonPool(), null));
    }

    @Test
    void tenantManagementThroughFdbJavaFailsWithUnsupportedNotKeyOutsideLegalRange() {
        assertUnsupported("tenants", () -> TenantManagement.createTenant(db, new byte[] {'t'}).join());
        assertUnsupported("tenants", () -> TenantManagement.createTenant(db, Tuple.from("t")).join());
        assertUnsupported("tenants", () -> TenantManagement.deleteTenant(db, new byte[] {'t'}).join());
        try (Transaction tr = db.createTransaction()) {
            TenantManagement.createTenant(tr, new byte[] {'t'});
            assertUnsupported("tenants", () -> tr.commit().join());
        }
    }

    @Test
    void blobGranulesFail() {
        byte[] a = {'a'};
        byte[] b = {'b'};
        assertUnsupported("blob granules", () -> db.blobbifyRange(a, b).join());
        assertUnsupported("blob granules", () -> db.blobbifyRangeBlocking(a, b).join());
        assertUnsupported("blob granules", () -> db.unblobbifyRange(a, b).join());
        assertUnsupported("blob granules", () -> db.listBlobbifiedRanges(a, b, 10).join());
        assertUnsupported("blob granules", () -> db.verifyBlobRange(a, b).join());
        assertUnsupported("blob granules", () -> db.flushBlobRange(a, b, false).join());
        assertUnsupported("blob granules", () -> db.purgeBlobGranules(a, b, false).join());
        assertUnsupported("blob granules", () -> db.waitPurgeGranulesComplete(a).join());
        try (Transaction tr = db.createTransaction()) {
            assertUnsupported("blob granules", () -> tr.getBlobGranuleRanges(a, b, 10).join());
        }
    }

    @Test
    void clientStatusFails() {
        assertUnsupported("client status", () -> db.getClientStatus().join());
    }

    @Test
    void theSpecialKeySpaceFailsForReadsWritesAndWatches() {
        byte[] status = special("/status/json");
        try (Transaction tr = db.createTransaction()) {
            tr.options().setAccessSystemKeys();
            assertUnsupported("the special key space", () -> tr.get(status).join());
            assertUnsupported("the special key space", () -> tr.getRange(special("/a"), special("/z")).asList().join());
            assertUnsupported("the special key space", () -> tr.watch(status).join());
        }
        try (Transaction tr = db.createTransaction()) {
            tr.options().setSpecialKeySpaceEnableWrites();
            tr.set(special("/management/options/excluded/x"), new byte[0]);
            assertUnsupported("the special key space", () -> tr.commit().join());
        }
    }
}

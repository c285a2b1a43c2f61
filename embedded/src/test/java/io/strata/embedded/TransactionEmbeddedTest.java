package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Database;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link TransactionContract} on the embedded engine; what it refuses (tenants...): {@link UnsupportedFeaturesTest}. */
class TransactionEmbeddedTest extends TransactionContract {
    @Override
    protected Database database() {
        return EmbeddedFdb.open();
    }

    @Test
    void theEngineIsOneShardAsAOneShardClusterReportsIt() {
        List<byte[]> all = boundaryKeys(new byte[0], new byte[] {(byte) 0xff});
        assertEquals(1, all.size());
        assertArrayEquals(new byte[0], all.get(0));
        assertEquals(List.of(), boundaryKeys(new byte[] {'a'}, new byte[] {'z'}), "no shard begins inside [a, z)");
    }
}

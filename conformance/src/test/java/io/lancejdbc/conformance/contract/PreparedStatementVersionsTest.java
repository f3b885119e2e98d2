package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.lance.TestDatasets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which dataset version a {@code PreparedStatement} reads (docs/jdbc-driver.md, "Transactions and consistency"):
 * each execution pins the latest version when it starts, so an execution after an append sees the new rows, and
 * a result opened before an append reads the version its execution pinned to the end. The same in every engine
 * mode (a remote server pins the version in the ticket of each execution, not in the prepared statement handle).
 */
@EngineContract
class PreparedStatementVersionsTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    Path warehouse;

    private Connection connect() throws SQLException {
        TestDatasets.create(warehouse.resolve("t.lance"), 0, 100, 50);
        Properties p = new Properties();
        // No latest-version cache: an append is visible to the next execution at once.
        p.setProperty("cache.latest_version.ttl_seconds", "0");
        return ENGINE.connect("jdbc:lance:" + warehouse, p);
    }

    private static long count(PreparedStatement ps, long from) throws SQLException {
        ps.setLong(1, from);
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void executionAfterAnAppendReadsTheNewVersion() throws Exception {
        try (Connection c = connect();
                PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM t WHERE id >= ?")) {
            assertEquals(60, count(ps, 40));
            TestDatasets.append(warehouse.resolve("t.lance"), 100, 50, 50);
            assertEquals(110, count(ps, 40));
        }
    }

    @Test
    void resultOpenedBeforeAnAppendReadsItsPinnedVersionToTheEnd() throws Exception {
        try (Connection c = connect();
                PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE id >= ? ORDER BY id")) {
            ps.setLong(1, 0);
            long rows = 0;
            try (ResultSet rs = ps.executeQuery()) {
                TestDatasets.append(warehouse.resolve("t.lance"), 100, 50, 50);
                while (rs.next()) {
                    assertEquals(rows, rs.getLong(1));
                    rows++;
                }
            }
            assertEquals(100, rows);
        }
    }
}

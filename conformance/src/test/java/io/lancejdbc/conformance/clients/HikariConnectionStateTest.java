package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The real HikariCP against what lance-jdbc's connection state calls now answer: an isolation level configured on the
 * pool is accepted with a warning (the connection reports TRANSACTION_NONE), network timeouts are "not supported"
 * (HikariCP's own probe falls back to {@code isValid}), and none of it evicts the connection: one physical connection
 * serves every borrow, also after the application asks for a network timeout through the pool.
 */
@ExtendWith(SharedDatasetsExtension.class)
class HikariConnectionStateTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static String url;

    @BeforeAll
    static void warehouse(SharedDatasets datasets) {
        url = "jdbc:lance:" + datasets.plainWarehouse().root();
    }

    @Test
    void onePhysicalConnectionServesEveryBorrowWhateverStateTheApplicationAsksFor() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setDataSource(ENGINE.dataSource(url));
        config.setPoolName("lance-state");
        config.setMinimumIdle(1);
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(10_000);
        config.setTransactionIsolation("TRANSACTION_REPEATABLE_READ");
        config.setAutoCommit(false);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            Connection physical;
            try (Connection c = pool.getConnection()) {
                physical = c.unwrap(Connection.class);
                assertEquals(Connection.TRANSACTION_NONE, physical.getTransactionIsolation());
                assertTrue(physical.getAutoCommit());
                SQLFeatureNotSupportedException timeout = assertThrows(SQLFeatureNotSupportedException.class,
                        c::getNetworkTimeout);
                assertEquals("HYC00", timeout.getSQLState());
                c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                c.setReadOnly(false);
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM numbers")) {
                    rs.next();
                    assertEquals(1000L, rs.getLong(1));
                }
                c.commit();
            }
            for (int i = 0; i < 3; i++) {
                try (Connection c = pool.getConnection()) {
                    assertSame(physical, c.unwrap(Connection.class), "borrow " + i + " reuses the connection");
                }
            }
            assertEquals(1, pool.getHikariPoolMXBean().getTotalConnections());
        }
    }
}

package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** LanceDataSource as pools configure it: URL plus bean-style properties. */
class LanceDataSourceTest {

    @Test
    void connectionsUseTheUrlAndProperties() throws SQLException {
        try (RootAllocator allocator = new RootAllocator()) {
            FixedBatchQueryEngine engine = new FixedBatchQueryEngine(allocator);
            try (LanceDataSource ds = new LanceDataSource(new LanceDriver(() -> engine))) {
                ds.setUrl("jdbc:lance:");
                ds.setWarehouse("/data/wh");
                ds.setProperty("scan.parallelism", "4");
                ds.setProperty("s3.secret_key", "topsecret");
                try (Connection c = ds.getConnection()) {
                    assertEquals("lance", c.getCatalog());
                }
                assertEquals("/data/wh", engine.openedWith.get(0).raw("warehouse"));
                assertEquals("4", engine.openedWith.get(0).raw("scan.parallelism"));
                assertEquals("LanceDataSource{jdbc:lance:}", ds.toString());
            }
        }
    }

    @Test
    void urlShownWithoutSecrets() {
        LanceDataSource ds = new LanceDataSource();
        ds.setUrl("jdbc:lance:s3://b/w?s3.secret_key=x");
        assertEquals("jdbc:lance:s3://b/w?s3.secret_key=****", ds.getUrl());
    }

    @Test
    void foreignUrlIsAConnectionError() {
        LanceDataSource ds = new LanceDataSource();
        ds.setUrl("jdbc:h2:mem:x");
        assertEquals("08001", assertThrows(SQLException.class, ds::getConnection).getSQLState());
    }
}

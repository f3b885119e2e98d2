package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A connection of a real {@link LanceDriver} over {@link FixedBatchQueryEngine}, for JDBC-layer contract tests.
 * After each test the connection is closed and the allocator must hold zero bytes: every batch the driver
 * received was released.
 */
abstract class FixedEngineTestBase {
    static final String URL = "jdbc:lance:/warehouse";
    RootAllocator allocator;
    FixedBatchQueryEngine engine;
    LanceDriver driver;
    Connection connection;

    @BeforeEach
    void openConnection() throws SQLException {
        allocator = new RootAllocator();
        engine = new FixedBatchQueryEngine(allocator);
        driver = new LanceDriver(() -> engine);
        connection = driver.connect(URL, new Properties());
    }

    @AfterEach
    void closeConnectionAndCheckMemory() throws SQLException {
        connection.close();
        driver.shutdown();
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory still held after the connection closed");
        assertEquals(0, engine.openResults, "engine results left open");
        allocator.close();
    }

    /** Registers one batch of {@code columns} under {@code sql}, runs it and moves to the first row. */
    ResultSet firstRow(String sql, ArrowColumns.Column... columns) throws SQLException {
        engine.rows(sql, ArrowColumns.schema(columns), ArrowColumns.batch(columns));
        ResultSet rs = connection.createStatement().executeQuery(sql);
        assertTrue(rs.next(), "expected a first row");
        return rs;
    }
}

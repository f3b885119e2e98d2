package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.sqlops.SqlOpsWarehouse;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code Statement.enquoteIdentifier} writes with {@code getIdentifierQuoteString()} (a backtick, doubled inside)
 * is what the parser reads: a table named {@code we`ird} listed by {@code getTables} is queried through its quoted
 * name.
 */
class BacktickIdentifierEndToEndTest {
    @TempDir
    static Path work;
    private static EmbeddedQueryEngine engine;
    private static LanceDriver driver;
    private static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        try (RootAllocator allocator = new RootAllocator()) {
            SqlOpsWarehouse.write(allocator, work.resolve("we`ird.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false), Types.field("v", Types.INT64, true))),
                    List.of(SqlOpsWarehouse.row(1L, 10L)));
        }
        engine = new EmbeddedQueryEngine();
        driver = new LanceDriver(() -> engine);
        connection = driver.connect("jdbc:lance:" + work, new Properties());
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        driver.shutdown();
    }

    @Test
    void theEnquotedNameOfAListedTableQueriesIt() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        assertEquals("`", md.getIdentifierQuoteString());
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, null, "we%", null)) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        assertEquals(List.of("we`ird"), tables);
        try (Statement st = connection.createStatement()) {
            String quoted = st.enquoteIdentifier("we`ird", false);
            assertEquals("`we``ird`", quoted);
            assertEquals("`v`", st.enquoteIdentifier("v", true));
            try (ResultSet rs = st.executeQuery("SELECT " + st.enquoteIdentifier("v", true) + " AS "
                    + st.enquoteIdentifier("a`b", true) + " FROM " + quoted)) {
                assertEquals("a`b", rs.getMetaData().getColumnLabel(1));
                rs.next();
                assertEquals(10L, rs.getLong(1));
            }
        }
        try (ResultSet rs = md.getColumns(null, null, "we`ird", "%")) {
            List<String> columns = new ArrayList<>();
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME"));
            }
            assertEquals(List.of("id", "v"), columns);
        }
    }
}

package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static io.lancejdbc.driver.jdbc.ArrowColumns.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.ResultFieldMetadata;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/** Forward-only navigation over several Arrow batches, memory release, and result set properties. */
class ResultSetNavigationTest extends FixedEngineTestBase {

    /** Three batches (2 rows, 0 rows, 1 row) of ids 1..3. */
    private ResultSet threeBatches() throws SQLException {
        engine.rows("q", schema(int64("id")), batch(int64("id", 1L, 2L)), batch(int64("id")),
                batch(int64("id", 3L)));
        return connection.createStatement().executeQuery("q");
    }

    private static List<Long> ids(ResultSet rs) throws SQLException {
        List<Long> out = new ArrayList<>();
        while (rs.next()) {
            out.add(rs.getLong(1));
        }
        return out;
    }

    @Test
    void rowsOfAllBatchesComeInOrderSkippingEmptyBatches() throws SQLException {
        assertEquals(List.of(1L, 2L, 3L), ids(threeBatches()));
    }

    @Test
    void eachBatchIsReleasedWhenTheCursorLeavesIt() throws SQLException {
        ResultSet rs = threeBatches();
        rs.next();
        long oneBatch = allocator.getAllocatedMemory();
        assertTrue(oneBatch > 0);
        rs.next();
        rs.next();
        assertEquals(3L, rs.getLong(1));
        assertTrue(allocator.getAllocatedMemory() <= oneBatch, "the first batch must be closed by now");
        assertFalse(rs.next());
        assertEquals(0, allocator.getAllocatedMemory());
        assertEquals(0, engine.openResults, "the engine result is closed once the rows are exhausted");
    }

    @Test
    void closingEarlyReleasesTheBatchAndTheEngineResult() throws SQLException {
        ResultSet rs = threeBatches();
        rs.next();
        rs.close();
        assertEquals(0, allocator.getAllocatedMemory());
        assertEquals(0, engine.openResults);
        assertTrue(rs.isClosed());
    }

    @Test
    void positionQueriesFollowTheCursor() throws SQLException {
        ResultSet rs = threeBatches();
        assertTrue(rs.isBeforeFirst());
        assertEquals(0, rs.getRow());
        rs.next();
        assertTrue(rs.isFirst());
        assertFalse(rs.isLast());
        assertEquals(1, rs.getRow());
        rs.next();
        assertFalse(rs.isLast(), "the third row is in a later batch");
        rs.next();
        assertTrue(rs.isLast());
        assertEquals(3L, rs.getLong(1), "looking ahead keeps the current row readable");
        assertFalse(rs.next());
        assertTrue(rs.isAfterLast());
        assertEquals(0, rs.getRow());
    }

    @Test
    void emptyResultIsNeitherBeforeFirstNorAfterLast() throws SQLException {
        engine.rows("q", schema(int64("id")));
        ResultSet rs = connection.createStatement().executeQuery("q");
        assertFalse(rs.isBeforeFirst());
        assertFalse(rs.next());
        assertFalse(rs.isAfterLast());
    }

    @Test
    void readingBeforeTheFirstRowFailsWith24000() throws SQLException {
        ResultSet rs = threeBatches();
        SQLException e = assertThrows(SQLException.class, () -> rs.getLong(1));
        assertEquals("24000", e.getSQLState());
        assertEquals("The cursor is before the first row; call next() first", e.getMessage());
    }

    @Test
    void readingAfterTheLastRowFailsWith24000() throws SQLException {
        ResultSet rs = threeBatches();
        ids(rs);
        assertEquals("24000", assertThrows(SQLException.class, () -> rs.getLong(1)).getSQLState());
    }

    @Test
    void badColumnIndexFailsWith07009() throws SQLException {
        ResultSet rs = threeBatches();
        rs.next();
        SQLException e = assertThrows(SQLException.class, () -> rs.getLong(2));
        assertEquals("07009", e.getSQLState());
        assertEquals("Column index 2 is out of range: the result has 1 columns (indexes start at 1)", e.getMessage());
    }

    @Test
    void columnLabelsMatchIgnoringCaseFirstColumnWinning() throws SQLException {
        ResultSet rs = firstRow("q", int64("Id", 1L), utf8("ID", "second"), utf8("name", "n"));
        assertEquals(1, rs.findColumn("Id"));
        assertEquals(2, rs.findColumn("ID"));
        assertEquals(1, rs.findColumn("id"));
        assertEquals("n", rs.getString("NAME"));
        SQLException e = assertThrows(SQLException.class, () -> rs.findColumn("missing"));
        assertEquals("Column 'missing' is not in the result (columns: Id, ID, name)", e.getMessage());
    }

    @Test
    void closedResultSetRejectsEveryCall() throws SQLException {
        ResultSet rs = threeBatches();
        rs.close();
        assertEquals("HY010", assertThrows(SQLException.class, rs::next).getSQLState());
        assertEquals("HY010", assertThrows(SQLException.class, () -> rs.getString(1)).getSQLState());
        assertEquals("HY010", assertThrows(SQLException.class, rs::getMetaData).getSQLState());
    }

    @Test
    void scrollingIsNotSupportedOnForwardOnlyResults() throws SQLException {
        ResultSet rs = threeBatches();
        assertThrows(SQLFeatureNotSupportedException.class, rs::previous);
        assertThrows(SQLFeatureNotSupportedException.class, () -> rs.absolute(1));
        assertThrows(SQLFeatureNotSupportedException.class, rs::beforeFirst);
    }

    @Test
    void updatesAreNotSupported() throws SQLException {
        ResultSet rs = threeBatches();
        rs.next();
        assertEquals("0A000", assertThrows(SQLFeatureNotSupportedException.class,
                () -> rs.updateLong(1, 5L)).getSQLState());
        assertThrows(SQLFeatureNotSupportedException.class, rs::insertRow);
    }

    @Test
    void propertiesDescribeAForwardOnlyReadOnlyResult() throws SQLException {
        Statement s = connection.createStatement();
        engine.rows("q", schema(int64("id")));
        ResultSet rs = s.executeQuery("q");
        assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
        assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
        assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, rs.getHoldability());
        assertEquals(ResultSet.FETCH_FORWARD, rs.getFetchDirection());
        assertSame(s, rs.getStatement());
        assertNull(rs.getWarnings());
    }

    @Test
    void maxRowsStopsTheCursorAcrossBatches() throws SQLException {
        engine.rows("q", schema(int64("id")), batch(int64("id", 1L, 2L)), batch(int64("id", 3L, 4L)));
        Statement s = connection.createStatement();
        s.setMaxRows(3);
        ResultSet rs = s.executeQuery("q");
        assertEquals(List.of(1L, 2L, 3L), ids(rs));
        assertEquals(3L, engine.lastExecution().options().maxRows(), "maxRows also goes to the engine");
    }

    @Test
    void metadataNamesTheSourceTableFromFieldMetadata() throws SQLException {
        ResultSet rs = firstRow("q",
                int64("item_id", 1L).withMetadata(Map.of(ResultFieldMetadata.SCHEMA_NAME, "shop",
                        ResultFieldMetadata.TABLE_NAME, "items", ResultFieldMetadata.COLUMN_NAME, "id")),
                int64("total", 2L).notNull());
        ResultSetMetaData md = rs.getMetaData();
        assertEquals("item_id", md.getColumnLabel(1));
        assertEquals("id", md.getColumnName(1));
        assertEquals("items", md.getTableName(1));
        assertEquals("shop", md.getSchemaName(1));
        assertEquals("lance", md.getCatalogName(1));
        assertEquals(ResultSetMetaData.columnNullable, md.isNullable(1));
        assertEquals("total", md.getColumnName(2));
        assertEquals("", md.getTableName(2));
        assertEquals("", md.getCatalogName(2));
        assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(2));
        assertTrue(md.isReadOnly(1));
        assertFalse(md.isWritable(1));
        assertFalse(md.isAutoIncrement(1));
        assertTrue(md.isSigned(1));
        assertEquals(20, md.getColumnDisplaySize(1));
    }

    @Test
    void arrowBatchesCanBeTakenWithoutConversion() throws SQLException {
        ResultSet rs = threeBatches();
        LanceResultSet lance = rs.unwrap(LanceResultSet.class);
        assertEquals("id", lance.getArrowSchema().getFields().get(0).getName());
        long rows = 0;
        VectorSchemaRoot root;
        while ((root = lance.nextArrowBatch()) != null) {
            try (VectorSchemaRoot owned = root) {
                rows += owned.getRowCount();
            }
        }
        assertEquals(3, rows);
        assertEquals(0, allocator.getAllocatedMemory());
        assertEquals("24000", assertThrows(SQLException.class, rs::next).getSQLState());
    }

    @Test
    void arrowBatchesHonourMaxRows() throws SQLException {
        engine.rows("q", schema(int64("id")), batch(int64("id", 1L, 2L, 3L)));
        Statement s = connection.createStatement();
        s.setMaxRows(2);
        LanceResultSet rs = s.executeQuery("q").unwrap(LanceResultSet.class);
        try (VectorSchemaRoot root = rs.nextArrowBatch()) {
            assertEquals(2, root.getRowCount());
        }
        assertNull(rs.nextArrowBatch());
    }

    @Test
    void arrowAccessAfterNextIsRefused() throws SQLException {
        ResultSet rs = threeBatches();
        rs.next();
        assertEquals("24000",
                assertThrows(SQLException.class, () -> rs.unwrap(LanceResultSet.class).nextArrowBatch()).getSQLState());
    }
}

package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replays the calls DBeaver's generic JDBC path makes (connect, dialect initialisation, navigator tree, data tab,
 * ping; see shared notes jdbc-clients.md §1.1) against the real engine and demo warehouse, with DBeaver's own SQL
 * shapes: backtick-quoted names, the {@code x} alias, {@code execute} + {@code getMoreResults} loop.
 */
@EngineContract
class DbeaverCallSequenceTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private Connection connection;

    @BeforeEach
    void connectLikeDbeaver() throws SQLException {
        Driver driver = ENGINE.driver();
        assertTrue(driver.acceptsURL(SharedDemoWarehouse.url()));
        assertEquals(EngineProperty.values().length, driver.getPropertyInfo(SharedDemoWarehouse.url(),
                new Properties()).length);
        connection = ENGINE.connect(SharedDemoWarehouse.url(), new Properties());
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        connection.setAutoCommit(true);
        assertTrue(connection.getAutoCommit());
        connection.setReadOnly(true);
        connection.setClientInfo("ApplicationName", "DBeaver 24.2");
    }

    @AfterEach
    void disconnect() throws SQLException {
        connection.close();
    }

    @Test
    void dialectInitialisationAnswersEveryCall() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        assertEquals("`", md.getIdentifierQuoteString());
        assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
        assertTrue(md.supportsCorrelatedSubqueries());
        assertFalse(md.supportsMixedCaseIdentifiers());
        assertTrue(md.storesMixedCaseQuotedIdentifiers());
        assertEquals("\\", md.getSearchStringEscape());
        assertEquals(".", md.getCatalogSeparator());
        assertTrue(md.supportsSchemasInDataManipulation());
        assertEquals("", md.getExtraNameCharacters());
        assertTrue(md.isCatalogAtStart());
        assertNotNull(md.getSQLKeywords());
        assertNotNull(md.getNumericFunctions());
        assertEquals("Lance", md.getDatabaseProductName());
        assertEquals("schema", md.getSchemaTerm());
        assertFalse(md.supportsTransactions());
        assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
    }

    @Test
    void navigatorTreeListsCatalogSchemasTablesColumnsKeysAndIndexes() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        try (ResultSet types = md.getTypeInfo()) {
            assertTrue(types.next());
        }
        String catalog = single(md.getCatalogs(), "TABLE_CAT").get(0);
        assertEquals("lance", catalog);
        List<String> schemas = new ArrayList<>();
        try (ResultSet rs = md.getSchemas(catalog, "%")) {
            while (rs.next()) {
                assertEquals(catalog, rs.getString("TABLE_CATALOG"), "schemas must carry the catalog of getCatalogs");
                schemas.add(rs.getString("TABLE_SCHEM"));
            }
        }
        assertEquals(List.of("analytics", "default"), schemas);
        assertEquals(List.of("TABLE"), single(md.getTableTypes(), "TABLE_TYPE"));
        assertEquals(List.of("daily_sales"), single(md.getTables(catalog, "analytics", "%", null), "TABLE_NAME"));
        assertEquals(List.of("id", "name", "category", "price", "embedding"),
                single(md.getColumns(catalog, "default", "items", "%"), "COLUMN_NAME"));
        assertEquals(List.of(), single(md.getPrimaryKeys(catalog, "default", "%"), "COLUMN_NAME"));
        assertEquals(List.of(), single(md.getImportedKeys(catalog, "default", "items"), "FKCOLUMN_NAME"));
        assertEquals(List.of("embedding_idx"), single(md.getIndexInfo(catalog, "default", "items", false, true),
                "INDEX_NAME"));
        assertEquals(List.of(), single(md.getFunctions(catalog, "default", "%"), "FUNCTION_NAME"));
        assertEquals(List.of(), single(md.getProcedures(catalog, "default", "%"), "PROCEDURE_NAME"));
    }

    private static List<String> single(ResultSet rs, String column) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(column));
            }
        }
        return out;
    }

    @Test
    void dataTabPagesWithMaxRowsAndTheExecuteLoop() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.setMaxRows(200);
            s.setFetchSize(200);
            s.setQueryTimeout(30);
            assertTrue(s.execute("SELECT x.* FROM `default`.`items` x WHERE x.`category` = 'books' ORDER BY x.`id` DESC"));
            int rows = 0;
            while (true) {
                ResultSet rs = s.getResultSet();
                if (rs != null) {
                    ResultSetMetaData md = rs.getMetaData();
                    assertEquals("items", md.getTableName(1));
                    assertEquals("id", md.getColumnLabel(1));
                    while (rs.next()) {
                        rows++;
                        rs.getObject(5);
                    }
                } else if (s.getUpdateCount() == -1) {
                    break;
                }
                s.getMoreResults();
            }
            assertEquals(200, rows);
        }
        try (PreparedStatement count = connection.prepareStatement("SELECT COUNT(*) FROM `default`.`items` x")) {
            try (ResultSet rs = count.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1200L, rs.getLong(1));
            }
        }
    }

    @Test
    void pingUsesIsValidAndTheFakeTableFallback() throws SQLException {
        assertFalse(connection.isClosed());
        assertTrue(connection.isValid(5));
        assertEquals(List.of(), single(connection.getMetaData().getTables(null, null, "DBEAVERFAKETABLENAMEFORPING",
                null), "TABLE_NAME"));
    }
}

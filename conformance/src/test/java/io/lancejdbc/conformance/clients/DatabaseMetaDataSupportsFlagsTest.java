package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code DatabaseMetaData.supports*} flag that names SQL is true to behaviour: a table of flag → statement
 * over the demo warehouse, where the statement must run (and read all its rows) when the flag says true, and must
 * fail with an SQLException when it says false — never with 0A000, on which pools evict the connection. Tools
 * (DBeaver's dialect, Hibernate, jOOQ) generate SQL from these answers.
 */
@EngineContract
class DatabaseMetaDataSupportsFlagsTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private Connection connection;

    @FunctionalInterface
    interface Flag {
        boolean read(DatabaseMetaData md) throws SQLException;
    }

    private static Arguments flag(String name, Flag flag, String sql) {
        return Arguments.of(name, flag, sql);
    }

    static Stream<Arguments> flags() {
        return Stream.of(
                flag("supportsLikeEscapeClause", DatabaseMetaData::supportsLikeEscapeClause,
                        "SELECT count(*) FROM numbers WHERE label LIKE 'n!_%' ESCAPE '!'"),
                flag("supportsColumnAliasing", DatabaseMetaData::supportsColumnAliasing,
                        "SELECT id AS k FROM numbers ORDER BY k LIMIT 3"),
                flag("supportsConvert", DatabaseMetaData::supportsConvert,
                        "SELECT {fn CONVERT(id, SQL_VARCHAR)} FROM numbers LIMIT 3"),
                flag("supportsTableCorrelationNames", DatabaseMetaData::supportsTableCorrelationNames,
                        "SELECT n.id FROM numbers n LIMIT 3"),
                flag("supportsExpressionsInOrderBy", DatabaseMetaData::supportsExpressionsInOrderBy,
                        "SELECT id FROM numbers ORDER BY id % 7, id LIMIT 3"),
                flag("supportsOrderByUnrelated", DatabaseMetaData::supportsOrderByUnrelated,
                        "SELECT label FROM numbers ORDER BY id LIMIT 3"),
                flag("supportsGroupBy", DatabaseMetaData::supportsGroupBy,
                        "SELECT label, count(*) FROM numbers GROUP BY label"),
                flag("supportsGroupByUnrelated", DatabaseMetaData::supportsGroupByUnrelated,
                        "SELECT count(*) FROM numbers GROUP BY label"),
                flag("supportsGroupByBeyondSelect", DatabaseMetaData::supportsGroupByBeyondSelect,
                        "SELECT label, count(*) FROM numbers GROUP BY label, even"),
                flag("supportsOuterJoins", DatabaseMetaData::supportsOuterJoins,
                        "SELECT count(*) FROM numbers a LEFT JOIN items b ON a.id = b.id"),
                flag("supportsFullOuterJoins", DatabaseMetaData::supportsFullOuterJoins,
                        "SELECT count(*) FROM numbers a FULL OUTER JOIN items b ON a.id = b.id"),
                flag("supportsLimitedOuterJoins", DatabaseMetaData::supportsLimitedOuterJoins,
                        "SELECT count(*) FROM numbers a RIGHT JOIN items b ON a.id = b.id"),
                flag("supportsSchemasInDataManipulation", DatabaseMetaData::supportsSchemasInDataManipulation,
                        "SELECT count(*) FROM analytics.daily_sales"),
                flag("supportsSubqueriesInComparisons", DatabaseMetaData::supportsSubqueriesInComparisons,
                        "SELECT id FROM numbers WHERE id = (SELECT max(id) FROM numbers)"),
                flag("supportsSubqueriesInExists", DatabaseMetaData::supportsSubqueriesInExists,
                        "SELECT count(*) FROM items WHERE EXISTS (SELECT 1 FROM numbers WHERE numbers.id = 5)"),
                flag("supportsSubqueriesInIns", DatabaseMetaData::supportsSubqueriesInIns,
                        "SELECT count(*) FROM items WHERE id IN (SELECT id FROM numbers WHERE id < 10)"),
                flag("supportsSubqueriesInQuantifieds", DatabaseMetaData::supportsSubqueriesInQuantifieds,
                        "SELECT count(*) FROM items WHERE id > ALL (SELECT id FROM numbers WHERE id < 10)"),
                flag("supportsCorrelatedSubqueries", DatabaseMetaData::supportsCorrelatedSubqueries,
                        "SELECT count(*) FROM items i WHERE EXISTS (SELECT 1 FROM numbers n WHERE n.id = i.id)"),
                flag("supportsUnion", DatabaseMetaData::supportsUnion,
                        "SELECT id FROM numbers WHERE id < 3 UNION SELECT id FROM items WHERE id < 3"),
                flag("supportsUnionAll", DatabaseMetaData::supportsUnionAll,
                        "SELECT id FROM numbers WHERE id < 3 UNION ALL SELECT id FROM items WHERE id < 3"),
                flag("supportsSelectForUpdate", DatabaseMetaData::supportsSelectForUpdate,
                        "SELECT id FROM numbers WHERE id < 3 FOR UPDATE"),
                flag("supportsPositionedDelete", DatabaseMetaData::supportsPositionedDelete,
                        "DELETE FROM numbers WHERE CURRENT OF c"),
                flag("supportsPositionedUpdate", DatabaseMetaData::supportsPositionedUpdate,
                        "UPDATE numbers SET x = 0 WHERE CURRENT OF c"),
                flag("supportsStoredProcedures", DatabaseMetaData::supportsStoredProcedures, "CALL p()"),
                flag("supportsAlterTableWithAddColumn", DatabaseMetaData::supportsAlterTableWithAddColumn,
                        "ALTER TABLE numbers ADD COLUMN y INT"),
                flag("supportsAlterTableWithDropColumn", DatabaseMetaData::supportsAlterTableWithDropColumn,
                        "ALTER TABLE numbers DROP COLUMN x"),
                flag("supportsSchemasInTableDefinitions", DatabaseMetaData::supportsSchemasInTableDefinitions,
                        "CREATE TABLE analytics.t (a INT)"),
                flag("supportsMixedCaseIdentifiers (false: unquoted names match in any case)",
                        md -> !md.supportsMixedCaseIdentifiers(), "SELECT ID FROM NUMBERS WHERE Id < 3"),
                flag("supportsMixedCaseQuotedIdentifiers (false: quoted names match in any case)",
                        md -> !md.supportsMixedCaseQuotedIdentifiers(), "SELECT `ID` FROM `Numbers` WHERE `iD` < 3"),
                flag("supportsDifferentTableCorrelationNames (false: an alias may repeat the table name)",
                        md -> !md.supportsDifferentTableCorrelationNames(),
                        "SELECT numbers.id FROM numbers numbers LIMIT 3"));
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect(SharedDemoWarehouse.url());
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private int runToTheEnd(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            if (!s.execute(sql)) {
                return 0;
            }
            int rows = 0;
            try (ResultSet rs = s.getResultSet()) {
                while (rs.next()) {
                    rs.getObject(1);
                    rows++;
                }
            }
            return rows;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flags")
    void theFlagTellsWhetherItsSqlRuns(String name, Flag flag, String sql) throws SQLException {
        if (flag.read(connection.getMetaData())) {
            assertTrue(runToTheEnd(sql) > 0, name + ": " + sql + " returns rows");
        } else {
            SQLException e = assertThrows(SQLException.class, () -> runToTheEnd(sql), name + ": " + sql);
            assertNotEquals("0A000", e.getSQLState(), e.getMessage());
            assertTrue(e.getSQLState().startsWith("42") || e.getSQLState().equals("25006"),
                    name + ": " + e.getSQLState() + " " + e.getMessage());
        }
    }

    @Test
    void likeEscapeMakesTheWildcardLiteral() throws SQLException {
        assertEquals(0, count("SELECT count(*) FROM numbers WHERE label LIKE 'n!%' ESCAPE '!'"), "no label is 'n%'");
        assertEquals(10_000, count("SELECT count(*) FROM numbers WHERE label LIKE 'n%'"));
        assertEquals(1_000, count("SELECT count(*) FROM numbers WHERE label LIKE 'n!_' ESCAPE '!' OR label = 'n1'"
                + " OR label LIKE 'n1!%' ESCAPE '!'"), "only label = 'n1' matches");
    }

    private long count(String sql) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void holdabilityFlagsMatchWhatTheConnectionKeeps() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        List<Integer> supported = new ArrayList<>();
        for (int h : new int[] {ResultSet.HOLD_CURSORS_OVER_COMMIT, ResultSet.CLOSE_CURSORS_AT_COMMIT}) {
            connection.setHoldability(h);
            if (connection.getHoldability() == h) {
                supported.add(h);
            }
            assertEquals(connection.getHoldability() == h, md.supportsResultSetHoldability(h),
                    "supportsResultSetHoldability(" + h + ")");
        }
        assertEquals(List.of(ResultSet.HOLD_CURSORS_OVER_COMMIT), supported);
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM numbers")) {
            rs.next();
            connection.commit();
            assertTrue(md.supportsOpenCursorsAcrossCommit());
            assertTrue(rs.next(), "the cursor stays open across commit");
            connection.rollback();
            assertTrue(md.supportsOpenCursorsAcrossRollback());
            assertTrue(rs.next(), "the cursor stays open across rollback");
        }
    }
}

package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.NumbersTable;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.WarehouseLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLSyntaxErrorException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Spring's {@link JdbcTemplate} over a HikariCP pool of lance-jdbc connections, on the plain fixture warehouse
 * ({@code numbers}: 1000 rows, values by {@link NumbersTable}; {@code analytics.events}: 300 rows). The pool is
 * started and closed in each test; the engine's Arrow memory is checked after each.
 */
@ExtendWith(SharedDatasetsExtension.class)
@EngineContract
class SpringJdbcTemplateOverHikariTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static String url;

    /** One row of {@code numbers} mapped by a Spring row mapper. */
    record NumbersRow(long id, String category, BigDecimal amount, LocalDate d) {
    }

    @BeforeAll
    static void warehouse(SharedDatasets datasets) {
        WarehouseLayout warehouse = datasets.plainWarehouse();
        url = "jdbc:lance:" + warehouse.root();
    }

    private static HikariDataSource pool(String schema) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(ENGINE.dataSource(url));
        config.setPoolName("lance-conformance");
        config.setMinimumIdle(1);
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(10_000);
        config.setReadOnly(true);
        if (schema != null) {
            config.setSchema(schema);
        }
        return new HikariDataSource(config);
    }

    @Test
    void queryForObjectCountsTheTable() {
        try (HikariDataSource pool = pool(null)) {
            assertEquals(1000L, new JdbcTemplate(pool).queryForObject("SELECT count(*) FROM numbers", Long.class));
        }
    }

    @Test
    void rowMapperReadsTypedValuesWithAPreparedParameter() {
        try (HikariDataSource pool = pool(null)) {
            List<NumbersRow> got = new JdbcTemplate(pool).query(
                    "SELECT id, category, amount, d FROM numbers WHERE id BETWEEN ? AND ? ORDER BY id",
                    (rs, i) -> new NumbersRow(rs.getLong("id"), rs.getString("category"),
                            rs.getBigDecimal("amount"), rs.getObject("d", LocalDate.class)),
                    11L, 14L);
            List<NumbersRow> expected = LongStream.rangeClosed(11, 14).mapToObj(id -> new NumbersRow(id,
                    (String) NumbersTable.value("category", id), (BigDecimal) NumbersTable.value("amount", id),
                    (LocalDate) NumbersTable.value("d", id))).toList();
            assertEquals(expected, got);
        }
    }

    @Test
    void queryForListUsesColumnLabels() {
        try (HikariDataSource pool = pool(null)) {
            List<Map<String, Object>> rows = new JdbcTemplate(pool).queryForList(
                    "SELECT id AS n, i32 * 2 AS twice FROM numbers WHERE id IN (1, 2) ORDER BY n");
            assertEquals(List.of(
                    Map.of("n", 1L, "twice", 2L * (Integer) NumbersTable.value("i32", 1)),
                    Map.of("n", 2L, "twice", 2L * (Integer) NumbersTable.value("i32", 2))), rows);
        }
    }

    @Test
    void namedParametersBindThroughPreparedStatements() {
        try (HikariDataSource pool = pool(null)) {
            Long count = new NamedParameterJdbcTemplate(pool).queryForObject(
                    "SELECT count(*) FROM numbers WHERE category = :category AND id < :limit",
                    Map.of("category", "beta", "limit", 100L), Long.class);
            long expected = LongStream.range(0, 100).filter(id -> "beta".equals(NumbersTable.value("category", id)))
                    .count();
            assertEquals(expected, count);
        }
    }

    @Test
    void maxRowsLimitsTheRowsRead() {
        try (HikariDataSource pool = pool(null)) {
            JdbcTemplate template = new JdbcTemplate(pool);
            template.setMaxRows(5);
            template.setFetchSize(2);
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L),
                    template.queryForList("SELECT id FROM numbers ORDER BY id", Long.class));
        }
    }

    @Test
    void theSchemaOfThePoolIsTheDefaultForUnqualifiedNames() {
        try (HikariDataSource pool = pool("analytics")) {
            assertEquals(300L, new JdbcTemplate(pool).queryForObject("SELECT count(*) FROM events", Long.class));
        }
    }

    @Test
    void anUnknownTableBecomesBadSqlGrammarException() {
        try (HikariDataSource pool = pool(null)) {
            DataAccessException e = assertThrows(DataAccessException.class,
                    () -> new JdbcTemplate(pool).queryForObject("SELECT count(*) FROM nope", Long.class));
            BadSqlGrammarException grammar = assertInstanceOf(BadSqlGrammarException.class, e);
            assertEquals("42S02", grammar.getSQLException().getSQLState());
            assertInstanceOf(SQLSyntaxErrorException.class, grammar.getSQLException());
        }
    }

    @Test
    void pooledConnectionsAreReadOnlyValidAndReused() throws Exception {
        try (HikariDataSource pool = pool(null)) {
            Connection first;
            try (Connection c = pool.getConnection()) {
                assertTrue(c.isReadOnly());
                assertTrue(c.isValid(2));
                first = c.unwrap(Connection.class);
            }
            try (Connection c = pool.getConnection()) {
                assertEquals(first, c.unwrap(Connection.class), "the pool hands out its idle connection again");
            }
            assertEquals(0, pool.getHikariPoolMXBean().getActiveConnections());
        }
    }

    /** What users configure: the driver class name and a URL (DriverManager's registered driver and its engine). */
    @Test
    void driverClassNameAndJdbcUrlConfigureAPool() {
        HikariConfig config = new HikariConfig();
        config.setDriverClassName("io.lancejdbc.driver.jdbc.LanceDriver");
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(1);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            assertEquals(20L, new JdbcTemplate(pool).queryForObject("SELECT count(*) FROM analytics.metrics",
                    Long.class));
        }
    }
}

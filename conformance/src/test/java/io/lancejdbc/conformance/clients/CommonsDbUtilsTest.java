package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.NumbersTable;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.commons.dbutils.BasicRowProcessor;
import org.apache.commons.dbutils.GenerousBeanProcessor;
import org.apache.commons.dbutils.QueryRunner;
import org.apache.commons.dbutils.handlers.BeanListHandler;
import org.apache.commons.dbutils.handlers.ColumnListHandler;
import org.apache.commons.dbutils.handlers.MapListHandler;
import org.apache.commons.dbutils.handlers.ScalarHandler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Apache Commons DbUtils' {@link QueryRunner} on lance-jdbc connections (plain fixture warehouse). The runner checks
 * {@code getParameterMetaData().getParameterCount()} against the arguments and asks {@code getParameterType} for
 * NULL arguments, so parameter metadata must be right.
 */
@ExtendWith(SharedDatasetsExtension.class)
@EngineContract
class CommonsDbUtilsTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static String url;

    /** A JavaBean for {@link BeanListHandler} (DbUtils maps columns to setters). */
    public static final class Event {
        private long id;
        private String category;
        private BigDecimal amount;

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getCategory() {
            return category;
        }

        public void setCategory(String category) {
            this.category = category;
        }

        public BigDecimal getAmount() {
            return amount;
        }

        public void setAmount(BigDecimal amount) {
            this.amount = amount;
        }
    }

    @BeforeAll
    static void warehouse(SharedDatasets datasets) {
        url = "jdbc:lance:" + datasets.plainWarehouse().root();
    }

    @Test
    void scalarHandlerReadsACountWithAParameter() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Long count = new QueryRunner().query(c, "SELECT count(*) FROM numbers WHERE id >= ?",
                    new ScalarHandler<Long>(), 990L);
            assertEquals(10L, count);
        }
    }

    @Test
    void aNullArgumentIsBoundWithTheParameterTypeTheDriverReports() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Long count = new QueryRunner().query(c,
                    "SELECT count(*) FROM numbers WHERE category = ? OR (? IS NULL AND id < 7)",
                    new ScalarHandler<Long>(), "gamma", null);
            long expected = LongStream.range(0, 1000)
                    .filter(id -> "gamma".equals(NumbersTable.value("category", id)) || id < 7).count();
            assertEquals(expected, count);
        }
    }

    @Test
    void mapListHandlerKeysRowsByColumnLabel() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            List<Map<String, Object>> rows = new QueryRunner().query(c,
                    "SELECT id, flag AS even FROM numbers WHERE id IN (20, 21) ORDER BY id", new MapListHandler());
            assertEquals(List.of(Map.of("id", 20L, "even", NumbersTable.value("flag", 20)),
                    Map.of("id", 21L, "even", NumbersTable.value("flag", 21))), rows);
        }
    }

    @Test
    void beanListHandlerFillsBeansFromColumns() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            List<Event> events = new QueryRunner().query(c,
                    "SELECT id, category, amount FROM analytics.events WHERE id < ? ORDER BY id",
                    new BeanListHandler<>(Event.class, new BasicRowProcessor(new GenerousBeanProcessor())), 3L);
            assertEquals(List.of(0L, 1L, 2L), events.stream().map(Event::getId).toList());
            for (Event e : events) {
                assertEquals(NumbersTable.value("category", e.getId()), e.getCategory());
                assertEquals(NumbersTable.value("amount", e.getId()), e.getAmount());
            }
        }
    }

    @Test
    void columnListHandlerReadsOneColumn() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            List<Long> ids = new QueryRunner().query(c, "SELECT id FROM analytics.metrics ORDER BY id DESC",
                    new ColumnListHandler<Long>(1));
            assertEquals(LongStream.iterate(19, i -> i >= 0, i -> i - 1).boxed().toList(), ids);
        }
    }

    @Test
    void tooManyArgumentsAreRejectedByTheParameterCount() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            SQLException e = assertThrows(SQLException.class, () -> new QueryRunner().query(c,
                    "SELECT id FROM numbers WHERE id = ?", new ScalarHandler<Long>(), 1L, 2L));
            assertTrue(e.getMessage().contains("Wrong number of parameters: expected 1, was given 2"), e.getMessage());
        }
    }

    /** DbUtils rethrows a plain SQLException with the driver's state, the driver's exception chained next. */
    @Test
    void syntaxErrorsKeepTheirStateAndTheDriversExceptionChained() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            SQLException e = assertThrows(SQLException.class,
                    () -> new QueryRunner().query(c, "SELEC id FROM numbers", new ScalarHandler<Long>()));
            assertEquals("42000", e.getSQLState());
            assertEquals(SQLSyntaxErrorException.class, e.getNextException().getClass());
        }
    }
}

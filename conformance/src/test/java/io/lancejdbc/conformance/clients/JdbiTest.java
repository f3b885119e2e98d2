package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.exec.testing.NumbersTable;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.math.BigDecimal;
import java.sql.SQLSyntaxErrorException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;
import org.jdbi.v3.core.statement.UnableToCreateStatementException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * JDBI 3 over a lance-jdbc data source (plain fixture warehouse): named parameters, records mapped by constructor
 * from column labels, JSR-310 columns, optional results and error wrapping.
 */
@ExtendWith(SharedDatasetsExtension.class)
@EngineContract
class JdbiTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static String url;

    /** A row of {@code numbers}, mapped by JDBI from the column labels. */
    public record NumberRow(long id, Integer i32, LocalDate d, LocalDateTime ts, BigDecimal amount) {
    }

    @BeforeAll
    static void warehouse(SharedDatasets datasets) {
        url = "jdbc:lance:" + datasets.plainWarehouse().root();
    }

    private static Jdbi jdbi() {
        LanceDataSource ds = ENGINE.dataSource(url);
        Jdbi jdbi = Jdbi.create(ds);
        jdbi.registerRowMapper(ConstructorMapper.factory(NumberRow.class));
        return jdbi;
    }

    @Test
    void namedParametersAndConstructorMappedRecords() {
        List<NumberRow> rows = jdbi().withHandle(h -> h.createQuery(
                "SELECT id, i32, d, ts, amount FROM numbers WHERE id >= :from AND id < :to ORDER BY id")
                .bind("from", 40L).bind("to", 45L).mapTo(NumberRow.class).list());
        List<NumberRow> expected = LongStream.range(40, 45).mapToObj(id -> new NumberRow(id,
                (Integer) NumbersTable.value("i32", id), (LocalDate) NumbersTable.value("d", id),
                (LocalDateTime) NumbersTable.value("ts", id), (BigDecimal) NumbersTable.value("amount", id)))
                .toList();
        assertEquals(expected, rows);
    }

    @Test
    void mapToMapUsesLowerCasedLabels() {
        Map<String, Object> row = jdbi().withHandle(h -> h.createQuery(
                "SELECT count(*) AS N, max(id) AS top FROM analytics.events").mapToMap().one());
        assertEquals(Map.of("n", 300L, "top", 299L), row);
    }

    @Test
    void findOneIsEmptyWhenNothingMatches() {
        Optional<Long> none = jdbi().withHandle(h -> h.createQuery("SELECT id FROM numbers WHERE id < :min")
                .bind("min", 0L).mapTo(Long.class).findOne());
        assertEquals(Optional.empty(), none);
    }

    @Test
    void listParametersExpandIntoInLists() {
        List<String> categories = jdbi().withHandle(h -> h.createQuery(
                "SELECT category FROM numbers WHERE id IN (<ids>) ORDER BY id")
                .bindList("ids", List.of(1L, 2L, 3L)).mapTo(String.class).list());
        assertEquals(List.of(NumbersTable.value("category", 1), NumbersTable.value("category", 2),
                NumbersTable.value("category", 3)), categories);
    }

    /** The driver plans a statement when it is prepared, so JDBI reports an unknown column while creating it. */
    @Test
    void engineErrorsArriveWrappedWithTheirSqlException() {
        UnableToCreateStatementException e = assertThrows(UnableToCreateStatementException.class,
                () -> jdbi().withHandle(h -> h.createQuery("SELECT missing FROM numbers").mapToMap().list()));
        SQLSyntaxErrorException cause = assertInstanceOf(SQLSyntaxErrorException.class, e.getCause());
        assertEquals("42S22", cause.getSQLState());
    }
}

package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import javax.sql.DataSource;
import org.apache.commons.dbutils.QueryRunner;
import org.apache.commons.dbutils.handlers.ScalarHandler;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The case of issue 14 through the real clients, in each forked JVM zone (UTC, America/Los_Angeles, Asia/Kolkata):
 * {@code WHERE ts < ?} on the demo's {@code events.ts} (TIMESTAMP WITH TIME ZONE) with the instant
 * 2024-06-01T03:00:00Z counts the 9 events before it (ids 100..111 without the deleted debug events 103, 107, 111)
 * however the client binds it: Spring's JdbcTemplate (setTimestamp / setObject of java.util.Date / Instant), MyBatis
 * (its Date and Instant type handlers), Commons DbUtils ({@code setObject}) and JDBI ({@code bind(Instant)},
 * {@code bind(Timestamp)}).
 */
@Tag("jvm-zone")
class TimestampParametersThroughClientsTest {
    private static final String SQL = "SELECT count(*) FROM events WHERE ts < ?";
    private static final Instant PROBE = Instant.parse("2024-06-01T03:00:00Z");
    private static final long BEFORE_PROBE = 9;

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static DataSource dataSource() {
        return ENGINE.dataSource(SharedDemoWarehouse.url());
    }

    @Test
    void springJdbcTemplate() {
        JdbcTemplate template = new JdbcTemplate(dataSource());
        assertEquals(BEFORE_PROBE, template.queryForObject(SQL, Long.class, Timestamp.from(PROBE)));
        assertEquals(BEFORE_PROBE, template.queryForObject(SQL, Long.class, java.util.Date.from(PROBE)));
        assertEquals(BEFORE_PROBE, template.queryForObject(SQL, Long.class, PROBE));
        assertEquals(BEFORE_PROBE, template.queryForObject(SQL, Long.class,
                OffsetDateTime.ofInstant(PROBE, ZoneOffset.ofHours(-7))));
    }

    /** A MyBatis mapper: java.util.Date goes through DateTypeHandler, Instant through InstantTypeHandler. */
    public interface EventCounts {
        @Select("SELECT count(*) FROM events WHERE ts < #{before}")
        long before(@Param("before") java.util.Date before);

        @Select("SELECT count(*) FROM events WHERE ts < #{before}")
        long beforeInstant(@Param("before") Instant before);

        @Select("SELECT count(*) FROM events WHERE ts < #{before}")
        long beforeTimestamp(@Param("before") Timestamp before);
    }

    @Test
    void myBatisMapper() {
        Configuration configuration = new Configuration(
                new Environment("lance", new JdbcTransactionFactory(), dataSource()));
        configuration.addMapper(EventCounts.class);
        SqlSessionFactory factory = new SqlSessionFactoryBuilder().build(configuration);
        try (SqlSession session = factory.openSession()) {
            EventCounts counts = session.getMapper(EventCounts.class);
            assertEquals(BEFORE_PROBE, counts.before(java.util.Date.from(PROBE)));
            assertEquals(BEFORE_PROBE, counts.beforeInstant(PROBE));
            assertEquals(BEFORE_PROBE, counts.beforeTimestamp(Timestamp.from(PROBE)));
        }
    }

    @Test
    void commonsDbUtils() throws SQLException {
        QueryRunner runner = new QueryRunner(dataSource());
        ScalarHandler<Long> count = new ScalarHandler<>();
        assertEquals(BEFORE_PROBE, runner.query(SQL, count, Timestamp.from(PROBE)));
        assertEquals(BEFORE_PROBE, runner.query(SQL, count, java.util.Date.from(PROBE)));
        try (Connection c = dataSource().getConnection()) {
            assertEquals(BEFORE_PROBE, new QueryRunner().query(c, SQL, count, PROBE));
        }
    }

    @Test
    void jdbiBindInstantAndTimestamp() {
        Jdbi jdbi = Jdbi.create(dataSource());
        String named = "SELECT count(*) FROM events WHERE ts < :t";
        long byInstant = jdbi.withHandle(h -> h.createQuery(named).bind("t", PROBE).mapTo(Long.class).one());
        long byTimestamp = jdbi.withHandle(h -> h.createQuery(named).bind("t", Timestamp.from(PROBE))
                .mapTo(Long.class).one());
        long byDate = jdbi.withHandle(h -> h.createQuery(named).bind("t", java.util.Date.from(PROBE))
                .mapTo(Long.class).one());
        assertEquals(BEFORE_PROBE, byInstant);
        assertEquals(BEFORE_PROBE, byTimestamp);
        assertEquals(BEFORE_PROBE, byDate);
    }
}

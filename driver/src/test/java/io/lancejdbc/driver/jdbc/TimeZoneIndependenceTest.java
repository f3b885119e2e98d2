package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.dateDay;
import static io.lancejdbc.driver.jdbc.ArrowColumns.time;
import static io.lancejdbc.driver.jdbc.ArrowColumns.timestamp;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JDBC 4.2 date/time semantics hold under any JVM default time zone: naive values keep their wall clock
 * ({@code getTimestamp().toLocalDateTime()} is the stored value), a Calendar places them in its zone, and zoned
 * values keep their instant whatever zone or Calendar is used.
 */
class TimeZoneIndependenceTest extends FixedEngineTestBase {
    private static final LocalDateTime WALL = LocalDateTime.of(2024, 3, 10, 1, 2, 3, 123_456_000);
    private static final long WALL_MICROS = WALL.toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000L + 123_456;
    private static final Instant INSTANT = Instant.parse("2024-03-10T01:02:03.123456Z");
    private TimeZone original;

    @BeforeEach
    void rememberZone() {
        original = TimeZone.getDefault();
    }

    @AfterEach
    void restoreZone() {
        TimeZone.setDefault(original);
    }

    private static Calendar calendar(String zone) {
        return new GregorianCalendar(TimeZone.getTimeZone(zone));
    }

    private ResultSet row() throws SQLException {
        return firstRow("q",
                timestamp("naive", TimeUnit.MICROSECOND, null, WALL_MICROS),
                timestamp("zoned", TimeUnit.MICROSECOND, "UTC", WALL_MICROS),
                dateDay("day", (int) LocalDate.of(2024, 3, 10).toEpochDay()),
                time("clock", TimeUnit.MILLISECOND, 3_723_123L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Apia", "America/St_Johns",
        "Europe/London"})
    void naiveTimestampKeepsItsWallClock(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals(WALL, rs.getTimestamp("naive").toLocalDateTime());
        assertEquals(WALL, rs.getObject("naive", LocalDateTime.class));
        assertEquals("2024-03-10 01:02:03.123456", rs.getString("naive"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Apia"})
    void calendarPlacesNaiveTimestampInItsZone(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals(INSTANT, rs.getTimestamp("naive", calendar("UTC")).toInstant());
        assertEquals(Instant.parse("2024-03-09T16:02:03.123456Z"),
                rs.getTimestamp("naive", calendar("Asia/Tokyo")).toInstant());
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Apia"})
    void zonedTimestampKeepsItsInstant(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals(INSTANT, rs.getTimestamp("zoned").toInstant());
        assertEquals(INSTANT, rs.getTimestamp("zoned", calendar("Asia/Tokyo")).toInstant());
        assertEquals(INSTANT, rs.getObject("zoned", Instant.class));
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Apia", "America/St_Johns"})
    void dateKeepsItsDay(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals(LocalDate.of(2024, 3, 10), rs.getDate("day").toLocalDate());
        assertEquals("2024-03-10", rs.getDate("day").toString());
        assertEquals(Instant.parse("2024-03-10T00:00:00Z").toEpochMilli(), rs.getDate("day", calendar("UTC")).getTime());
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "America/New_York", "Asia/Kolkata", "Europe/London"})
    void timeKeepsItsClockAndMilliseconds(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals("01:02:03", rs.getTime("clock").toString());
        assertEquals(LocalTime.of(1, 2, 3, 123_000_000), rs.getObject("clock", LocalTime.class));
        assertEquals(3_723_123L, rs.getTime("clock", calendar("UTC")).getTime());
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "Asia/Kolkata", "America/New_York"})
    void dateOfZonedTimestampIsMidnightOfTheCalendarsDay(String zone) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        ResultSet rs = row();
        assertEquals(Instant.parse("2024-03-10T00:00:00Z").toEpochMilli(),
                rs.getDate("zoned", calendar("UTC")).getTime());
        assertEquals(Instant.parse("2024-03-09T08:00:00Z").toEpochMilli(),
                rs.getDate("zoned", calendar("America/Los_Angeles")).getTime());
    }
}

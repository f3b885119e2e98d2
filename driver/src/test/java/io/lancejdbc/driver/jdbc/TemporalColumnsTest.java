package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.dateDay;
import static io.lancejdbc.driver.jdbc.ArrowColumns.dateMilli;
import static io.lancejdbc.driver.jdbc.ArrowColumns.time;
import static io.lancejdbc.driver.jdbc.ArrowColumns.timestamp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.ZoneId;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * date, time and timestamp columns: classes, precision per unit, nanosecond truncation (the manual keeps
 * microseconds) and rendering. Behaviour under other JVM time zones is in {@link TimeZoneIndependenceTest}.
 */
class TemporalColumnsTest extends FixedEngineTestBase {
    /** 2024-03-10T01:02:03.123456789Z in nanoseconds. */
    private static final long NANOS = Instant.parse("2024-03-10T01:02:03.123456789Z").getEpochSecond() * 1_000_000_000L
            + 123_456_789L;

    @Test
    void date32IsDateReadAsLocalDate() throws SQLException {
        ResultSet rs = firstRow("q", dateDay("v", (int) LocalDate.of(1969, 12, 31).toEpochDay()));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.DATE, md.getColumnType(1));
        assertEquals("java.time.LocalDate", md.getColumnClassName(1));
        assertEquals(10, md.getPrecision(1));
        assertEquals(LocalDate.of(1969, 12, 31), rs.getObject(1));
        assertEquals("1969-12-31", rs.getString(1));
        assertEquals(LocalDateTime.of(1969, 12, 31, 0, 0), rs.getObject(1, LocalDateTime.class));
    }

    @Test
    void date64IsTheDayItFallsIn() throws SQLException {
        long millis = LocalDate.of(2000, 1, 2).toEpochDay() * 86_400_000L;
        ResultSet rs = firstRow("q", dateMilli("v", millis));
        assertEquals(Types.DATE, rs.getMetaData().getColumnType(1));
        assertEquals(LocalDate.of(2000, 1, 2), rs.getObject(1));
    }

    @Test
    void time32SecondsIsTimeWithoutFraction() throws SQLException {
        ResultSet rs = firstRow("q", time("v", TimeUnit.SECOND, 3723L));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.TIME, md.getColumnType(1));
        assertEquals(8, md.getPrecision(1));
        assertEquals(0, md.getScale(1));
        assertEquals(LocalTime.of(1, 2, 3), rs.getObject(1));
        assertEquals("01:02:03", rs.getString(1));
    }

    @Test
    void time32MillisHasThreeFractionDigits() throws SQLException {
        ResultSet rs = firstRow("q", time("v", TimeUnit.MILLISECOND, 3_723_500L));
        assertEquals(3, rs.getMetaData().getScale(1));
        assertEquals(LocalTime.of(1, 2, 3, 500_000_000), rs.getObject(1));
        assertEquals("01:02:03.500", rs.getString(1));
    }

    @Test
    void time64MicrosHasSixFractionDigits() throws SQLException {
        ResultSet rs = firstRow("q", time("v", TimeUnit.MICROSECOND, 3_723_000_001L));
        assertEquals(6, rs.getMetaData().getScale(1));
        assertEquals(15, rs.getMetaData().getPrecision(1));
        assertEquals("01:02:03.000001", rs.getString(1));
    }

    @Test
    void time64NanosIsTruncatedToMicros() throws SQLException {
        ResultSet rs = firstRow("q", time("v", TimeUnit.NANOSECOND, 3_723_000_001_999L));
        assertEquals(6, rs.getMetaData().getScale(1));
        assertEquals(LocalTime.of(1, 2, 3, 1_000), rs.getObject(1));
    }

    @Test
    void timeOutsideOneDayFailsWith22007() throws SQLException {
        ResultSet rs = firstRow("q", time("v", TimeUnit.SECOND, 90_000L));
        assertEquals("22007", assertThrows(SQLException.class, () -> rs.getObject(1)).getSQLState());
    }

    @Test
    void naiveTimestampIsTimestampReadAsLocalDateTime() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MICROSECOND, null, NANOS / 1000));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.TIMESTAMP, md.getColumnType(1));
        assertEquals("TIMESTAMP", md.getColumnTypeName(1));
        assertEquals(26, md.getPrecision(1));
        assertEquals(6, md.getScale(1));
        assertEquals("java.time.LocalDateTime", md.getColumnClassName(1));
        assertEquals(LocalDateTime.of(2024, 3, 10, 1, 2, 3, 123_456_000), rs.getObject(1));
        assertEquals("2024-03-10 01:02:03.123456", rs.getString(1));
    }

    @Test
    void naiveTimestampInSecondsHasNoFraction() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.SECOND, null, NANOS / 1_000_000_000L));
        assertEquals(19, rs.getMetaData().getPrecision(1));
        assertEquals(0, rs.getMetaData().getScale(1));
        assertEquals("2024-03-10 01:02:03", rs.getString(1));
    }

    @Test
    void naiveTimestampInMillisHasThreeDigits() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MILLISECOND, null, NANOS / 1_000_000L));
        assertEquals(3, rs.getMetaData().getScale(1));
        assertEquals("2024-03-10 01:02:03.123", rs.getString(1));
    }

    @Test
    void naiveTimestampInNanosIsTruncatedToMicros() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.NANOSECOND, null, NANOS));
        assertEquals(6, rs.getMetaData().getScale(1));
        assertEquals(LocalDateTime.of(2024, 3, 10, 1, 2, 3, 123_456_000), rs.getObject(1));
    }

    @Test
    void timestampBefore1970KeepsItsFraction() throws SQLException {
        long micros = -1L;
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MICROSECOND, null, micros));
        assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), rs.getObject(1));
        assertEquals("1969-12-31 23:59:59.999999", rs.getString(1));
    }

    @Test
    void naiveTimestampHasNoInstant() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MICROSECOND, null, 0L));
        assertEquals("07006", assertThrows(SQLException.class, () -> rs.getObject(1, Instant.class)).getSQLState());
        assertEquals("07006",
                assertThrows(SQLException.class, () -> rs.getObject(1, OffsetDateTime.class)).getSQLState());
    }

    @Test
    void zonedTimestampIsTimestampWithTimeZoneReadAsOffsetDateTime() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MICROSECOND, "UTC", NANOS / 1000));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, md.getColumnType(1));
        assertEquals("TIMESTAMP WITH TIME ZONE", md.getColumnTypeName(1));
        assertEquals("java.time.OffsetDateTime", md.getColumnClassName(1));
        assertEquals(OffsetDateTime.of(2024, 3, 10, 1, 2, 3, 123_456_000, ZoneOffset.UTC), rs.getObject(1));
        assertEquals(Instant.parse("2024-03-10T01:02:03.123456Z"), rs.getObject(1, Instant.class));
        assertEquals("2024-03-10 01:02:03.123456+00:00", rs.getString(1));
    }

    @Test
    void zonedTimestampShowsTheWallClockOfItsZone() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.SECOND, "America/New_York",
                Instant.parse("2024-07-01T12:00:00Z").getEpochSecond()));
        assertEquals(OffsetDateTime.of(2024, 7, 1, 8, 0, 0, 0, ZoneOffset.ofHours(-4)), rs.getObject(1));
        assertEquals(ZonedDateTime.of(2024, 7, 1, 8, 0, 0, 0, ZoneId.of("America/New_York")),
                rs.getObject(1, ZonedDateTime.class));
        // zone-less renderings of an instant use the JVM zone, as getTimestamp(1).toLocalDateTime() does
        assertEquals(LocalDateTime.ofInstant(Instant.parse("2024-07-01T12:00:00Z"), ZoneId.systemDefault()),
                rs.getObject(1, LocalDateTime.class));
        assertEquals(rs.getTimestamp(1).toLocalDateTime(), rs.getObject(1, LocalDateTime.class));
        assertEquals("2024-07-01 08:00:00-04:00", rs.getString(1));
    }

    @Test
    void fixedOffsetZoneIsHonoured() throws SQLException {
        ResultSet rs = firstRow("q", timestamp("v", TimeUnit.MILLISECOND, "+05:30", 0L));
        assertEquals(OffsetDateTime.of(1970, 1, 1, 5, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)), rs.getObject(1));
        assertEquals("1970-01-01 05:30:00.000+05:30", rs.getString(1));
    }
}

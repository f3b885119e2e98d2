package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.SqlExceptions;
import io.lancejdbc.driver.jdbc.TemporalConversions;
import io.lancejdbc.driver.jdbc.TemporalText;
import io.lancejdbc.engine.SqlState;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Every Arrow timestamp vector. Nanoseconds are truncated to microseconds (the manual's DATETIME(6)).
 *
 * <ul>
 *   <li>Without a zone → TIMESTAMP read as {@link LocalDateTime}: a wall-clock value that {@code getTimestamp}
 *       places in the Calendar's zone, or the JVM default zone without one.
 *   <li>With a zone → TIMESTAMP WITH TIME ZONE read as {@link OffsetDateTime} in the vector's zone; an instant, so
 *       {@code getTimestamp} ignores the Calendar and {@code getObject(i, Instant.class)} works. {@code getObject()},
 *       {@code OffsetDateTime}, {@code ZonedDateTime} and {@code getString} show the wall clock of the vector's zone
 *       with its offset; the zone-less renderings ({@code getObject(i, LocalDateTime/LocalDate/LocalTime.class)},
 *       {@code getTimestamp(i).toLocalDateTime()}, {@code getDate}, {@code getTime}) all show the instant in the JVM
 *       default zone (the Calendar's zone where one is given), as pgjdbc does with its session zone.
 * </ul>
 */
public final class TimestampAccessor extends ArrowAccessor {
    private final ArrowBuf data;
    private final TimeUnit unit;
    /** Null for naive timestamps. */
    private final ZoneId zone;

    TimestampAccessor(TimeStampVector vector, String column) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        this.data = vector.getDataBuffer();
        ArrowType.Timestamp arrowType = (ArrowType.Timestamp) vector.getField().getType();
        this.unit = arrowType.getUnit();
        this.zone = arrowType.getTimezone() == null ? null : zoneOf(arrowType.getTimezone());
    }

    /** Arrow zone strings are IANA names or fixed offsets; one Java cannot read is shown as UTC. */
    private static ZoneId zoneOf(String name) {
        try {
            return ZoneId.of(name);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private Instant instant(int row) throws SQLException {
        long v = TimeStampVector.get(data, row);
        try {
            switch (unit) {
                case SECOND:
                    return Instant.ofEpochSecond(v);
                case MILLISECOND:
                    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000L), Math.floorMod(v, 1_000L) * 1_000_000L);
                case MICROSECOND:
                    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L), Math.floorMod(v, 1_000_000L) * 1_000L);
                default:
                    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000_000L),
                            Math.floorMod(v, 1_000_000_000L) / 1_000L * 1_000L);
            }
        } catch (DateTimeException | ArithmeticException e) {
            throw SqlExceptions.of(SqlState.INVALID_DATETIME,
                    "Value " + v + " (" + unit + ") of column '" + column + "' is outside the supported time range", e);
        }
    }

    /**
     * A naive value's stored wall clock; a zoned value's instant rendered in the JVM default zone (read at the call),
     * so that {@code getObject(i, LocalDateTime.class)} equals {@code getTimestamp(i).toLocalDateTime()} and agrees
     * with {@code getDate}/{@code getTime} (docs/jdbc-driver.md, "Date/time").
     */
    @Override
    public LocalDateTime getLocalDateTime(int row) throws SQLException {
        return LocalDateTime.ofInstant(instant(row), zone == null ? ZoneOffset.UTC : ZoneId.systemDefault());
    }

    @Override
    public LocalDate getLocalDate(int row) throws SQLException {
        return getLocalDateTime(row).toLocalDate();
    }

    @Override
    public LocalTime getLocalTime(int row) throws SQLException {
        return getLocalDateTime(row).toLocalTime();
    }

    @Override
    public OffsetDateTime getOffsetDateTime(int row) throws SQLException {
        if (zone == null) {
            throw conversion("OffsetDateTime (a TIMESTAMP without time zone has no offset; read LocalDateTime)");
        }
        return OffsetDateTime.ofInstant(instant(row), zone);
    }

    @Override
    public ZonedDateTime getZonedDateTime(int row) throws SQLException {
        if (zone == null) {
            throw conversion("ZonedDateTime (a TIMESTAMP without time zone has no zone; read LocalDateTime)");
        }
        return ZonedDateTime.ofInstant(instant(row), zone);
    }

    @Override
    public Instant getInstant(int row) throws SQLException {
        if (zone == null) {
            throw conversion("Instant (a TIMESTAMP without time zone is not an instant; read LocalDateTime)");
        }
        return instant(row);
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        if (zone == null) {
            return TemporalConversions.toSqlTimestamp(getLocalDateTime(row), calendar);
        }
        return Timestamp.from(instant(row));
    }

    @Override
    public java.sql.Date getDate(int row, Calendar calendar) throws SQLException {
        if (zone == null) {
            return TemporalConversions.toSqlDate(getLocalDate(row), calendar);
        }
        return TemporalConversions.toSqlDate(inZoneOf(row, calendar).toLocalDate(), calendar);
    }

    @Override
    public Time getTime(int row, Calendar calendar) throws SQLException {
        if (zone == null) {
            return TemporalConversions.toSqlTime(getLocalTime(row), calendar);
        }
        return TemporalConversions.toSqlTime(inZoneOf(row, calendar).toLocalTime(), calendar);
    }

    /** A zoned value's wall clock in the calendar's zone (JVM zone without one). */
    private LocalDateTime inZoneOf(int row, Calendar calendar) throws SQLException {
        ZoneId target = calendar == null ? ZoneId.systemDefault() : calendar.getTimeZone().toZoneId();
        return LocalDateTime.ofInstant(instant(row), target);
    }

    @Override
    public Object getObject(int row) throws SQLException {
        return zone == null ? getLocalDateTime(row) : getOffsetDateTime(row);
    }

    @Override
    public String getString(int row) throws SQLException {
        if (zone == null) {
            return TemporalText.dateTime(getLocalDateTime(row), type.scale());
        }
        OffsetDateTime value = getOffsetDateTime(row);
        return TemporalText.dateTime(value.toLocalDateTime(), value.getOffset(), type.scale());
    }
}

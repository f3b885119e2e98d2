package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.SqlExceptions;
import io.lancejdbc.driver.jdbc.TemporalText;
import io.lancejdbc.engine.SqlState;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;

/**
 * time32(s|ms) and time64(us|ns) → TIME read as {@link LocalTime}; nanoseconds are truncated to microseconds
 * (the manual's TIME(6)). A value outside one day fails with 22007.
 */
public final class TimeAccessor extends ArrowAccessor {
    private final ArrowBuf data;
    private final Unit unit;

    private enum Unit { SECOND, MILLI, MICRO, NANO }

    private TimeAccessor(FieldVector vector, String column, Unit unit) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        this.data = vector.getDataBuffer();
        this.unit = unit;
    }

    public static TimeAccessor of(TimeSecVector vector, String column) {
        return new TimeAccessor(vector, column, Unit.SECOND);
    }

    public static TimeAccessor of(TimeMilliVector vector, String column) {
        return new TimeAccessor(vector, column, Unit.MILLI);
    }

    public static TimeAccessor of(TimeMicroVector vector, String column) {
        return new TimeAccessor(vector, column, Unit.MICRO);
    }

    public static TimeAccessor of(TimeNanoVector vector, String column) {
        return new TimeAccessor(vector, column, Unit.NANO);
    }

    private long nanoOfDay(int row) {
        switch (unit) {
            case SECOND:
                return TimeSecVector.get(data, row) * 1_000_000_000L;
            case MILLI:
                return TimeMilliVector.get(data, row) * 1_000_000L;
            case MICRO:
                return TimeMicroVector.get(data, row) * 1_000L;
            default:
                return TimeNanoVector.get(data, row) / 1_000L * 1_000L;
        }
    }

    @Override
    public LocalTime getLocalTime(int row) throws SQLException {
        long nanos = nanoOfDay(row);
        try {
            return LocalTime.ofNanoOfDay(nanos);
        } catch (DateTimeException e) {
            throw SqlExceptions.of(SqlState.INVALID_DATETIME,
                    "Value " + nanos + " ns of TIME column '" + column + "' is not a time of day", e);
        }
    }

    /** A time as a timestamp is that time on 1970-01-01, as {@code java.sql.Time} defines it. */
    @Override
    public LocalDateTime getLocalDateTime(int row) throws SQLException {
        return LocalDate.EPOCH.atTime(getLocalTime(row));
    }

    @Override
    public Object getObject(int row) throws SQLException {
        return getLocalTime(row);
    }

    @Override
    public String getString(int row) throws SQLException {
        return TemporalText.time(getLocalTime(row), type.scale());
    }
}

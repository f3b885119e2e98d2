package io.lancejdbc.driver.jdbc;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Calendar;

/**
 * Conversions between the {@code java.time} values the engine works with and the legacy {@code java.sql}
 * date/time classes, following JDBC 4.2: a value without a zone is a wall-clock reading that is placed in the
 * {@link Calendar}'s zone when one is given, else in the JVM default zone at the moment of the call (never a
 * cached zone, so {@code TimeZone.setDefault} is honoured).
 */
public final class TemporalConversions {
    private TemporalConversions() {
    }

    private static ZoneId zone(Calendar calendar) {
        return calendar == null ? ZoneId.systemDefault() : calendar.getTimeZone().toZoneId();
    }

    /** Midnight of {@code date} in the calendar's zone. */
    public static Date toSqlDate(LocalDate date, Calendar calendar) {
        if (calendar == null) {
            return Date.valueOf(date);
        }
        return new Date(date.atStartOfDay(zone(calendar)).toInstant().toEpochMilli());
    }

    /** {@code time} on 1970-01-01 in the calendar's zone, keeping milliseconds (Time.valueOf would drop them). */
    public static Time toSqlTime(LocalTime time, Calendar calendar) {
        return new Time(LocalDate.EPOCH.atTime(time).atZone(zone(calendar)).toInstant().toEpochMilli());
    }

    /** {@code dateTime} read in the calendar's zone; nanoseconds are kept. */
    public static Timestamp toSqlTimestamp(LocalDateTime dateTime, Calendar calendar) {
        if (calendar == null) {
            return Timestamp.valueOf(dateTime);
        }
        return Timestamp.from(dateTime.atZone(zone(calendar)).toInstant());
    }

    /** The calendar date a {@code java.sql.Date} shows in the calendar's zone. */
    public static LocalDate fromSqlDate(Date date, Calendar calendar) {
        if (calendar == null) {
            return date.toLocalDate();
        }
        return Instant.ofEpochMilli(date.getTime()).atZone(zone(calendar)).toLocalDate();
    }

    /** The wall-clock time a {@code java.sql.Time} shows in the calendar's zone, with milliseconds. */
    public static LocalTime fromSqlTime(Time time, Calendar calendar) {
        return Instant.ofEpochMilli(time.getTime()).atZone(zone(calendar)).toLocalTime();
    }

    /** The wall-clock date-time a {@code Timestamp} shows in the calendar's zone, with nanoseconds. */
    public static LocalDateTime fromSqlTimestamp(Timestamp timestamp, Calendar calendar) {
        if (calendar == null) {
            return timestamp.toLocalDateTime();
        }
        return LocalDateTime.ofInstant(timestamp.toInstant(), zone(calendar));
    }
}

package io.lancejdbc.driver.jdbc;

import io.lancejdbc.driver.jdbc.accessor.ColumnAccessor;
import io.lancejdbc.engine.types.FloatText;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Reads numbers, booleans and date/time values out of text for the getters of VARCHAR columns: surrounding
 * blanks are ignored, dates and times are ISO-8601 with a space or {@code T} between date and time. Text that does
 * not parse fails with 22018, a number too large for the getter with 22003.
 */
public final class TextConversions {
    private TextConversions() {
    }

    public static long toLong(String text, ColumnAccessor column) throws SQLException {
        String s = text.trim();
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException notAnInteger) {
            BigDecimal d = toBigDecimal(s, column);
            try {
                return d.setScale(0, RoundingMode.DOWN).longValueExact();
            } catch (ArithmeticException e) {
                throw column.outOfRange(s, "long");
            }
        }
    }

    /** A number, or inf/infinity/nan in any case, as {@code CAST(text AS DOUBLE)} reads it ({@link FloatText#parse}). */
    public static double toDouble(String text, ColumnAccessor column) throws SQLException {
        try {
            return FloatText.parse(text);
        } catch (NumberFormatException e) {
            throw column.unparsable(text, "double");
        }
    }

    public static BigDecimal toBigDecimal(String text, ColumnAccessor column) throws SQLException {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw column.unparsable(text, "number");
        }
    }

    /** true/t/yes/y/1 and false/f/no/n/0, any case. */
    public static boolean toBoolean(String text, ColumnAccessor column) throws SQLException {
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true":
            case "t":
            case "yes":
            case "y":
            case "1":
                return true;
            case "false":
            case "f":
            case "no":
            case "n":
            case "0":
                return false;
            default:
                throw column.unparsable(text, "boolean");
        }
    }

    public static LocalDate toLocalDate(String text, ColumnAccessor column) throws SQLException {
        String s = text.trim();
        try {
            return s.length() > 10 ? toLocalDateTime(s, column).toLocalDate() : LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw column.unparsable(text, "date (yyyy-MM-dd)");
        }
    }

    public static LocalTime toLocalTime(String text, ColumnAccessor column) throws SQLException {
        try {
            return LocalTime.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw column.unparsable(text, "time (HH:mm:ss[.fraction])");
        }
    }

    public static LocalDateTime toLocalDateTime(String text, ColumnAccessor column) throws SQLException {
        String s = text.trim();
        try {
            if (s.length() == 10) {
                return LocalDate.parse(s).atStartOfDay();
            }
            return LocalDateTime.parse(s.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            throw column.unparsable(text, "timestamp (yyyy-MM-dd HH:mm:ss[.fraction])");
        }
    }

    public static OffsetDateTime toOffsetDateTime(String text, ColumnAccessor column) throws SQLException {
        try {
            return OffsetDateTime.parse(text.trim().replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            throw column.unparsable(text, "timestamp with offset (yyyy-MM-dd HH:mm:ss[.fraction]+HH:MM)");
        }
    }
}

package io.lancejdbc.conformance.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Locale;

/**
 * A logical value of {@link DiffTables} (see {@code ArrowLogicalValues}) written as an SQL literal of its column's
 * type, in lance-jdbc's dialect and in DuckDB's. Both literals denote exactly the stored value: floats as a cast from
 * their round-tripping text, zoned timestamps as a cast of their UTC reading with {@code +00:00}.
 */
final class SqlLiterals {
    private SqlLiterals() {
    }

    /** The literal in lance-jdbc's dialect. */
    static String ours(Object v) {
        if (v instanceof byte[] b) {
            return "X'" + HexFormat.of().withUpperCase().formatHex(b) + "'";
        }
        return common(v);
    }

    /** The literal in DuckDB's dialect. */
    static String duck(Object v) {
        if (v instanceof byte[] b) {
            StringBuilder sb = new StringBuilder("'");
            for (byte x : b) {
                sb.append(String.format(Locale.ROOT, "\\x%02X", x & 0xFF));
            }
            return sb.append("'::BLOB").toString();
        }
        return common(v);
    }

    private static String common(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long
                || v instanceof BigInteger) {
            return v.toString();
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof Double d) {
            // The JDK's text of a double always reads back as the same double (it may not be the shortest).
            return "CAST('" + d + "' AS DOUBLE)";
        }
        if (v instanceof Float f) {
            return "CAST('" + f + "' AS REAL)";
        }
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (v instanceof LocalDateTime t) {
            return "TIMESTAMP '" + timestampText(t) + "'";
        }
        if (v instanceof LocalTime t) {
            return "TIME '" + timeText(t) + "'";
        }
        if (v instanceof Instant i) {
            return "CAST('" + timestampText(LocalDateTime.ofInstant(i, ZoneOffset.UTC)) + "+00:00' AS TIMESTAMPTZ)";
        }
        throw new IllegalArgumentException("No SQL literal for " + v.getClass().getName() + ": " + v);
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.fraction]} (the fraction without trailing zeros, at most 9 digits). */
    static String timestampText(LocalDateTime t) {
        return t.toLocalDate() + " " + timeText(t.toLocalTime());
    }

    /** {@code HH:mm:ss[.fraction]} (the fraction without trailing zeros, at most 9 digits). */
    static String timeText(LocalTime t) {
        String hms = String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return hms;
        }
        String fraction = String.format(Locale.ROOT, "%09d", t.getNano());
        int end = fraction.length();
        while (fraction.charAt(end - 1) == '0') {
            end--;
        }
        return hms + "." + fraction.substring(0, end);
    }
}

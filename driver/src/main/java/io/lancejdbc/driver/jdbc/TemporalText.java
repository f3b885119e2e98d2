package io.lancejdbc.driver.jdbc;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * {@code getString} of date/time values: {@code yyyy-MM-dd HH:mm:ss} followed by exactly as many fractional digits
 * as the column's precision (TIME(3) prints {@code 10:00:00.500}, TIMESTAMP(6) {@code ...00.500000}), and
 * {@code +HH:MM} for zoned timestamps, as Doris prints DATETIME(p) and TIMESTAMPTZ.
 */
public final class TemporalText {
    private static final int[] POWERS = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000};

    private TemporalText() {
    }

    public static String time(LocalTime time, int fractionDigits) {
        StringBuilder out = new StringBuilder(16);
        appendTime(out, time, fractionDigits);
        return out.toString();
    }

    public static String dateTime(LocalDateTime dateTime, int fractionDigits) {
        StringBuilder out = new StringBuilder(32);
        out.append(dateTime.toLocalDate()).append(' ');
        appendTime(out, dateTime.toLocalTime(), fractionDigits);
        return out.toString();
    }

    public static String dateTime(LocalDateTime dateTime, ZoneOffset offset, int fractionDigits) {
        StringBuilder out = new StringBuilder(dateTime(dateTime, fractionDigits));
        int seconds = offset.getTotalSeconds();
        out.append(seconds < 0 ? '-' : '+');
        seconds = Math.abs(seconds);
        pad2(out, seconds / 3600);
        out.append(':');
        pad2(out, seconds / 60 % 60);
        return out.toString();
    }

    private static void appendTime(StringBuilder out, LocalTime time, int fractionDigits) {
        pad2(out, time.getHour());
        out.append(':');
        pad2(out, time.getMinute());
        out.append(':');
        pad2(out, time.getSecond());
        if (fractionDigits > 0) {
            out.append('.');
            String fraction = Integer.toString(time.getNano() / POWERS[9 - fractionDigits]);
            for (int i = fraction.length(); i < fractionDigits; i++) {
                out.append('0');
            }
            out.append(fraction);
        }
    }

    private static void pad2(StringBuilder out, int value) {
        if (value < 10) {
            out.append('0');
        }
        out.append(value);
    }
}

package io.lancejdbc.driver.shell;

import java.io.PrintStream;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a result set as a text table, streaming: column widths come from the first {@value #SAMPLE_ROWS} rows,
 * later rows are printed as they arrive (a wider value widens only its own line). Numbers are right-aligned, NULL
 * prints as {@code NULL}, control characters are escaped so that every row stays on one line.
 */
final class ResultTable {
    static final int SAMPLE_ROWS = 1000;
    private static final int MAX_WIDTH = 120;

    private ResultTable() {
    }

    /** @return the number of rows printed */
    static long print(ResultSet rs, PrintStream out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        String[] labels = new String[n];
        boolean[] right = new boolean[n];
        int[] widths = new int[n];
        for (int i = 0; i < n; i++) {
            labels[i] = md.getColumnLabel(i + 1);
            right[i] = isNumeric(md.getColumnType(i + 1));
            widths[i] = labels[i].length();
        }
        List<String[]> sample = new ArrayList<>();
        boolean more = true;
        while (sample.size() < SAMPLE_ROWS && (more = rs.next())) {
            String[] row = row(rs, n);
            for (int i = 0; i < n; i++) {
                widths[i] = Math.min(MAX_WIDTH, Math.max(widths[i], row[i].length()));
            }
            sample.add(row);
        }
        String rule = rule(widths);
        out.println(rule);
        out.println(line(labels, widths, new boolean[n]));
        out.println(rule);
        long count = 0;
        for (String[] row : sample) {
            out.println(line(row, widths, right));
            count++;
        }
        while (more && rs.next()) {
            out.println(line(row(rs, n), widths, right));
            count++;
        }
        out.println(rule);
        return count;
    }

    private static boolean isNumeric(int type) {
        switch (type) {
            case Types.TINYINT:
            case Types.SMALLINT:
            case Types.INTEGER:
            case Types.BIGINT:
            case Types.REAL:
            case Types.FLOAT:
            case Types.DOUBLE:
            case Types.DECIMAL:
            case Types.NUMERIC:
                return true;
            default:
                return false;
        }
    }

    private static String[] row(ResultSet rs, int n) throws SQLException {
        String[] row = new String[n];
        for (int i = 0; i < n; i++) {
            String v = rs.getString(i + 1);
            row[i] = v == null ? "NULL" : escape(v);
        }
        return row;
    }

    private static String escape(String v) {
        StringBuilder out = null;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 0x20) {
                if (out == null) {
                    out = new StringBuilder(v.substring(0, i));
                }
                out.append(c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? v : out.toString();
    }

    private static String rule(int[] widths) {
        StringBuilder sb = new StringBuilder("+");
        for (int w : widths) {
            sb.append("-".repeat(w + 2)).append('+');
        }
        return sb.toString();
    }

    private static String line(String[] values, int[] widths, boolean[] right) {
        StringBuilder sb = new StringBuilder("|");
        for (int i = 0; i < values.length; i++) {
            String v = values[i];
            String pad = " ".repeat(Math.max(0, widths[i] - v.length()));
            sb.append(' ').append(right[i] ? pad + v : v + pad).append(" |");
        }
        return sb.toString();
    }
}

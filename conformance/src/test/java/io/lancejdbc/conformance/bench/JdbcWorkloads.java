package io.lancejdbc.conformance.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Our side: statements through the JDBC driver, every value read with the typed {@code ResultSet} getter a JDBC
 * application uses ({@code getLong}, {@code getDouble}, {@code getString}, {@code getInt}).
 */
final class JdbcWorkloads {
    private final Connection connection;

    JdbcWorkloads(Connection connection) {
        this.connection = connection;
    }

    String scan(String sql) throws SQLException {
        ScanChecksum sum = new ScanChecksum();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                sum.rows++;
                sum.idSum += rs.getLong(1);
                double f = rs.getDouble(2);
                if (rs.wasNull()) {
                    sum.nulls++;
                } else {
                    sum.f64Sum += f;
                }
                String s = rs.getString(3);
                if (s == null) {
                    sum.nulls++;
                } else {
                    sum.textChars += s.length();
                }
                int i = rs.getInt(4);
                if (rs.wasNull()) {
                    sum.nulls++;
                } else {
                    sum.i32Sum += i;
                }
            }
        }
        return sum.toString();
    }

    /**
     * The Lance filter our driver pushes for {@code sql}, from its EXPLAIN, so that lance-core is given the very
     * same filter string.
     *
     * @throws IllegalStateException when the plan keeps a residual FILTER or pushes nothing
     */
    String pushedFilter(String sql) throws SQLException {
        String pushed = null;
        List<String> plan = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                String line = rs.getString(1).trim();
                plan.add(line);
                if (line.startsWith("FILTER")) {
                    throw new IllegalStateException("the benchmark filter must be fully pushed, but the plan keeps a"
                            + " residual FILTER:\n" + String.join("\n", plan));
                }
                if (line.startsWith("lancePushdownPredicate=")) {
                    pushed = line.substring("lancePushdownPredicate=".length());
                }
            }
        }
        if (pushed == null) {
            throw new IllegalStateException("no pushed predicate in the plan:\n" + String.join("\n", plan));
        }
        return pushed;
    }

    String groupBy() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(BenchmarkQueries.groupBy(BenchmarkTable.NAME))) {
            while (rs.next()) {
                rows.add(GroupRows.format(rs.getString(1), rs.getLong(2), rs.getDouble(3), rs.getDouble(4),
                        rs.getLong(5), rs.getLong(6)));
            }
        }
        return GroupRows.fingerprint(rows);
    }

    /** The Top-K rows in their order, as {@code id|f64} lines. */
    String topK() throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(BenchmarkQueries.topK(BenchmarkTable.NAME))) {
            while (rs.next()) {
                out.append(rs.getLong(1)).append('|').append(rs.getDouble(2)).append('\n');
            }
        }
        return out.toString();
    }
}

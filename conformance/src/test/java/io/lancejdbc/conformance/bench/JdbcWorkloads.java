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
}

package io.lancejdbc.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The smallest useful program: open a warehouse, list its tables, run a query with a parameter.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp lance-jdbc-0.1.0.jar:examples.jar \
 *     io.lancejdbc.examples.QuickStart /path/to/warehouse
 * </pre>
 *
 * (With the demo warehouse: run {@code java -jar lance-jdbc-0.1.0.jar "SHOW TABLES"} once; it creates
 * {@code ./lance-demo-warehouse}.)
 */
public final class QuickStart {
    private QuickStart() {
    }

    public static void main(String[] args) throws SQLException {
        String warehouse = args.length > 0 ? args[0] : "lance-demo-warehouse";
        String url = "jdbc:lance:" + java.nio.file.Path.of(warehouse).toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW TABLES")) {
                while (rs.next()) {
                    System.out.println("table: " + rs.getString(1));
                }
            }
            String sql = "SELECT category, count(*) AS n, avg(price) AS avg_price FROM items"
                    + " WHERE price > ? GROUP BY category ORDER BY category";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setDouble(1, 20.0);
                try (ResultSet rs = ps.executeQuery()) {
                    print(rs);
                }
            }
        }
    }

    static void print(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        StringBuilder header = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            header.append(i > 1 ? "\t" : "").append(md.getColumnLabel(i));
        }
        System.out.println(header);
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                row.append(i > 1 ? "\t" : "").append(rs.getString(i));
            }
            System.out.println(row);
        }
    }
}

package io.lancejdbc.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Nearest neighbours with {@code vector_search(...)}: the query vector is a {@code ?} parameter bound to a
 * {@code float[]}; the result joins like any table (here filtered and ordered by distance).
 */
public final class VectorSearchExample {
    private VectorSearchExample() {
    }

    public static void main(String[] args) throws SQLException {
        String warehouse = args.length > 0 ? args[0] : "lance-demo-warehouse";
        String url = "jdbc:lance:" + java.nio.file.Path.of(warehouse).toAbsolutePath();
        String sql = "SELECT id, name, category, _distance FROM vector_search("
                + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = ?, \"top_k\" = \"5\")"
                + " ORDER BY _distance, id";
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, new float[] {1, 0, 0, 0, 0, 0, 0, 0});
            try (ResultSet rs = ps.executeQuery()) {
                QuickStart.print(rs);
            }
        }
    }
}

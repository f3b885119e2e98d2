package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code query_vector} parameter bound as a JSON-array string ({@code setString}), the form clients without a
 * {@code float[]} binding use (jOOQ, MyBatis without a type handler; docs/getting-started.md), finds the same rows as
 * the same vector bound as {@code float[]}, on the real demo warehouse.
 */
class QueryVectorTextParameterTest {
    private static final String SQL = "SELECT id FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\", "
            + "\"query_vector\" = ?, \"top_k\" = \"5\") ORDER BY _distance, id";
    private static final float[] VECTOR = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f};

    private static List<Long> ids(PreparedStatement ps) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    @Test
    void jsonArrayStringFindsTheSameRowsAsAFloatArray() throws SQLException {
        try (Connection c = DriverManager.getConnection(SharedDemoWarehouse.url());
                PreparedStatement ps = c.prepareStatement(SQL)) {
            ps.setObject(1, VECTOR);
            List<Long> fromArray = ids(ps);
            ps.setString(1, "[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]");
            List<Long> fromText = ids(ps);
            assertEquals(5, fromArray.size(), fromArray.toString());
            assertEquals(fromArray, fromText);
        }
    }
}

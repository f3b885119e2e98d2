package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * vector_search through JDBC on the demo warehouse ({@code items}: 1200 rows, 8-dimensional float32 embeddings, an
 * IVF_PQ index over the first 1000 rows): the {@code ?} query vector bound as {@code float[]}, {@code double[]} or
 * {@code java.sql.Array}, checked against an exact search over the embeddings read back through the driver.
 */
@EngineContract
class VectorSearchJdbcTest {
    private static final String SQL = "SELECT id, category, _distance FROM vector_search(\"table\" = \"items\","
            + " \"column\" = \"embedding\", \"query_vector\" = ?, \"top_k\" = \"5\", \"use_index\" = \"false\")";
    private static final float[] NEAR_BOOKS = {1, 0, 0, 0, 0, 0, 0, 0};

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static Path warehouse;
    private Connection connection;

    @BeforeAll
    static void createWarehouse() {
        warehouse = SharedDemoWarehouse.path();
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect("jdbc:lance:" + warehouse);
    }

    @AfterEach
    void closeConnection() throws SQLException {
        connection.close();
    }

    /** The ids of the 5 rows nearest to {@code q} by squared L2, computed here from every stored embedding. */
    private List<Long> exactTop5(float[] q) throws SQLException {
        record Row(long id, double distance) {
        }
        List<Row> all = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, embedding FROM items")) {
            while (rs.next()) {
                float[] v = rs.getObject(2, float[].class);
                double d = 0;
                for (int i = 0; i < v.length; i++) {
                    d += ((double) v[i] - q[i]) * ((double) v[i] - q[i]);
                }
                all.add(new Row(rs.getLong(1), d));
            }
        }
        all.sort(Comparator.comparingDouble(Row::distance).thenComparingLong(Row::id));
        return all.subList(0, 5).stream().map(Row::id).toList();
    }

    private static List<Long> ids(PreparedStatement ps) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong("id"));
                assertEquals("books", rs.getString("category"));
            }
        }
        return out;
    }

    @Test
    void aFloatArrayParameterFindsTheExactNearestRows() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(SQL)) {
            ps.setObject(1, NEAR_BOOKS);
            assertEquals(exactTop5(NEAR_BOOKS), ids(ps));
        }
    }

    @Test
    void doubleArraysAndSqlArraysBindLikeFloatArrays() throws SQLException {
        List<Long> expected = exactTop5(NEAR_BOOKS);
        try (PreparedStatement ps = connection.prepareStatement(SQL)) {
            ps.setObject(1, new double[] {1, 0, 0, 0, 0, 0, 0, 0});
            assertEquals(expected, ids(ps));
            Array array = connection.createArrayOf("REAL", new Float[] {1f, 0f, 0f, 0f, 0f, 0f, 0f, 0f});
            ps.setArray(1, array);
            assertEquals(expected, ids(ps));
        }
    }

    @Test
    void distanceIsANotNullRealColumn() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(SQL)) {
            ps.setObject(1, NEAR_BOOKS);
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                assertEquals("_distance", md.getColumnLabel(3));
                assertEquals(Types.REAL, md.getColumnType(3));
                assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(3));
            }
        }
    }

    @Test
    void aVectorOfTheWrongDimensionIsAnInvalidParameter() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(SQL)) {
            ps.setObject(1, new float[] {1, 0, 0});
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("22023", e.getSQLState());
            assertEquals("Query vector dimension 3 does not match Lance column 'embedding' dimension 8",
                    e.getMessage());
        }
    }
}

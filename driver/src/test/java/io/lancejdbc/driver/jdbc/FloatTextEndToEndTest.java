package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ResultSet.getString} of a DOUBLE or REAL column is the text {@code CAST(x AS VARCHAR)} gives for the same
 * value (one formatter, docs/dialect-differences.md D12), and that text parses back to the value, over powers of ten
 * from 1e-300 to 1e300, their halves, subnormals and the special values.
 */
class FloatTextEndToEndTest {
    @TempDir
    static Path work;
    private static EmbeddedQueryEngine engine;
    private static LanceDriver driver;
    private static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        engine = new EmbeddedQueryEngine();
        driver = new LanceDriver(() -> engine);
        connection = driver.connect("jdbc:lance:" + work, new Properties());
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        driver.shutdown();
    }

    @Test
    void getStringOfAFloatColumnIsItsCastText() throws SQLException {
        List<String> literals = new ArrayList<>();
        for (int k = -300; k <= 300; k += 3) {
            literals.add("1E" + k);
            literals.add("5E" + (k - 1));
        }
        literals.addAll(List.of("4.9E-324", "2.2250738585072014E-308", "1.7976931348623157E308", "1E23", "-705.46",
                "100", "12345678", "0", "-0.0", "NaN", "Infinity", "-Infinity", "1.4E-45", "3.4028235E38"));
        String values = literals.stream().map(l -> "SELECT CAST('" + l + "' AS DOUBLE) AS d")
                .collect(Collectors.joining(" UNION ALL "));
        int rows = 0;
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT d, CAST(d AS VARCHAR),"
                + " CAST(d AS REAL), CAST(CAST(d AS REAL) AS VARCHAR) FROM (" + values + ") t")) {
            while (rs.next()) {
                rows++;
                double d = rs.getDouble(1);
                assertEquals(rs.getString(2), rs.getString(1), "DOUBLE " + d);
                assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(Double.parseDouble(rs.getString(1))),
                        "DOUBLE text reads back: " + rs.getString(1));
                float f = rs.getFloat(3);
                assertEquals(rs.getString(4), rs.getString(3), "REAL " + f);
                assertEquals(Float.floatToIntBits(f), Float.floatToIntBits(Float.parseFloat(rs.getString(3))),
                        "REAL text reads back: " + rs.getString(3));
            }
        }
        assertEquals(literals.size(), rows);
    }

    @Test
    void aStringParameterWhereADoubleIsExpectedReadsInfinityAndNan() throws SQLException {
        String sql = "SELECT count(*) FROM (SELECT CAST('inf' AS DOUBLE) AS d UNION ALL SELECT CAST('-inf' AS DOUBLE)"
                + " UNION ALL SELECT CAST('nan' AS DOUBLE) UNION ALL SELECT 1.5) t WHERE d = ?";
        try (java.sql.PreparedStatement ps = connection.prepareStatement(sql)) {
            for (String spelling : List.of(" INF ", "+Infinity", "-inf", "nan", "NaN", "1.5")) {
                ps.setString(1, spelling);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(1, rs.getLong(1), spelling);
                }
            }
        }
    }

    @Test
    void getDoubleOfTextReadsInfinityAndNan() throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT ' -inf ', 'Infinity', 'nan', 'REAL'")) {
            rs.next();
            assertEquals(Double.NEGATIVE_INFINITY, rs.getDouble(1));
            assertEquals(Float.POSITIVE_INFINITY, rs.getFloat(2));
            assertEquals(Double.NaN, rs.getDouble(3));
            assertEquals("22018", org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> rs.getDouble(4)).getSQLState());
        }
    }
}

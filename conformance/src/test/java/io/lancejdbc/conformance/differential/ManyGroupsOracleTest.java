package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GROUP BY with thousands of groups over several fragments and two or three workers (so partial states are merged)
 * against DuckDB over the same generated rows: int keys with a NULL group, string keys with a NULL group, the empty
 * string, multi-byte UTF-8 and keys longer than eight bytes that share their first eight; COUNT, SUM and AVG of an
 * INT, SUM and AVG of a DOUBLE whose values span 2^-10 .. 2^80 in one group, with and without a pushed WHERE.
 * DuckDB sums the DOUBLE values exactly as DECIMAL(38,10) (every value is a multiple of 2^-10 below 2^81), and the
 * expected DOUBLE results are that exact sum (mean) rounded once, the rule of docs/sql-reference.md.
 */
class ManyGroupsOracleTest {
    private static final int ROWS = 40_000;
    private static final int KEYS = 6_000;

    @TempDir
    static Path dir;
    static Connection duck;

    private static Integer key(long r) {
        return r % 17 == 3 ? null : (int) ((r * 7919) % KEYS);
    }

    private static String text(Integer k) {
        if (k == null) {
            return null;
        }
        switch (k % 4) {
            case 0:
                return k == 0 ? "" : "k" + k;
            case 1:
                return "shared-prefix-" + k;
            case 2:
                return "ключ-" + k + "-\uD83D\uDE00";
            default:
                return Integer.toString(k);
        }
    }

    private static Double value(long r) {
        if (r % 13 == 7) {
            return null;
        }
        long m = ((r * 2654435761L) % (1 << 21)) - (1 << 20);
        int e = (int) ((r * 31) % 70) - 10;
        return Math.scalb((double) m, e);
    }

    private static int small(long r) {
        return (int) ((r * 48271) % 100_000) - 50_000;
    }

    @BeforeAll
    static void write() throws Exception {
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("k", new ArrowType.Int(32, true)), Field.nullable("ks", ArrowType.Utf8.INSTANCE),
                Field.nullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.notNullable("i", new ArrowType.Int(32, true))));
        try (BufferAllocator allocator = new RootAllocator()) {
            GeneratedDatasetWriter.to(dir.resolve("groups.lance"), schema).rows(0, ROWS).batchSize(4096)
                    .maxRowsPerFile(ROWS / 5).write(allocator, ManyGroupsOracleTest::fill);
        }
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = duck.createStatement()) {
            st.execute("CREATE TABLE groups (id BIGINT, k INTEGER, ks VARCHAR, v DOUBLE, i INTEGER)");
        }
        try (DuckDBAppender a = duck.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA,
                "groups")) {
            for (long r = 0; r < ROWS; r++) {
                Integer k = key(r);
                Double v = value(r);
                a.beginRow();
                a.append(r);
                if (k == null) {
                    a.appendNull();
                    a.appendNull();
                } else {
                    a.append(k.intValue());
                    a.append(text(k));
                }
                if (v == null) {
                    a.appendNull();
                } else {
                    a.append(v.doubleValue());
                }
                a.append(small(r));
                a.endRow();
            }
        }
    }

    private static void fill(VectorSchemaRoot root, long first, int count) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        IntVector k = (IntVector) root.getVector("k");
        VarCharVector ks = (VarCharVector) root.getVector("ks");
        Float8Vector v = (Float8Vector) root.getVector("v");
        IntVector i = (IntVector) root.getVector("i");
        for (int n = 0; n < count; n++) {
            long r = first + n;
            id.setSafe(n, r);
            Integer key = key(r);
            if (key == null) {
                k.setNull(n);
                ks.setNull(n);
            } else {
                k.setSafe(n, key);
                ks.setSafe(n, text(key).getBytes(StandardCharsets.UTF_8));
            }
            Double x = value(r);
            if (x == null) {
                v.setNull(n);
            } else {
                v.setSafe(n, x);
            }
            i.setSafe(n, small(r));
        }
    }

    @AfterAll
    static void close() throws Exception {
        duck.close();
    }

    /** key -> "count|sum(v)|avg(v)|sum(i)|avg(i)" from DuckDB's exact sums, rounded here once. */
    private static Map<String, String> expected(String key, String where) throws Exception {
        Map<String, String> out = new HashMap<>();
        try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery("SELECT " + key
                + ", count(*), sum(CAST(v AS DECIMAL(38,10))), count(v), sum(i), count(i) FROM groups" + where
                + " GROUP BY " + key)) {
            while (rs.next()) {
                Object k = rs.getObject(1);
                long n = rs.getLong(2);
                BigDecimal sv = rs.getObject(3) == null ? null : new BigDecimal(rs.getObject(3).toString());
                long nv = rs.getLong(4);
                BigDecimal si = new BigDecimal(rs.getObject(5).toString());
                long ni = rs.getLong(6);
                String sum = nv == 0 ? "null" : bits(sv.doubleValue());
                String avg = nv == 0 ? "null" : bits(sv.divide(BigDecimal.valueOf(nv), new MathContext(80))
                        .doubleValue());
                String avgI = bits(si.divide(BigDecimal.valueOf(ni), new MathContext(80)).doubleValue());
                out.put(String.valueOf(k), n + "|" + sum + "|" + avg + "|" + si.longValueExact() + "|" + avgI);
            }
        }
        return out;
    }

    private static String bits(double d) {
        return d + "/" + Long.toHexString(Double.doubleToRawLongBits(d));
    }

    private static Map<String, String> ours(String key, String where, int parallelism) throws Exception {
        Properties p = new Properties();
        p.setProperty("scan.parallelism", Integer.toString(parallelism));
        Map<String, String> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:lance:" + dir, p);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT " + key + ", count(*), sum(v), avg(v), sum(i), avg(i) FROM groups"
                        + where + " GROUP BY " + key)) {
            while (rs.next()) {
                Object k = rs.getObject(1);
                long n = rs.getLong(2);
                double sv = rs.getDouble(3);
                String sum = rs.wasNull() ? "null" : bits(sv);
                double av = rs.getDouble(4);
                String avg = rs.wasNull() ? "null" : bits(av);
                long si = rs.getLong(5);
                String avgI = bits(rs.getDouble(6));
                String previous = out.put(String.valueOf(k), n + "|" + sum + "|" + avg + "|" + si + "|" + avgI);
                assertEquals(null, previous, "group " + k + " came twice");
            }
        }
        return out;
    }

    private static void check(String key, String where, int parallelism) throws Exception {
        Map<String, String> expected = expected(key, where);
        assertTrue(expected.size() > KEYS / 2, "the query has thousands of groups: " + expected.size());
        assertTrue(expected.containsKey("null"), "the NULL group is among them");
        Map<String, String> actual = ours(key, where, parallelism);
        assertEquals(expected.size(), actual.size(), "groups");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), actual.get(e.getKey()), "group " + e.getKey() + " of " + key);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void intKeyMatchesDuckDb(int parallelism) throws Exception {
        check("k", "", parallelism);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void stringKeyMatchesDuckDb(int parallelism) throws Exception {
        check("ks", "", parallelism);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void withAPushedWhereMatchesDuckDb(int parallelism) throws Exception {
        check("k", " WHERE i < 20000", parallelism);
        check("ks", " WHERE i < 20000", parallelism);
    }
}

package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every float-to-text path of SQL (CAST of a constant and of a column, concat, {@code ||}, string functions,
 * group_concat) gives the shortest digits that read back as the value, in the notation of
 * docs/dialect-differences.md D12, over a sweep of magnitudes of DOUBLE and REAL columns: powers of ten from 1e-300
 * to 1e300, subnormals, NaN, ±Infinity and -0.0.
 */
class FloatTextSqlTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static final List<Double> DOUBLES = new ArrayList<>();
    static final List<Float> REALS = new ArrayList<>();
    /** Spellings of special values other SQL engines accept, and the value each reads as; column {@code s}. */
    static final Map<String, Double> SPELLINGS = new java.util.LinkedHashMap<>();

    static {
        SPELLINGS.put("inf", Double.POSITIVE_INFINITY);
        SPELLINGS.put("-inf", Double.NEGATIVE_INFINITY);
        SPELLINGS.put("+inf", Double.POSITIVE_INFINITY);
        SPELLINGS.put("Infinity", Double.POSITIVE_INFINITY);
        SPELLINGS.put("+Infinity", Double.POSITIVE_INFINITY);
        SPELLINGS.put("-INFINITY", Double.NEGATIVE_INFINITY);
        SPELLINGS.put("  iNf ", Double.POSITIVE_INFINITY);
        SPELLINGS.put("nan", Double.NaN);
        SPELLINGS.put("NaN", Double.NaN);
        SPELLINGS.put(" NAN", Double.NaN);
        SPELLINGS.put(" 1.5e-7 ", 1.5e-7);
        SPELLINGS.put(".5", 0.5);
        SPELLINGS.put("-5.", -5.0);
    }

    @BeforeAll
    static void open() {
        for (int k = -300; k <= 300; k++) {
            DOUBLES.add(Double.parseDouble("1E" + k));
            DOUBLES.add(Double.parseDouble("1.5E" + k));
        }
        DOUBLES.addAll(List.of(Double.MIN_VALUE, 2 * Double.MIN_VALUE, Math.nextDown(Double.MIN_NORMAL),
                Double.MAX_VALUE, 1.0E23, -705.46, 100.0, 0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY));
        for (int i = 0; i < DOUBLES.size(); i++) {
            REALS.add(DOUBLES.get(i).floatValue());
        }
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < DOUBLES.size(); i++) {
            List<String> spellings = new ArrayList<>(SPELLINGS.keySet());
            rows.add(SqlOpsWarehouse.row((long) i, DOUBLES.get(i), (double) REALS.get(i),
                    i < spellings.size() ? spellings.get(i) : null));
        }
        try (RootAllocator allocator = new RootAllocator()) {
            SqlOpsWarehouse.write(allocator, dir.resolve("floats.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false), Types.field("d", Types.FLOAT64, true),
                    Types.field("r", Types.FLOAT32, true), Types.field("s", Types.UTF8, true))), rows);
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    @Test
    void constantsCastToTextWithTheShortestDigits() {
        assertEquals(List.of(SqlOpsWarehouse.row("0.00001", "0.000015", "1.0E23", "5.0E-324", "0.1", "0.00001")),
                SqlOpsWarehouse.rows(session, "SELECT CAST(CAST(0.00001 AS DOUBLE) AS VARCHAR), CAST(1.5e-5 AS VARCHAR),"
                        + " CAST(1e23 AS VARCHAR), CAST(CAST('4.9E-324' AS DOUBLE) AS VARCHAR),"
                        + " CAST(CAST(0.1 AS REAL) AS VARCHAR), CAST(CAST(0.00001 AS REAL) AS VARCHAR)"));
    }

    @Test
    void everyTextPathOfADoubleColumnGivesTheSameShortestText() {
        List<List<Object>> rows = SqlOpsWarehouse.rows(session, "SELECT id, CAST(d AS VARCHAR), concat('', d), d || '',"
                + " lower(d), CAST(r AS VARCHAR), concat(r, ''), upper(r) FROM floats ORDER BY id");
        assertEquals(DOUBLES.size(), rows.size());
        for (List<Object> row : rows) {
            int i = (int) (long) (Long) row.get(0);
            String d = shortest(DOUBLES.get(i), false);
            String r = shortest(REALS.get(i), true);
            assertEquals(SqlOpsWarehouse.row((long) i, d, d, d, d.toLowerCase(java.util.Locale.ROOT), r, r,
                    r.toUpperCase(java.util.Locale.ROOT)), row, "row of " + DOUBLES.get(i));
        }
    }

    @Test
    void groupConcatOfFloatsJoinsTheirShortestTexts() {
        assertEquals(List.of(SqlOpsWarehouse.row("1.0E23,1.0E23", "1.0E23,1.0E23")), SqlOpsWarehouse.rows(session,
                "SELECT string_agg(d, ','), group_concat(r) FROM floats WHERE d = 1e23")); // 1E23 is in the sweep twice
        assertEquals(List.of(SqlOpsWarehouse.row("0.00001", "0.00001")), SqlOpsWarehouse.rows(session,
                "SELECT string_agg(d, ','), group_concat(r) FROM floats WHERE d = 1e-5"));
    }

    @Test
    void specialValueSpellingsOfOtherEnginesCastToDoubleAndReal() {
        for (Map.Entry<String, Double> e : SPELLINGS.entrySet()) {
            String literal = "'" + e.getKey() + "'";
            double expected = e.getValue();
            assertEquals(List.of(SqlOpsWarehouse.row(expected, expected, (double) (float) expected)),
                    SqlOpsWarehouse.rows(session, "SELECT CAST(" + literal + " AS DOUBLE), " + literal + " + 0.0, CAST("
                            + literal + " AS REAL)"), literal);
        }
        List<List<Object>> rows = SqlOpsWarehouse.rows(session, "SELECT s, CAST(s AS DOUBLE), CAST(s AS REAL) FROM floats"
                + " WHERE s IS NOT NULL ORDER BY id");
        assertEquals(SPELLINGS.size(), rows.size());
        for (List<Object> row : rows) {
            double expected = SPELLINGS.get((String) row.get(0));
            assertEquals(SqlOpsWarehouse.row(row.get(0), expected, (double) (float) expected), row, "column value "
                    + row.get(0));
        }
    }

    @Test
    void aStringComparedWithAFloatColumnReadsTheSpelling() {
        assertEquals(List.of(SqlOpsWarehouse.row(Double.POSITIVE_INFINITY)),
                SqlOpsWarehouse.rows(session, "SELECT d FROM floats WHERE d = 'inf'"));
        assertEquals(List.of(SqlOpsWarehouse.row(Double.NEGATIVE_INFINITY)),
                SqlOpsWarehouse.rows(session, "SELECT r FROM floats WHERE r = '-Infinity'"));
        assertEquals(List.of(SqlOpsWarehouse.row(3L)), SqlOpsWarehouse.rows(session,
                "SELECT count(*) FROM floats WHERE d IN ('nan', '+infinity', ' -INF ')"));
    }

    @Test
    void aTextColumnThatDoesNotConvertIsNamed() {
        io.lancejdbc.engine.SqlError e = org.junit.jupiter.api.Assertions.assertThrows(
                io.lancejdbc.engine.SqlError.class, () -> SqlOpsWarehouse.rows(session,
                        "SELECT count(*) FROM floats WHERE CAST(concat(s, 'x') AS DOUBLE) > 0"));
        assertEquals("22018", e.sqlState());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("Cannot convert '")
                && e.getMessage().contains("x' to double (a value of concat(")
                && e.getMessage().endsWith("; TRY_CAST gives NULL for values that do not convert)"), e.getMessage());
    }

    @Test
    void javaOnlyNumberFormsAreNotNumbers() {
        for (String text : List.of("1.5d", "1f", "0x1p3", "infinit", "in f", "", "1e", "e5", "--1", "NaNa")) {
            io.lancejdbc.engine.SqlError e = org.junit.jupiter.api.Assertions.assertThrows(io.lancejdbc.engine.SqlError.class,
                    () -> SqlOpsWarehouse.rows(session, "SELECT CAST('" + text + "' AS DOUBLE)"), text);
            assertEquals("22018", e.sqlState(), text);
            assertEquals("Cannot convert '" + text + "' to double", e.getMessage());
        }
    }

    /**
     * The text D12 defines, computed here: the shortest decimal that reads back (checked by parsing), plain for
     * decimal exponents -5..14, else Java's E notation; NaN and infinities as Java names them.
     */
    private static String shortest(double v, boolean single) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
            return single ? Float.toString((float) v) : Double.toString(v);
        }
        java.math.BigDecimal exact = new java.math.BigDecimal(v);
        for (int m = 1; m <= 17; m++) {
            for (java.math.RoundingMode mode : List.of(java.math.RoundingMode.HALF_EVEN, java.math.RoundingMode.DOWN,
                    java.math.RoundingMode.UP)) {
                java.math.BigDecimal c = exact.round(new java.math.MathContext(m, mode)).stripTrailingZeros();
                boolean back = single ? Float.parseFloat(c.toString()) == (float) v
                        : Double.parseDouble(c.toString()) == v;
                if (back) {
                    return notation(c);
                }
            }
        }
        throw new AssertionError("no shortest form of " + v);
    }

    private static String notation(java.math.BigDecimal c) {
        String digits = c.unscaledValue().abs().toString();
        int e = c.precision() - c.scale() - 1;
        String sign = c.signum() < 0 ? "-" : "";
        if (e >= -5 && e < 15) {
            String plain = c.abs().toPlainString();
            return sign + (plain.contains(".") ? plain : plain + ".0");
        }
        return sign + digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0") + "E" + e;
    }
}

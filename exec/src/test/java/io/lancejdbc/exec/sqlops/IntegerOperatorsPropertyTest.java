package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.exec.testing.IntegerExtremesTable;
import io.lancejdbc.engine.SqlError;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integer arithmetic as a property over every pair of integer widths (int8..int64, uint8..uint64) and every value of
 * {@link IntegerExtremesTable} (zero, ±1, the minimum and maximum of each width and their neighbours, 2^63 − 1, 2^63
 * and 2^64 − 1): each operator and function gives the exact answer that {@link BigInteger} arithmetic computed here
 * gives, or fails with 22003 exactly when that answer lies outside its static result type (22012 for a zero
 * divisor); and each agrees with its spelled-out form ({@code -x} with {@code 0 - x}, {@code abs(x)} with its CASE,
 * ...). docs/dialect-differences.md D2 states the rule; the result types are checked in
 * {@link #resultTypesAreBigintUnlessAnOperandIsUint64()}.
 */
class IntegerOperatorsPropertyTest {
    private static final List<String> WIDTHS = IntegerExtremesTable.COLUMNS;
    private static final String TABLE = "int_extremes";
    private static final String PAIRS = "int_pairs";
    /** Where {@link #outcomes} puts the list of row keys a query runs over. */
    private static final String KEYS = "{keys}";

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        try (RootAllocator allocator = new RootAllocator()) {
            IntegerExtremesTable.write(allocator, dir.resolve(TABLE + ".lance"));
            IntegerExtremesTable.writePairs(allocator, dir.resolve(PAIRS + ".lance"));
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

    // ---------------------------------------------------------------------------------------------------------
    // Binary operators over the cross product of two columns' values.

    @Test
    void additionSubtractionAndMultiplicationAreExact() {
        for (String x : WIDTHS) {
            for (String y : WIDTHS) {
                binary(x, y, "%s + %s", BigInteger::add);
                binary(x, y, "%s - %s", BigInteger::subtract);
                binary(x, y, "%s * %s", BigInteger::multiply);
            }
        }
    }

    @Test
    void integerDivisionAndModuloTruncateTowardZero() {
        for (String x : WIDTHS) {
            for (String y : WIDTHS) {
                binary(x, y, "%s DIV %s", (a, b) -> b.signum() == 0 ? null : a.divide(b));
                // mod(x, y) binds to the same operator as x % y (divisionByConstantsEqualsItsSpelledOutForm).
                binary(x, y, "%s %% %s", (a, b) -> b.signum() == 0 ? null : a.remainder(b));
            }
        }
    }

    @Test
    void comparisonsOrderValuesNumerically() {
        Map<String, Function<Integer, Boolean>> ops = new LinkedHashMap<>();
        ops.put("=", c -> c == 0);
        ops.put("<>", c -> c != 0);
        ops.put("<", c -> c < 0);
        ops.put("<=", c -> c <= 0);
        ops.put(">", c -> c > 0);
        ops.put(">=", c -> c >= 0);
        for (String x : WIDTHS) {
            for (String y : WIDTHS) {
                for (Map.Entry<String, Function<Integer, Boolean>> op : ops.entrySet()) {
                    Map<Long, Outcome> actual = pairs("a_" + x + " " + op.getKey() + " b_" + y);
                    for (Map.Entry<Long, Outcome> e : actual.entrySet()) {
                        BigInteger a = IntegerExtremesTable.value(x, e.getKey() / 100);
                        BigInteger b = IntegerExtremesTable.value(y, e.getKey() % 100);
                        Outcome expected = a == null || b == null ? Outcome.NULL
                                : Outcome.of(op.getValue().apply(a.compareTo(b)));
                        assertEquals(expected, e.getValue(), x + " " + op.getKey() + " " + y + " at " + a + ", " + b);
                    }
                }
            }
        }
    }

    @Test
    void greatestAndLeastPickTheNumericExtreme() {
        for (String x : WIDTHS) {
            for (String y : WIDTHS) {
                // NULL arguments are ignored (PostgreSQL, DuckDB), so only two NULLs give NULL.
                binary(x, y, "greatest(%s, %s)", (a, b) -> a == null ? b : b == null ? a : a.max(b), false);
                binary(x, y, "least(%s, %s)", (a, b) -> a == null ? b : b == null ? a : a.min(b), false);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Unary operators and functions: the exact answer and the spelled-out form.

    @Test
    void unaryMinusEqualsZeroMinusX() {
        for (String x : WIDTHS) {
            Map<Long, Outcome> minus = unary("-" + x);
            assertEquals(unary("0 - " + x), minus, "-" + x + " and 0 - " + x);
            assertExact(x, "-" + x, BigInteger::negate, minus);
        }
    }

    @Test
    void absEqualsItsCaseForm() {
        for (String x : WIDTHS) {
            Map<Long, Outcome> abs = unary("abs(" + x + ")");
            assertEquals(unary("CASE WHEN " + x + " < 0 THEN 0 - " + x + " ELSE " + x + " END"), abs, "abs(" + x + ")");
            assertExact(x, "abs(" + x + ")", BigInteger::abs, abs);
            if (IntegerExtremesTable.unsigned(x)) {
                assertEquals(unary(x), abs, "abs(" + x + ") is " + x + " for an unsigned type");
            }
        }
    }

    @Test
    void signEqualsItsCaseForm() {
        for (String x : WIDTHS) {
            Map<Long, Outcome> sign = unary("sign(" + x + ")");
            assertEquals(unary("CASE WHEN " + x + " > 0 THEN 1 WHEN " + x + " < 0 THEN -1 WHEN " + x
                    + " = 0 THEN 0 END"), sign,
                    "sign(" + x + ")");
            assertExact(x, "sign(" + x + ")", v -> BigInteger.valueOf(v.signum()), sign);
        }
    }

    @Test
    void ceilFloorAndRoundOfAnIntegerAreTheInteger() {
        for (String x : WIDTHS) {
            Map<Long, Outcome> identity = unary(x);
            for (String f : List.of("ceil", "floor", "round")) {
                assertEquals(identity, unary(f + "(" + x + ")"), f + "(" + x + ")");
            }
            assertExact(x, "round(" + x + ", -1)", v -> new BigDecimal(v).setScale(-1, RoundingMode.HALF_UP)
                    .setScale(0).toBigIntegerExact(), unary("round(" + x + ", -1)"));
        }
    }

    @Test
    void divisionByConstantsEqualsItsSpelledOutForm() {
        for (String x : WIDTHS) {
            Map<Long, Outcome> half = unary(x + " DIV 2");
            assertExact(x, x + " DIV 2", v -> v.divide(BigInteger.TWO), half);
            assertEquals(unary(x), unary(x + " DIV 1"), x + " DIV 1");
            assertEquals(unary("0 - " + x), unary(x + " DIV -1"), x + " DIV -1");
            assertEquals(unary(x + " - (" + x + " DIV 2) * 2"), unary(x + " % 2"), x + " % 2");
            assertEquals(unary(x + " % 2"), unary("mod(" + x + ", 2)"), "mod(" + x + ", 2)");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Casts and aggregates.

    @Test
    void castsAreExactOrOutOfRange() {
        for (String x : WIDTHS) {
            for (String target : List.of("TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL(20,0)", "DECIMAL(38,0)")) {
                assertExact(x, "CAST(" + x + " AS " + target + ")", v -> v, unary("CAST(" + x + " AS " + target + ")"));
            }
            Map<Long, Outcome> asDouble = unary("CAST(" + x + " AS DOUBLE)");
            Map<Long, Outcome> asReal = unary("CAST(" + x + " AS REAL)");
            Map<Long, Outcome> asText = unary("CAST(" + x + " AS VARCHAR)");
            for (long id = 0; id < IntegerExtremesTable.rows(); id++) {
                BigInteger v = IntegerExtremesTable.value(x, id);
                assertEquals(v == null ? Outcome.NULL : Outcome.of(new BigDecimal(v).doubleValue()), asDouble.get(id),
                        "CAST(" + x + " AS DOUBLE) of " + v);
                assertEquals(v == null ? Outcome.NULL : Outcome.of((double) new BigDecimal(v).floatValue()),
                        asReal.get(id), "CAST(" + x + " AS REAL) of " + v);
                assertEquals(v == null ? Outcome.NULL : Outcome.of(v.toString()), asText.get(id),
                        "CAST(" + x + " AS VARCHAR) of " + v);
            }
        }
    }

    @Test
    void aggregatesAreExact() {
        for (String x : WIDTHS) {
            String[] groups = {"id % 2 = 0", "id % 2 = 1", "id < 3", "TRUE"};
            for (String where : groups) {
                List<BigInteger> v = new ArrayList<>();
                for (long id = 0; id < IntegerExtremesTable.rows(); id++) {
                    BigInteger value = IntegerExtremesTable.value(x, id);
                    if (value != null && matches(where, id)) {
                        v.add(value);
                    }
                }
                BigInteger sum = v.stream().reduce(BigInteger.ZERO, BigInteger::add);
                String from = " FROM " + TABLE + " WHERE " + where;
                String sumSql = "SELECT sum(" + x + ")" + from;
                assertEquals(fitting(sum, resultType(sumSql)), single(sumSql), sumSql);
                assertEquals(Outcome.of(new BigDecimal(sum).divide(BigDecimal.valueOf(v.size()), MathContext.DECIMAL128)
                        .doubleValue()), single("SELECT avg(" + x + ")" + from), "avg(" + x + ") where " + where);
                assertEquals(Outcome.of(v.stream().min(BigInteger::compareTo).orElseThrow()),
                        single("SELECT min(" + x + ")" + from), "min(" + x + ") where " + where);
                assertEquals(Outcome.of(v.stream().max(BigInteger::compareTo).orElseThrow()),
                        single("SELECT max(" + x + ")" + from), "max(" + x + ") where " + where);
                assertEquals(Outcome.of(BigInteger.valueOf(v.size())), single("SELECT count(" + x + ")" + from));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Result types (docs/dialect-differences.md D2).

    @Test
    void resultTypesAreBigintUnlessAnOperandIsUint64() {
        for (String x : WIDTHS) {
            for (String y : WIDTHS) {
                boolean u64 = x.equals("u64") || y.equals("u64");
                for (String op : List.of("+", "-", "*", "%", "DIV")) {
                    ArrowType t = resultType("SELECT " + x + " " + op + " " + y + " FROM " + TABLE);
                    if (u64) {
                        assertTrue(t instanceof ArrowType.Decimal && ((ArrowType.Decimal) t).getScale() == 0,
                                x + " " + op + " " + y + " is " + t);
                    } else {
                        assertEquals(new ArrowType.Int(64, true), t, x + " " + op + " " + y);
                    }
                }
            }
        }
        assertEquals(new ArrowType.Decimal(20, 0, 128), resultType("SELECT -u64 FROM " + TABLE));
        assertEquals(new ArrowType.Decimal(20, 0, 128), resultType("SELECT u64 DIV 2 FROM " + TABLE));
        assertEquals(new ArrowType.Int(64, false), resultType("SELECT abs(u64) FROM " + TABLE));
        assertEquals(new ArrowType.Int(64, true), resultType("SELECT -u32 FROM " + TABLE));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Helpers.

    /**
     * Checks {@code a op b} over every pair of values of columns {@code x} (left) and {@code y} (right) against
     * {@code exact} (null = division by zero), within the statement's static result type.
     */
    private static void binary(String x, String y, String template,
            BiFunction<BigInteger, BigInteger, BigInteger> exact) {
        binary(x, y, template, exact, true);
    }

    /**
     * As {@link #binary(String, String, String, BiFunction)}; when {@code strict} is false, {@code exact} also
     * receives NULL operands (as null) and its null answer means NULL, not a zero divisor.
     */
    private static void binary(String x, String y, String template,
            BiFunction<BigInteger, BigInteger, BigInteger> exact, boolean strict) {
        String expr = String.format(template, "a_" + x, "b_" + y);
        ArrowType type = resultType("SELECT " + expr + " FROM " + PAIRS);
        Map<Long, Outcome> expected = new LinkedHashMap<>();
        for (long i = 0; i < IntegerExtremesTable.rows(); i++) {
            for (long j = 0; j < IntegerExtremesTable.rows(); j++) {
                BigInteger a = IntegerExtremesTable.value(x, i);
                BigInteger b = IntegerExtremesTable.value(y, j);
                Outcome o;
                if (strict && (a == null || b == null)) {
                    o = Outcome.NULL;
                } else {
                    BigInteger r = exact.apply(a, b);
                    o = r == null ? strict ? Outcome.error("22012") : Outcome.NULL : fitting(r, type);
                }
                expected.put(IntegerExtremesTable.pairKey(i, j), o);
            }
        }
        Map<Long, Outcome> actual = pairs(expr, expected);
        for (Map.Entry<Long, Outcome> e : expected.entrySet()) {
            assertEquals(e.getValue(), actual.get(e.getKey()), String.format(template, x, y) + " (type " + type
                    + ") at (" + IntegerExtremesTable.value(x, e.getKey() / 100) + ", "
                    + IntegerExtremesTable.value(y, e.getKey() % 100) + ")");
        }
    }

    /** The outcome of {@code expr} over {@code a_<x>, b_<y>} for every pair of rows, keyed by pair key. */
    private static Map<Long, Outcome> pairs(String expr, Map<Long, Outcome> expected) {
        return outcomes("SELECT k, " + expr + " FROM " + PAIRS + " WHERE " + KEYS, expected);
    }

    private static Map<Long, Outcome> pairs(String expr) {
        Map<Long, Outcome> none = new LinkedHashMap<>();
        for (long i = 0; i < IntegerExtremesTable.rows(); i++) {
            for (long j = 0; j < IntegerExtremesTable.rows(); j++) {
                none.put(IntegerExtremesTable.pairKey(i, j), Outcome.NULL);
            }
        }
        return pairs(expr, none);
    }

    /** The outcome of {@code expr} over {@code int_extremes} for every row, keyed by id. */
    private static Map<Long, Outcome> unary(String expr) {
        Map<Long, Outcome> none = new LinkedHashMap<>();
        for (long i = 0; i < IntegerExtremesTable.rows(); i++) {
            none.put(i, Outcome.NULL);
        }
        return outcomes("SELECT id, " + expr + " FROM " + TABLE + " WHERE " + KEYS, none);
    }

    /**
     * Runs {@code select} (columns: key, value; its {@link #KEYS} placeholder takes a predicate on the key column) so
     * that every key of {@code expected} gets its own outcome, a value or the SQLState it fails with: the keys
     * expected to succeed run in one query, each key expected to fail runs alone; a query that fails unexpectedly is
     * split in halves until the failing keys are alone.
     */
    private static Map<Long, Outcome> outcomes(String select, Map<Long, Outcome> expected) {
        String key = select.substring("SELECT ".length(), select.indexOf(','));
        List<Long> succeed = new ArrayList<>();
        List<Long> fail = new ArrayList<>();
        Map<Long, Outcome> out = new LinkedHashMap<>();
        for (Map.Entry<Long, Outcome> e : expected.entrySet()) {
            (e.getValue().sqlState() == null ? succeed : fail).add(e.getKey());
        }
        for (Long k : fail) {
            out.putAll(bisect(select, key, List.of(k), List.of()));
        }
        out.putAll(bisect(select, key, succeed, fail));
        return out;
    }

    /**
     * The outcomes of the rows whose key is in {@code keys}; {@code others} are the remaining keys of the table
     * (the predicate names whichever list is shorter).
     */
    private static Map<Long, Outcome> bisect(String select, String key, List<Long> keys, List<Long> others) {
        Map<Long, Outcome> out = new LinkedHashMap<>();
        if (keys.isEmpty()) {
            return out;
        }
        String predicate;
        if (keys.size() == 1) {
            predicate = key + " = " + keys.get(0);
        } else if (others.isEmpty()) {
            predicate = "TRUE";
        } else if (others.size() < keys.size()) {
            predicate = key + " NOT IN (" + others.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + ")";
        } else {
            predicate = key + " IN (" + keys.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
        }
        try {
            for (List<Object> row : SqlOpsWarehouse.rows(session, select.replace(KEYS, predicate))) {
                out.put((Long) row.get(0), Outcome.of(row.get(1)));
            }
        } catch (SqlError e) {
            if (keys.size() == 1) {
                out.put(keys.get(0), Outcome.error(e.sqlState()));
                return out;
            }
            List<Long> first = keys.subList(0, keys.size() / 2);
            List<Long> second = keys.subList(keys.size() / 2, keys.size());
            out.putAll(bisect(select, key, first, union(others, second)));
            out.putAll(bisect(select, key, second, union(others, first)));
            return out;
        }
        assertEquals(keys.size(), out.size(), "every key has a row: " + select);
        return out;
    }

    private static List<Long> union(List<Long> a, List<Long> b) {
        List<Long> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static void assertExact(String x, String label, Function<BigInteger, BigInteger> exact,
            Map<Long, Outcome> actual) {
        ArrowType type = resultType("SELECT " + label + " FROM " + TABLE);
        for (long id = 0; id < IntegerExtremesTable.rows(); id++) {
            BigInteger v = IntegerExtremesTable.value(x, id);
            Outcome expected = v == null ? Outcome.NULL : fitting(exact.apply(v), type);
            assertEquals(expected, actual.get(id), label + " of " + v + " (type " + type + ")");
        }
    }

    /** The exact value when it lies in the range of {@code type}, else the out-of-range error 22003. */
    private static Outcome fitting(BigInteger v, ArrowType type) {
        BigInteger min;
        BigInteger max;
        if (type instanceof ArrowType.Int) {
            ArrowType.Int t = (ArrowType.Int) type;
            min = t.getIsSigned() ? BigInteger.TWO.pow(t.getBitWidth() - 1).negate() : BigInteger.ZERO;
            max = (t.getIsSigned() ? BigInteger.TWO.pow(t.getBitWidth() - 1) : BigInteger.TWO.pow(t.getBitWidth()))
                    .subtract(BigInteger.ONE);
        } else if (type instanceof ArrowType.Decimal && ((ArrowType.Decimal) type).getScale() == 0) {
            max = BigInteger.TEN.pow(((ArrowType.Decimal) type).getPrecision()).subtract(BigInteger.ONE);
            min = max.negate();
        } else {
            throw new AssertionError("an integer expression has type " + type);
        }
        return v.compareTo(min) < 0 || v.compareTo(max) > 0 ? Outcome.error("22003") : Outcome.of(v);
    }

    private static ArrowType resultType(String sql) {
        return session.prepare(sql).resultSchema().getFields().get(0).getType();
    }

    private static Outcome single(String sql) {
        try {
            List<List<Object>> rows = SqlOpsWarehouse.rows(session, sql);
            assertEquals(1, rows.size(), sql);
            return Outcome.of(rows.get(0).get(0));
        } catch (SqlError e) {
            return Outcome.error(e.sqlState());
        }
    }

    private static boolean matches(String where, long id) {
        switch (where) {
            case "id % 2 = 0":
                return id % 2 == 0;
            case "id % 2 = 1":
                return id % 2 == 1;
            case "id < 3":
                return id < 3;
            default:
                return true;
        }
    }

    /** A value in a type-free form (integers as BigInteger, REAL widened to Double), NULL, or an SQLState. */
    record Outcome(Object value, String sqlState) {
        static final Outcome NULL = new Outcome(null, null);

        static Outcome of(Object v) {
            if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                return new Outcome(BigInteger.valueOf(((Number) v).longValue()), null);
            }
            if (v instanceof BigDecimal) {
                BigDecimal d = (BigDecimal) v;
                return new Outcome(d.signum() == 0 || d.stripTrailingZeros().scale() <= 0 ? d.toBigIntegerExact()
                        : d.stripTrailingZeros(), null);
            }
            if (v instanceof Float) {
                return new Outcome(((Float) v).doubleValue(), null);
            }
            return new Outcome(v, null);
        }

        static Outcome error(String sqlState) {
            return new Outcome(null, Objects.requireNonNull(sqlState));
        }

        @Override
        public String toString() {
            return sqlState != null ? "SQLState " + sqlState : String.valueOf(value);
        }
    }
}

package io.lancejdbc.conformance.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What one engine answered to one query: the rows as <em>normalized values</em>, or the failure.
 *
 * <p>Normalization (per the JDBC column type, so both drivers' objects meet on common ground): NULL stays
 * {@code null}; BOOLEAN → {@link Boolean}; exact numbers (every integer width, unsigned, HUGEINT, DECIMAL) →
 * {@link BigDecimal} without trailing zeros; REAL and DOUBLE → {@link Double} (a REAL widened exactly); text →
 * {@link String}; binary → lower-case hex in a {@link Bin}; DATE → {@link LocalDate}; TIME → {@link LocalTime};
 * TIMESTAMP → {@link LocalDateTime} (the wall-clock reading); TIMESTAMP WITH TIME ZONE → {@link Instant}; times and
 * timestamps at microsecond precision, the precision of lance-jdbc's JDBC getters (docs/conformance.md, so a
 * nanosecond column compares by its SQL expressions, {@code ts_ns = ts}, {@code ORDER BY ts_ns}); ARRAY →
 * {@link List} of normalized elements; STRUCT → {@link List} of normalized attributes in field order; MAP →
 * {@link Map} of normalized keys and values (compared without regard to entry order).
 *
 * @param columns column labels (empty on failure)
 * @param kinds the kind of each column (see {@link Kind})
 * @param rows normalized rows (empty on failure)
 * @param sqlState the failure's SQLState, or null when the query ran or the driver set none (DuckDB)
 * @param error the failure's message, or null
 */
record QueryOutcome(List<String> columns, List<Kind> kinds, List<List<Object>> rows, String sqlState, String error) {

    /** What a column holds, for comparing columns of two engines whose exact types may differ. */
    enum Kind {
        BOOLEAN, EXACT, APPROX, REAL, TEXT, BINARY, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, ARRAY, STRUCT, MAP, OTHER;

        /** Numbers of any kind compare by value; every other kind must match exactly. */
        boolean compatibleWith(Kind other) {
            return this == other || (isNumeric() && other.isNumeric()) || this == OTHER || other == OTHER;
        }

        boolean isNumeric() {
            return this == EXACT || this == APPROX || this == REAL;
        }
    }

    /** Binary content, compared by value. */
    record Bin(String hex) {
        @Override
        public String toString() {
            return "x'" + hex + "'";
        }
    }

    boolean failed() {
        return sqlState != null || error != null;
    }

    /** Whether the query ran and returned no rows. */
    boolean empty() {
        return !failed() && rows.isEmpty();
    }

    /**
     * Runs {@code sql} through {@code Statement.executeQuery} on {@code c} and captures the outcome (a failure is an
     * outcome, not an exception). This is how lance-jdbc runs every query of the suite.
     */
    static QueryOutcome run(Connection c, String sql) {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return read(rs);
        } catch (SQLException e) {
            return failure(e);
        } catch (RuntimeException e) {
            return new QueryOutcome(List.of(), List.of(), List.of(), "JAVA!", e.toString());
        }
    }

    /**
     * Runs {@code sql} through a {@code PreparedStatement}: DuckDB's driver reports binder and catalog errors only
     * this way (through {@code Statement} they read "Attempting to execute an unsuccessful or closed pending query
     * result").
     */
    static QueryOutcome runPrepared(Connection c, String sql) {
        try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            return read(rs);
        } catch (SQLException e) {
            return failure(e);
        } catch (RuntimeException e) {
            return new QueryOutcome(List.of(), List.of(), List.of(), "JAVA!", e.toString());
        }
    }

    private static QueryOutcome read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>();
        List<Kind> kinds = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            columns.add(md.getColumnLabel(i));
            kinds.add(kindOf(md.getColumnType(i), md.getColumnTypeName(i)));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(read(rs, i, kinds.get(i - 1)));
            }
            rows.add(row);
        }
        return new QueryOutcome(columns, kinds, rows, null, null);
    }

    private static QueryOutcome failure(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
        return new QueryOutcome(List.of(), List.of(), List.of(), e.getSQLState(), message);
    }

    /**
     * This outcome with {@code rules} applied column by column (a null rule keeps the column); a failure stays as it
     * is.
     *
     * @throws IllegalArgumentException when there are rules but not one per column
     */
    QueryOutcome withRules(List<ColumnRule> rules) {
        if (rules.isEmpty() || failed()) {
            return this;
        }
        if (rules.size() != kinds.size()) {
            throw new IllegalArgumentException(rules.size() + " rules for " + kinds.size() + " columns");
        }
        List<Kind> k = new ArrayList<>(kinds);
        for (int c = 0; c < rules.size(); c++) {
            if (rules.get(c) != null) {
                k.set(c, rules.get(c).kind());
            }
        }
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>(row);
            for (int c = 0; c < rules.size(); c++) {
                if (rules.get(c) != null) {
                    r.set(c, rules.get(c).apply(row.get(c)));
                }
            }
            out.add(r);
        }
        return new QueryOutcome(columns, k, out, null, null);
    }

    /**
     * The SQLSTATE class of the failure (two characters): lance-jdbc's SQLState's, or for an error without SQLState
     * (DuckDB's) the class its message names ({@link DuckDbErrors}); empty when there is none.
     */
    java.util.Optional<String> sqlStateClass() {
        if (sqlState != null && sqlState.length() >= 2) {
            return java.util.Optional.of(sqlState.substring(0, 2));
        }
        return error == null ? java.util.Optional.empty() : DuckDbErrors.sqlStateClass(error);
    }

    static Kind kindOf(int jdbcType, String typeName) {
        String name = typeName == null ? "" : typeName.toUpperCase(java.util.Locale.ROOT);
        switch (jdbcType) {
            case Types.BOOLEAN, Types.BIT:
                return Kind.BOOLEAN;
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC:
                return Kind.EXACT;
            case Types.REAL:
                return Kind.REAL;
            case Types.FLOAT:
                // DuckDB reports its 4-byte FLOAT as Types.FLOAT.
                return name.equals("FLOAT") ? Kind.REAL : Kind.APPROX;
            case Types.DOUBLE:
                return Kind.APPROX;
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.CLOB:
                return Kind.TEXT;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB:
                return Kind.BINARY;
            case Types.DATE:
                return Kind.DATE;
            case Types.TIME:
                return Kind.TIME;
            case Types.TIMESTAMP:
                return Kind.TIMESTAMP;
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return Kind.TIMESTAMPTZ;
            case Types.ARRAY:
                return Kind.ARRAY;
            case Types.STRUCT:
                return Kind.STRUCT;
            default:
                break;
        }
        if (name.startsWith("MAP")) {
            return Kind.MAP;
        }
        if (name.equals("HUGEINT") || name.equals("UHUGEINT") || name.startsWith("UBIGINT")
                || name.startsWith("UINTEGER") || name.startsWith("USMALLINT") || name.startsWith("UTINYINT")) {
            return Kind.EXACT;
        }
        if (name.startsWith("STRUCT")) {
            return Kind.STRUCT;
        }
        if (name.endsWith("[]") || name.startsWith("ARRAY") || name.startsWith("LIST")) {
            return Kind.ARRAY;
        }
        if (name.equals("TIMESTAMP WITH TIME ZONE")) {
            return Kind.TIMESTAMPTZ;
        }
        return Kind.OTHER;
    }

    private static Object read(ResultSet rs, int i, Kind kind) throws SQLException {
        Object o;
        switch (kind) {
            case DATE -> o = rs.getObject(i, LocalDate.class);
            case TIMESTAMP -> o = rs.getObject(i, LocalDateTime.class);
            case TIMESTAMPTZ -> {
                OffsetDateTime odt = rs.getObject(i, OffsetDateTime.class);
                o = odt == null ? null : odt.toInstant();
            }
            case TIME -> o = rs.getObject(i, LocalTime.class);
            default -> o = rs.getObject(i);
        }
        if (rs.wasNull()) {
            return null;
        }
        return normalize(o);
    }

    /** Normalizes a value returned by {@code getObject} (see the class comment). */
    static Object normalize(Object o) throws SQLException {
        if (o == null) {
            return null;
        }
        if (o instanceof Boolean) {
            return o;
        }
        if (o instanceof Float f) {
            return (double) f;
        }
        if (o instanceof Double) {
            return o;
        }
        if (o instanceof Byte || o instanceof Short || o instanceof Integer || o instanceof Long) {
            return BigDecimal.valueOf(((Number) o).longValue());
        }
        if (o instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (o instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (o instanceof String || o instanceof LocalDate) {
            return o;
        }
        if (o instanceof LocalTime t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        if (o instanceof LocalDateTime t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        if (o instanceof Instant t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        if (o instanceof Character ch) {
            return String.valueOf(ch);
        }
        if (o instanceof OffsetDateTime odt) {
            return normalize(odt.toInstant());
        }
        if (o instanceof ZonedDateTime zdt) {
            return normalize(zdt.toInstant());
        }
        if (o instanceof Timestamp ts) {
            return normalize(ts.toLocalDateTime());
        }
        if (o instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (o instanceof java.sql.Time t) {
            return normalize(t.toLocalTime());
        }
        if (o instanceof byte[] bytes) {
            return new Bin(HexFormat.of().formatHex(bytes));
        }
        if (o instanceof Blob b) {
            return new Bin(HexFormat.of().formatHex(b.getBytes(1, (int) b.length())));
        }
        if (o instanceof UUID u) {
            return u.toString();
        }
        if (o instanceof Array a) {
            Object arr = a.getArray();
            List<Object> out = new ArrayList<>();
            if (arr instanceof Object[] objects) {
                for (Object x : objects) {
                    out.add(normalize(x));
                }
            } else {
                int len = java.lang.reflect.Array.getLength(arr);
                for (int k = 0; k < len; k++) {
                    out.add(normalize(java.lang.reflect.Array.get(arr, k)));
                }
            }
            return out;
        }
        if (o instanceof Struct s) {
            List<Object> out = new ArrayList<>();
            for (Object x : s.getAttributes()) {
                out.add(normalize(x));
            }
            return out;
        }
        if (o instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.put(normalize(e.getKey()), normalize(e.getValue()));
            }
            return out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object x : l) {
                out.add(normalize(x));
            }
            return out;
        }
        throw new IllegalStateException("No normalization for " + o.getClass().getName() + ": " + o);
    }

    @Override
    public String toString() {
        if (failed()) {
            return "ERROR " + (sqlState == null ? "(no SQLState, class " + sqlStateClass().orElse("?") + ")" : sqlState)
                    + ": " + error;
        }
        StringBuilder sb = new StringBuilder(columns + " " + kinds + " " + rows.size() + " rows");
        int shown = 0;
        for (List<Object> row : rows) {
            if (shown++ == 12) {
                sb.append("\n  ...");
                break;
            }
            sb.append("\n  ").append(row);
        }
        return sb.toString();
    }
}

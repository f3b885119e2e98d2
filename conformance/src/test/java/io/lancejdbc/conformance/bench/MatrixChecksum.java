package io.lancejdbc.conformance.bench;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * What one side of a matrix cell read, reduced to a fingerprint both sides can be compared on. Every value of every
 * row is read: through the typed {@code ResultSet} getter on our side ({@code getLong}, {@code getInt},
 * {@code getDouble}, {@code getString}), from the Arrow vector on the other ({@code get}, a {@code String} per utf8
 * value). Integers compare as {@code long}, floating values rounded to 1e-4 (two engines may add in another order),
 * strings by content. Rows are combined order-insensitively (a sum of row hashes) unless the cell is ordered, where
 * the position of each row counts.
 */
final class MatrixChecksum {
    private static final long NULL_HASH = 0x9E3779B97F4A7C15L;
    private final boolean ordered;
    private long rows;
    private long sum;

    MatrixChecksum(boolean ordered) {
        this.ordered = ordered;
    }

    private void addRow(long h) {
        rows++;
        sum = ordered ? sum * 1_000_003L + h : sum + mix(h);
    }

    @Override
    public String toString() {
        return "rows=" + rows + " hash=" + Long.toHexString(sum);
    }

    long rows() {
        return rows;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    private static long ofDouble(double d) {
        return Math.round(d * 1e4);
    }

    /** Reads every value of {@code rs} with the getter of its column's JDBC type. */
    static MatrixChecksum ofResultSet(ResultSet rs, boolean ordered) throws SQLException {
        MatrixChecksum c = new MatrixChecksum(ordered);
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        int[] kinds = new int[n];
        for (int i = 0; i < n; i++) {
            kinds[i] = switch (md.getColumnType(i + 1)) {
                case Types.BIGINT -> 0;
                case Types.INTEGER, Types.SMALLINT, Types.TINYINT -> 1;
                case Types.DOUBLE, Types.FLOAT, Types.REAL -> 2;
                case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR -> 3;
                default -> throw new IllegalStateException("matrix columns are integers, doubles and text, not "
                        + md.getColumnTypeName(i + 1));
            };
        }
        while (rs.next()) {
            long h = 17;
            for (int i = 0; i < n; i++) {
                long v;
                switch (kinds[i]) {
                    case 0 -> {
                        long x = rs.getLong(i + 1);
                        v = rs.wasNull() ? NULL_HASH : x;
                    }
                    case 1 -> {
                        int x = rs.getInt(i + 1);
                        v = rs.wasNull() ? NULL_HASH : x;
                    }
                    case 2 -> {
                        double x = rs.getDouble(i + 1);
                        v = rs.wasNull() ? NULL_HASH : ofDouble(x);
                    }
                    default -> {
                        String s = rs.getString(i + 1);
                        v = s == null ? NULL_HASH : s.hashCode();
                    }
                }
                h = h * 31 + v;
            }
            c.addRow(h);
        }
        return c;
    }

    /** One column of an Arrow batch, read the way the getters read it. */
    private interface ColumnReader {
        long hash(int row);
    }

    private static ColumnReader reader(FieldVector v) {
        if (v instanceof BaseIntVector iv) {
            return row -> v.isNull(row) ? NULL_HASH : iv.getValueAsLong(row);
        }
        if (v instanceof Float8Vector f) {
            return row -> f.isNull(row) ? NULL_HASH : ofDouble(f.get(row));
        }
        if (v instanceof Float4Vector f) {
            return row -> f.isNull(row) ? NULL_HASH : ofDouble(f.get(row));
        }
        if (v instanceof VarCharVector s) {
            return row -> s.isNull(row) ? NULL_HASH : new String(s.get(row), StandardCharsets.UTF_8).hashCode();
        }
        return row -> {
            Object o = v.getObject(row);
            return o == null ? NULL_HASH : o.toString().hashCode();
        };
    }

    /** Adds every row of {@code root}. */
    void addBatch(VectorSchemaRoot root) {
        List<FieldVector> vectors = root.getFieldVectors();
        ColumnReader[] readers = new ColumnReader[vectors.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = reader(vectors.get(i));
        }
        int n = root.getRowCount();
        for (int r = 0; r < n; r++) {
            long h = 17;
            for (ColumnReader reader : readers) {
                h = h * 31 + reader.hash(r);
            }
            addRow(h);
        }
    }
}

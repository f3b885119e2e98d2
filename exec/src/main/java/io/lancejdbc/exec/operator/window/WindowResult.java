package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.operator.VectorGather;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The values one window function computed for every input row (indexed by row id), cut into output vectors batch
 * by batch.
 */
abstract class WindowResult {

    /** A new vector of type {@code field} with the values of rows {@code [from, from + count)}. */
    abstract FieldVector slice(Field field, int from, int count, BufferAllocator allocator);

    /**
     * A new vector of {@code field} with {@code count} values that {@code fill} writes; closed again when
     * {@code fill} fails.
     */
    static FieldVector written(Field field, int count, BufferAllocator allocator,
            java.util.function.Consumer<FieldVector> fill) {
        FieldVector v = ColumnWriters.allocate(field, count, allocator);
        try {
            fill.accept(v);
            v.setValueCount(count);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    /** Approximate bytes held (heap and Arrow). */
    abstract long estimatedBytes();

    /** Frees the Arrow memory this result owns; idempotent. */
    void close() {
    }

    /** 64-bit integers (ranks, counts, integer sums). */
    static final class Longs extends WindowResult {
        final long[] values;
        final boolean[] nulls;

        Longs(int n, boolean nullable) {
            values = new long[n];
            nulls = nullable ? new boolean[n] : null;
        }

        void set(int row, long v) {
            values[row] = v;
        }

        void setNull(int row) {
            nulls[row] = true;
        }

        @Override
        FieldVector slice(Field field, int from, int count, BufferAllocator allocator) {
            return written(field, count, allocator, v -> {
                ColumnWriters.LongWriter w = ColumnWriters.longs(v);
                for (int k = 0; k < count; k++) {
                    if (nulls != null && nulls[from + k]) {
                        w.setNull(k);
                    } else {
                        w.set(k, values[from + k]);
                    }
                }
            });
        }

        @Override
        long estimatedBytes() {
            return values.length * 9L;
        }
    }

    /** Doubles (averages, float sums, ranks as fractions, variances). */
    static final class Doubles extends WindowResult {
        final double[] values;
        final boolean[] nulls;

        Doubles(int n) {
            values = new double[n];
            nulls = new boolean[n];
        }

        @Override
        FieldVector slice(Field field, int from, int count, BufferAllocator allocator) {
            return written(field, count, allocator, v -> {
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(v);
                for (int k = 0; k < count; k++) {
                    if (nulls[from + k]) {
                        w.setNull(k);
                    } else {
                        w.set(k, values[from + k]);
                    }
                }
            });
        }

        @Override
        long estimatedBytes() {
            return values.length * 9L;
        }
    }

    /** Objects written through typed writers: BigDecimal (decimal sums), String (GROUP_CONCAT), Boolean. */
    static final class Objects extends WindowResult {
        final Object[] values;

        Objects(int n) {
            values = new Object[n];
        }

        @Override
        FieldVector slice(Field field, int from, int count, BufferAllocator allocator) {
            return written(field, count, allocator, v -> {
                switch (field.getType().getTypeID()) {
                    case Decimal: {
                        ColumnWriters.DecimalWriter w = ColumnWriters.decimals(v);
                        for (int k = 0; k < count; k++) {
                            Object x = values[from + k];
                            if (x == null) {
                                w.setNull(k);
                            } else {
                                w.set(k, (BigDecimal) x);
                            }
                        }
                        break;
                    }
                    case FloatingPoint: {
                        ColumnWriters.DoubleWriter w = ColumnWriters.doubles(v);
                        for (int k = 0; k < count; k++) {
                            Object x = values[from + k];
                            if (x == null) {
                                w.setNull(k);
                            } else {
                                w.set(k, ((BigDecimal) x).doubleValue());
                            }
                        }
                        break;
                    }
                    case Bool: {
                        ColumnWriters.BoolWriter w = ColumnWriters.bools(v);
                        for (int k = 0; k < count; k++) {
                            Object x = values[from + k];
                            if (x == null) {
                                w.setNull(k);
                            } else {
                                w.set(k, (Boolean) x);
                            }
                        }
                        break;
                    }
                    default: {
                        ColumnWriters.BytesWriter w = ColumnWriters.bytes(v);
                        for (int k = 0; k < count; k++) {
                            Object x = values[from + k];
                            if (x == null) {
                                w.setNull(k);
                            } else {
                                w.set(k, ((String) x).getBytes(StandardCharsets.UTF_8));
                            }
                        }
                    }
                }
            });
        }

        @Override
        long estimatedBytes() {
            return values.length * 40L;
        }
    }

    /**
     * Values copied from rows of a vector (LAG, LEAD, FIRST_VALUE: of an argument; aggregates: of the vector the
     * accumulator wrote, which this result then owns); -1: NULL.
     */
    static final class RowRefs extends WindowResult {
        private FieldVector source;
        final int[] rows;
        private final boolean owned;

        RowRefs(FieldVector source, int n) {
            this(source, new int[n], false);
        }

        RowRefs(FieldVector source, int[] rows, boolean owned) {
            this.source = source;
            this.rows = rows;
            this.owned = owned;
        }

        @Override
        void close() {
            if (owned && source != null) {
                source.close();
                source = null;
            }
        }

        @Override
        FieldVector slice(Field field, int from, int count, BufferAllocator allocator) {
            return VectorGather.gather(source, field, rows, from, count, allocator);
        }

        @Override
        long estimatedBytes() {
            return rows.length * 4L + (owned && source != null ? source.getBufferSize() : 0);
        }
    }
}

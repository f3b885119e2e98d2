package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The distinct non-NULL values of one aggregate argument in every group, for {@code f(DISTINCT x)}: each pair
 * (group, value) is kept once, the value as first seen, and the pairs are written back in the order they were first
 * seen (so that an aggregate whose result depends on order, such as GROUP_CONCAT, sees each group's values in input
 * order). Equality is the engine's for GROUP BY and DISTINCT ({@link io.lancejdbc.exec.operator.hash.KeyValues}):
 * -0.0 equals 0.0, all NaNs are one value, strings and binaries compare by bytes, decimals by value.
 */
interface DistinctValues {

    /**
     * The set for arguments of type {@code arg}: primitive open addressing for fixed-width values
     * ({@link FixedDistinctValues}), a byte arena for strings and binaries ({@link BytesDistinctValues}), engine
     * values as hash keys for the other types ({@link GenericDistinctValues}).
     */
    static DistinctValues forArgument(Field arg, BufferAllocator allocator) {
        ArrowType t = arg.getType();
        switch (t.getTypeID()) {
            case Date:
            case Time:
            case Timestamp:
                if (storedFinerThanRead(t)) {
                    // date64 is read as whole days and nanoseconds as microseconds: stored bits that differ can be
                    // one value, so the generic set compares the values the engine reads.
                    return new GenericDistinctValues(arg, allocator);
                }
                return new FixedDistinctValues(arg, FixedDistinctValues.Equality.BITS, allocator);
            case Int:
                return new FixedDistinctValues(arg, FixedDistinctValues.Equality.BITS, allocator);
            case FloatingPoint: {
                FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
                if (p == FloatingPointPrecision.DOUBLE) {
                    return new FixedDistinctValues(arg, FixedDistinctValues.Equality.DOUBLE, allocator);
                }
                if (p == FloatingPointPrecision.SINGLE) {
                    return new FixedDistinctValues(arg, FixedDistinctValues.Equality.FLOAT, allocator);
                }
                return new GenericDistinctValues(arg, allocator);
            }
            case Utf8:
            case Binary:
                return new BytesDistinctValues(arg, allocator);
            default:
                return new GenericDistinctValues(arg, allocator);
        }
    }

    /**
     * Adds the non-NULL values of rows {@code 0..rows-1} of {@code values}, row {@code i} in group {@code groupIds[i]}.
     */
    void add(FieldVector values, int rows, int[] groupIds);

    /** Adds the pairs of {@code other} (a set of the same argument), its group {@code g} as group {@code mapping[g]}. */
    void addAll(DistinctValues other, int[] mapping);

    /** The number of pairs. */
    int size();

    /**
     * A new vector of the argument's type holding the values of every pair, in first-seen order; {@code groups}
     * (at least {@link #size()} long) receives the group of each. The caller owns the vector.
     */
    FieldVector write(int[] groups);

    /** Approximate heap bytes held. */
    long estimatedBytes();

    /**
     * {@code v} when it is of type {@code arg}, else a new vector of that type holding the same engine values (the
     * caller then closes it): the sets read the Arrow layout of the argument's declared type.
     */
    static FieldVector ofType(FieldVector v, int rows, Field arg, BufferAllocator allocator) {
        if (v.getField().getType().equals(arg.getType())) {
            return v;
        }
        FieldVector out = ColumnWriters.allocate(arg, rows, allocator);
        try {
            ValueAccess.Getter g = ValueAccess.getter(v);
            ValueAccess.Setter s = ValueAccess.setter(out);
            for (int i = 0; i < rows; i++) {
                s.set(i, g.get(i));
            }
            out.setValueCount(rows);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    /** Whether the engine reads values of {@code t} at a coarser unit than they are stored (date64, nanoseconds). */
    private static boolean storedFinerThanRead(ArrowType t) {
        if (t instanceof ArrowType.Date) {
            return ((ArrowType.Date) t).getUnit() == org.apache.arrow.vector.types.DateUnit.MILLISECOND;
        }
        if (t instanceof ArrowType.Time) {
            return ((ArrowType.Time) t).getUnit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
        }
        return t instanceof ArrowType.Timestamp
                && ((ArrowType.Timestamp) t).getUnit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
    }
}

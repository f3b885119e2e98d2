package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code f(DISTINCT x)}: collects the distinct non-NULL values per group ({@link DistinctValues}, primitive for
 * fixed-width, string and binary arguments), then feeds them, in first-seen order, to the plain accumulator of
 * {@code f} when the result is written. Partial states (one per split worker) merge by adding one set into another.
 */
final class DistinctAccumulator extends GroupByOnlyAccumulator {
    private final Accumulator base;
    private final BufferAllocator allocator;
    private final DistinctValues values;
    private Object separator;
    private boolean hasSeparator;
    private Field separatorField;

    DistinctAccumulator(Accumulator base, Field argField, BufferAllocator allocator) {
        this.base = base;
        this.allocator = allocator;
        this.values = DistinctValues.forArgument(argField, allocator);
    }

    @Override
    public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
        if (args.length > 1 && !hasSeparator && rows > 0) {
            separator = ValueAccess.getter(args[1]).get(0);
            separatorField = args[1].getField();
            hasSeparator = true;
        }
        values.add(args[0], rows, groupIds);
    }

    @Override
    public void merge(Accumulator other, int[] mapping, int groupCount) {
        DistinctAccumulator o = (DistinctAccumulator) other;
        values.addAll(o.values, mapping);
        if (!hasSeparator && o.hasSeparator) {
            hasSeparator = true;
            separator = o.separator;
            separatorField = o.separatorField;
        }
    }

    @Override
    public void write(FieldVector out, int groupCount) {
        int total = values.size();
        int[] ids = new int[total];
        FieldVector arg = values.write(ids);
        FieldVector sep = null;
        try {
            if (hasSeparator) {
                sep = ColumnWriters.allocate(separatorField, total, allocator);
                ValueAccess.Setter ss = ValueAccess.setter(sep);
                for (int k = 0; k < total; k++) {
                    ss.set(k, separator);
                }
                sep.setValueCount(total);
            }
            base.update(sep == null ? new FieldVector[] {arg} : new FieldVector[] {arg, sep}, total, ids, groupCount);
            base.write(out, groupCount);
        } finally {
            arg.close();
            if (sep != null) {
                sep.close();
            }
        }
    }

    @Override
    public long estimatedBytes() {
        return values.estimatedBytes() + base.estimatedBytes();
    }

}

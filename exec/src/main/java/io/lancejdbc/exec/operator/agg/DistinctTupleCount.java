package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.operator.hash.KeyValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;

/**
 * {@code COUNT(DISTINCT a, b, ...)}: the number of distinct combinations of the arguments per group, rows with a
 * NULL argument skipped. Combinations compare by their hash keys ({@link KeyValues}), as GROUP BY compares its keys.
 */
final class DistinctTupleCount extends GroupByOnlyAccumulator {
    /** Heap bytes counted per distinct (group, combination): the set entry and the key lists. */
    private static final long BYTES_PER_PAIR = 64;

    private record Pair(int group, List<Object> key) {
    }

    private final Set<Pair> seen = new HashSet<>();
    /** The pairs in first-seen order, for a merge into another state. */
    private final List<Pair> pairs = new ArrayList<>();
    private long[] counts = new long[16];
    private long keyBytes;

    @Override
    public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
        counts = GroupArrays.fit(counts, groupCount);
        ValueAccess.Getter[] getters = new ValueAccess.Getter[args.length];
        for (int k = 0; k < args.length; k++) {
            getters[k] = ValueAccess.getter(args[k]);
        }
        rows:
        for (int i = 0; i < rows; i++) {
            Object[] key = new Object[args.length];
            for (int k = 0; k < args.length; k++) {
                Object x = getters[k].get(i);
                if (x == null) {
                    continue rows;
                }
                key[k] = KeyValues.normalize(x);
            }
            insert(new Pair(groupIds[i], Arrays.asList(key)));
        }
    }

    private void insert(Pair p) {
        if (seen.add(p)) {
            pairs.add(p);
            counts[p.group()]++;
            keyBytes += BYTES_PER_PAIR + 16L * p.key().size();
        }
    }

    @Override
    public void merge(Accumulator other, int[] mapping, int groupCount) {
        counts = GroupArrays.fit(counts, groupCount);
        for (Pair p : ((DistinctTupleCount) other).pairs) {
            insert(new Pair(mapping[p.group()], p.key()));
        }
    }

    @Override
    public void write(FieldVector out, int groupCount) {
        counts = GroupArrays.fit(counts, groupCount);
        ColumnWriters.LongWriter w = ColumnWriters.longs(out);
        for (int g = 0; g < groupCount; g++) {
            w.set(g, counts[g]);
        }
        out.setValueCount(groupCount);
    }

    @Override
    public long estimatedBytes() {
        return keyBytes + counts.length * 8L;
    }
}

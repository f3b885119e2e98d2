package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The groups and accumulator states of one (partial) aggregation: batches are folded in, partial states of other
 * threads are merged in, and the result is written as one batch.
 */
final class AggregationState implements AutoCloseable {
    private final GroupTable table;
    private final List<Accumulator> accumulators;
    private final List<CompiledExpr> keyExprs;
    private final List<List<CompiledExpr>> argExprs;
    private final BufferAllocator allocator;
    private final long maxMemoryBytes;
    private int[] groupIds = new int[0];

    /** @param table null for an aggregation without GROUP BY (one group) */
    AggregationState(GroupTable table, List<Accumulator> accumulators, List<CompiledExpr> keyExprs,
            List<List<CompiledExpr>> argExprs, BufferAllocator allocator, long maxMemoryBytes) {
        this.table = table;
        this.accumulators = accumulators;
        this.keyExprs = keyExprs;
        this.argExprs = argExprs;
        this.allocator = allocator;
        this.maxMemoryBytes = maxMemoryBytes;
    }

    int groupCount() {
        return table == null ? 1 : table.size();
    }

    /** Folds one batch in. */
    void consume(VectorSchemaRoot b) {
        int n = b.getRowCount();
        if (groupIds.length < n) {
            groupIds = new int[n];
        }
        if (table != null) {
            List<Evaluated> kv = new ArrayList<>();
            try {
                FieldVector[] kvec = new FieldVector[keyExprs.size()];
                for (int k = 0; k < keyExprs.size(); k++) {
                    Evaluated e = keyExprs.get(k).evaluate(b, allocator);
                    kv.add(e);
                    kvec[k] = e.vector();
                }
                table.assign(kvec, n, groupIds);
            } finally {
                for (Evaluated e : kv) {
                    e.close();
                }
            }
        } else {
            java.util.Arrays.fill(groupIds, 0, n, 0);
        }
        int groups = groupCount();
        for (int a = 0; a < accumulators.size(); a++) {
            List<Evaluated> av = new ArrayList<>();
            try {
                FieldVector[] avec = new FieldVector[argExprs.get(a).size()];
                for (int k = 0; k < avec.length; k++) {
                    Evaluated e = argExprs.get(a).get(k).evaluate(b, allocator);
                    av.add(e);
                    avec[k] = e.vector();
                }
                accumulators.get(a).update(avec, n, groupIds, groups);
            } finally {
                for (Evaluated e : av) {
                    e.close();
                }
            }
        }
        checkMemory();
    }

    /** Merges a partial state of the same aggregation into this one. */
    void merge(AggregationState other, Field[] keyFields) {
        int[] mapping;
        if (table == null) {
            mapping = new int[] {0};
        } else {
            int n = other.table.size();
            mapping = new int[n];
            FieldVector[] keys = other.table.keyVectors(keyFields, allocator);
            try {
                table.assign(keys, n, mapping);
            } finally {
                for (FieldVector v : keys) {
                    v.close();
                }
            }
        }
        int groups = groupCount();
        for (int a = 0; a < accumulators.size(); a++) {
            accumulators.get(a).merge(other.accumulators.get(a), mapping, groups);
        }
        checkMemory();
    }

    long estimatedBytes() {
        long bytes = table == null ? 0 : table.estimatedBytes();
        for (Accumulator a : accumulators) {
            bytes += a.estimatedBytes();
        }
        return bytes;
    }

    private void checkMemory() {
        long bytes = estimatedBytes();
        if (bytes > maxMemoryBytes) {
            throw new SqlError(SqlState.OUT_OF_MEMORY, "GROUP BY state needs about " + mebibytes(bytes)
                    + ", above query.max_memory (" + io.lancejdbc.exec.operator.hash.BuildSide.mib(maxMemoryBytes)
                    + "); raise query.max_memory or group by fewer distinct keys");
        }
    }

    /** An estimate for a message: whole MiB, or KiB below one MiB. */
    private static String mebibytes(long bytes) {
        return bytes >= 1 << 20 ? bytes / (1 << 20) + " MiB" : bytes / 1024 + " KiB";
    }

    /** The result: key columns then aggregate columns, one row per group. */
    VectorSchemaRoot output(Schema schema, int keyCount) {
        int groups = groupCount();
        List<FieldVector> out = new ArrayList<>();
        try {
            List<Field> fields = schema.getFields();
            if (table != null) {
                Field[] kf = fields.subList(0, keyCount).toArray(new Field[0]);
                for (FieldVector v : table.keyVectors(kf, allocator)) {
                    out.add(v);
                }
            }
            for (int a = 0; a < accumulators.size(); a++) {
                FieldVector v = ColumnWriters.allocate(fields.get(keyCount + a), groups, allocator);
                out.add(v);
                accumulators.get(a).write(v, groups);
            }
        } catch (RuntimeException e) {
            for (FieldVector v : out) {
                v.close();
            }
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, groups);
        root.setRowCount(groups);
        return root;
    }

    /** Frees the Arrow memory of the group table and the accumulators; idempotent. */
    @Override
    public void close() {
        if (table != null) {
            table.close();
        }
        for (Accumulator a : accumulators) {
            a.close();
        }
    }

    /** Creates fresh states for the same aggregation. */
    interface Factory extends Supplier<AggregationState> {
    }
}

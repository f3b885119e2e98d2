package io.lancejdbc.exec.operator.hash;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.operator.BatchConcat;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The build side of a join or set operation held in memory: every row of the build input in one batch, its key
 * vectors, the chains of rows per key (for a hash table the rows with an equal key, for a nested loop every row) and
 * which rows found a match. Memory (Arrow buffers plus the heap arrays) is bounded by {@code query.max_memory}.
 */
public final class BuildSide implements AutoCloseable {
    private final VectorSchemaRoot rows;
    private final List<Evaluated> keyVectors;
    private final KeyHashTable table;
    private final int[] crossNext;
    private final boolean[] matched;

    private BuildSide(VectorSchemaRoot rows, List<Evaluated> keyVectors, KeyHashTable table, int[] crossNext,
            boolean trackMatches) {
        this.rows = rows;
        this.keyVectors = keyVectors;
        this.table = table;
        this.crossNext = crossNext;
        this.matched = trackMatches ? new boolean[rows.getRowCount()] : null;
    }

    /**
     * Reads {@code input} to the end and indexes it.
     *
     * @param keys key expressions over the build input; empty for a nested loop
     * @param nullSafe per key: NULL matches NULL
     * @param trackMatches remember which build rows matched (outer joins on the build side)
     * @param operator the operator reading it, for the error message ("Hash join", "INTERSECT", ...)
     * @param role "left" or "right", for the error message
     * @throws SqlError HY001 when the build side needs more than {@code maxMemoryBytes}
     */
    public static BuildSide read(PhysicalOperator input, ExecContext ctx, List<CompiledExpr> keys,
            boolean[] nullSafe, boolean trackMatches, long maxMemoryBytes, String operator, String role) {
        List<VectorSchemaRoot> batches = new ArrayList<>();
        VectorSchemaRoot all = null;
        List<Evaluated> keyVectors = new ArrayList<>();
        long rowCount = 0;
        try {
            long bytes = 0;
            try (BatchStream in = ctx.open(input)) {
                VectorSchemaRoot b;
                while ((b = in.next()) != null) {
                    ctx.cancellation().throwIfCancelled();
                    if (b.getRowCount() == 0) {
                        b.close();
                        continue;
                    }
                    batches.add(b);
                    rowCount += b.getRowCount();
                    bytes += bufferBytes(b);
                    // Concatenation briefly holds the batches twice.
                    if (rowCount > Integer.MAX_VALUE - 1 || 2 * bytes > maxMemoryBytes) {
                        throw tooLarge(operator, role, rowCount, maxMemoryBytes, null);
                    }
                }
            }
            all = BatchConcat.concat(input.schema(), batches, ctx.allocator());
            closeAll(batches);
            int n = all.getRowCount();
            KeyHashTable table = null;
            int[] crossNext = null;
            long heap;
            if (keys.isEmpty()) {
                crossNext = new int[n];
                for (int i = 0; i < n; i++) {
                    crossNext[i] = i + 1 < n ? i + 1 : -1;
                }
                heap = 4L * n;
            } else {
                FieldVector[] kv = new FieldVector[keys.size()];
                for (int k = 0; k < keys.size(); k++) {
                    Evaluated e = keys.get(k).evaluate(all, ctx.allocator());
                    keyVectors.add(e);
                    kv[k] = e.vector();
                }
                KeyBatch kb = new KeyBatch(kv, nullSafe, n);
                table = KeyHashTable.build(kb);
                heap = table.estimatedBytes() + kb.estimatedBytes();
            }
            long total = bufferBytes(all) + heap + (trackMatches ? n : 0);
            for (Evaluated e : keyVectors) {
                if (e.isOwned()) {
                    total += e.vector().getBufferSize();
                }
            }
            if (total > maxMemoryBytes) {
                throw tooLarge(operator, role, n, maxMemoryBytes, null);
            }
            return new BuildSide(all, keyVectors, table, crossNext, trackMatches);
        } catch (OutOfMemoryException e) {
            closeAll(batches);
            closeKeys(keyVectors);
            if (all != null) {
                all.close();
            }
            throw tooLarge(operator, role, rowCount, maxMemoryBytes, e);
        } catch (RuntimeException e) {
            closeAll(batches);
            closeKeys(keyVectors);
            if (all != null) {
                all.close();
            }
            throw e;
        }
    }

    private static SqlError tooLarge(String operator, String role, long rows, long maxMemoryBytes,
            Throwable cause) {
        String limit = maxMemoryBytes == Long.MAX_VALUE ? "the available memory"
                : "query.max_memory (" + mib(maxMemoryBytes) + ")";
        String msg = operator + " build side (the " + role + " input, "
                + rows + " rows read) needs more than " + limit + "; raise query.max_memory (connection property"
                + " or SET query.max_memory = ...) or filter the " + role + " input";
        return cause == null ? new SqlError(SqlState.OUT_OF_MEMORY, msg) : new SqlError(SqlState.OUT_OF_MEMORY, msg,
                cause);
    }

    /** {@code bytes} for a message: in MiB or KiB when it is a whole number of them. */
    public static String mib(long bytes) {
        if (bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + " MiB";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }

    public static long bufferBytes(VectorSchemaRoot b) {
        long n = 0;
        for (FieldVector v : b.getFieldVectors()) {
            n += v.getBufferSize();
        }
        return n;
    }

    private static void closeAll(List<VectorSchemaRoot> batches) {
        for (VectorSchemaRoot b : batches) {
            b.close();
        }
        batches.clear();
    }

    private static void closeKeys(List<Evaluated> keys) {
        for (Evaluated e : keys) {
            e.close();
        }
        keys.clear();
    }

    public VectorSchemaRoot rows() {
        return rows;
    }

    public int rowCount() {
        return rows.getRowCount();
    }

    /** Null for a nested loop. */
    public KeyHashTable table() {
        return table;
    }

    /** Fills {@code heads[0..n)} with the first matching build row of each probe row, or -1. */
    public void heads(KeyBatch probe, int n, int[] heads) {
        if (table != null) {
            table.heads(probe, n, heads);
        } else {
            Arrays.fill(heads, 0, n, rowCount() > 0 ? 0 : -1);
        }
    }

    /** {@code chains()[row]}: the next build row in the chain after {@code row}, or -1 (shared, read-only). */
    public int[] chains() {
        return table != null ? table.chains() : crossNext;
    }

    public boolean hasRejectedRow() {
        return table != null && table.hasRejectedRow();
    }

    public void markMatched(int row) {
        matched[row] = true;
    }

    public boolean matched(int row) {
        return matched[row];
    }

    @Override
    public void close() {
        closeKeys(keyVectors);
        rows.close();
    }
}

package io.lancejdbc.exec.operator.setop;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.VectorGather;
import io.lancejdbc.exec.operator.hash.BuildSide;
import io.lancejdbc.exec.operator.hash.KeyBatch;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.plan.SetOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * INTERSECT [ALL] and EXCEPT [ALL] by hashing whole rows, NULLs equal to NULLs (SQL:2011 7.17: rows are duplicates
 * when no column is distinct). The right input is held in memory (bounded by {@code query.max_memory}); the left
 * input streams. With ALL a left row consumes one equal right row: INTERSECT ALL returns min(m, n) copies of a row
 * found m times left and n times right, EXCEPT ALL max(m - n, 0). Without ALL the planner de-duplicates the left
 * input first, so a row is returned once when it is found (INTERSECT) or not found (EXCEPT) on the right.
 */
public final class HashSetOperator implements PhysicalOperator {
    private final PhysicalOperator left;
    private final PhysicalOperator right;
    private final SetOperation.Kind kind;
    private final boolean all;
    private final Schema schema;
    private final long maxMemoryBytes;

    /**
     * @param kind INTERSECT or EXCEPT
     * @param all true for the ALL form; false expects a duplicate-free left input
     */
    public HashSetOperator(PhysicalOperator left, PhysicalOperator right, SetOperation.Kind kind, boolean all,
            List<Field> output, long maxMemoryBytes) {
        if (kind == SetOperation.Kind.UNION) {
            throw new IllegalArgumentException("UNION is planned as UNION ALL plus a hash distinct");
        }
        this.left = left;
        this.right = right;
        this.kind = kind;
        this.all = all;
        this.schema = new Schema(output);
        this.maxMemoryBytes = maxMemoryBytes;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(left, right);
    }

    @Override
    public String name() {
        return "HASH_" + kind + (all ? "_ALL" : "");
    }

    @Override
    public List<String> details() {
        return List.of("build side: right");
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        int width = schema.getFields().size();
        List<CompiledExpr> keys = new ArrayList<>();
        for (int c = 0; c < width; c++) {
            Field f = right.schema().getFields().get(c);
            keys.add(ctx.compiler().compile(new ColumnRef(c, f.getName(), f)));
        }
        boolean[] nullSafe = new boolean[width];
        Arrays.fill(nullSafe, true);
        boolean intersect = kind == SetOperation.Kind.INTERSECT;
        return new BatchStream() {
            private BuildSide build;
            private BatchStream in;
            private int[] remaining;
            private int[] heads = new int[0];

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                if (build == null) {
                    build = BuildSide.read(right, ctx, keys, nullSafe, false, maxMemoryBytes, kind.toString(),
                            "right");
                    if (all) {
                        remaining = new int[build.rowCount()];
                        Arrays.fill(remaining, -1);
                    }
                    in = ctx.open(left);
                }
                while (true) {
                    ctx.cancellation().throwIfCancelled();
                    VectorSchemaRoot b = in.next();
                    if (b == null) {
                        return null;
                    }
                    try (VectorSchemaRoot batch = b) {
                        int n = batch.getRowCount();
                        if (n == 0) {
                            continue;
                        }
                        FieldVector[] kv = new FieldVector[width];
                        for (int c = 0; c < width; c++) {
                            kv[c] = batch.getVector(c);
                        }
                        if (heads.length < n) {
                            heads = new int[n];
                        }
                        build.heads(new KeyBatch(kv, nullSafe, n), n, heads);
                        int[] rows = new int[n];
                        int count = 0;
                        for (int i = 0; i < n; i++) {
                            if (keep(heads[i])) {
                                rows[count++] = i;
                            }
                        }
                        if (count > 0) {
                            return VectorGather.gather(batch, schema, rows, 0, count, ctx.allocator());
                        }
                    }
                }
            }

            private boolean keep(int head) {
                if (!all) {
                    return head >= 0 == intersect;
                }
                if (head < 0) {
                    return !intersect;
                }
                if (remaining[head] < 0) {
                    int len = 0;
                    for (int r = head; r >= 0; r = build.chains()[r]) {
                        len++;
                    }
                    remaining[head] = len;
                }
                if (remaining[head] > 0) {
                    remaining[head]--;
                    // INTERSECT ALL keeps the row a right copy pairs with; EXCEPT ALL drops it.
                    return intersect;
                }
                return !intersect;
            }

            @Override
            public void close() {
                if (in != null) {
                    in.close();
                    in = null;
                }
                if (build != null) {
                    build.close();
                    build = null;
                }
            }
        };
    }
}

package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Skips {@code offset} rows and passes at most {@code limit}; stops pulling its input once satisfied. */
public final class LimitOperator implements PhysicalOperator {
    private final PhysicalOperator input;
    private final long offset;
    private final long limit;

    /** @param limit rows to pass, or -1 for all */
    public LimitOperator(PhysicalOperator input, long offset, long limit) {
        this.input = input;
        this.offset = offset;
        this.limit = limit;
    }

    @Override
    public Schema schema() {
        return input.schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(input);
    }

    @Override
    public String name() {
        return "LIMIT";
    }

    @Override
    public List<String> details() {
        return List.of("limit: " + (limit < 0 ? "none" : limit) + (offset > 0 ? ", offset: " + offset : ""));
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        BatchStream in = ctx.open(input);
        return new BatchStream() {
            private long toSkip = offset;
            private long remaining = limit < 0 ? Long.MAX_VALUE : limit;

            @Override
            public Schema schema() {
                return in.schema();
            }

            @Override
            public VectorSchemaRoot next() {
                while (remaining > 0) {
                    ctx.cancellation().throwIfCancelled();
                    VectorSchemaRoot batch = in.next();
                    if (batch == null) {
                        return null;
                    }
                    int n = batch.getRowCount();
                    if (toSkip >= n) {
                        toSkip -= n;
                        batch.close();
                        continue;
                    }
                    int start = (int) toSkip;
                    toSkip = 0;
                    int take = (int) Math.min(remaining, n - start);
                    remaining -= take;
                    if (start == 0 && take == n) {
                        return batch;
                    }
                    try (VectorSchemaRoot b = batch) {
                        int[] rows = new int[take];
                        for (int i = 0; i < take; i++) {
                            rows[i] = start + i;
                        }
                        return Batches.select(b, rows, take, ctx.allocator());
                    }
                }
                return null;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }
}

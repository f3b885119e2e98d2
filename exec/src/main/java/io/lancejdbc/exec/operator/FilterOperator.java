package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.Expr;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Keeps rows whose condition is TRUE: the residual predicates that were not pushed into Lance. */
public final class FilterOperator implements PhysicalOperator, StreamTransform {
    private final PhysicalOperator input;
    private final Expr condition;

    public FilterOperator(PhysicalOperator input, Expr condition) {
        this.input = input;
        this.condition = condition;
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
        return "FILTER";
    }

    @Override
    public List<String> details() {
        return List.of("predicates: " + condition.sql());
    }

    @Override
    public PhysicalOperator input() {
        return input;
    }

    @Override
    public PhysicalOperator withInput(PhysicalOperator in) {
        return new FilterOperator(in, condition);
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return transform(ctx.open(input), ctx);
    }

    @Override
    public BatchStream transform(BatchStream in, ExecContext ctx) {
        CompiledExpr compiled = ctx.compiler().compile(condition);
        return new BatchStream() {
            @Override
            public Schema schema() {
                return in.schema();
            }

            @Override
            public VectorSchemaRoot next() {
                while (true) {
                    ctx.cancellation().throwIfCancelled();
                    VectorSchemaRoot batch = in.next();
                    if (batch == null) {
                        return null;
                    }
                    try (VectorSchemaRoot b = batch; Evaluated mask = compiled.evaluate(b, ctx.allocator())) {
                        int n = b.getRowCount();
                        ColumnReaders.BoolReader r = ColumnReaders.bools(mask.vector());
                        int[] rows = new int[n];
                        int count = 0;
                        for (int i = 0; i < n; i++) {
                            if (!r.isNull(i) && r.get(i)) {
                                rows[count++] = i;
                            }
                        }
                        if (count == 0) {
                            continue;
                        }
                        if (count == n) {
                            return Batches.transfer(b, ctx.allocator());
                        }
                        return Batches.select(b, rows, count, ctx.allocator());
                    }
                }
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }
}

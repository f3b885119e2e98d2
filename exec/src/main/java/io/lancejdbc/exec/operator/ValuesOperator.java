package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.RowCopier;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Constant rows: {@code SELECT 1}, {@code SELECT NOW()} without FROM. */
public final class ValuesOperator implements PhysicalOperator {
    private final Schema schema;
    private final List<List<Expr>> rows;

    public ValuesOperator(List<Field> output, List<List<Expr>> rows) {
        this.schema = new Schema(output);
        this.rows = rows;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of();
    }

    @Override
    public String name() {
        return "VALUES";
    }

    @Override
    public List<String> details() {
        return List.of("rows: " + rows.size());
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return new BatchStream() {
            private boolean done;

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                if (done) {
                    return null;
                }
                done = true;
                int n = rows.size();
                List<FieldVector> out = new ArrayList<>();
                // A one-row, zero-column batch drives expressions without FROM.
                try (VectorSchemaRoot unit = Batches.of(new Schema(List.of()), new ArrayList<>(), 1)) {
                    for (int c = 0; c < schema.getFields().size(); c++) {
                        Field f = schema.getFields().get(c);
                        FieldVector v = ColumnWriters.allocate(f, n, ctx.allocator());
                        out.add(v);
                        for (int r = 0; r < n; r++) {
                            CompiledExpr e = ctx.compiler().compile(rows.get(r).get(c));
                            try (Evaluated x = e.evaluate(unit, ctx.allocator())) {
                                RowCopier.of(x.vector(), v).copy(0, r);
                            }
                        }
                        v.setValueCount(n);
                    }
                } catch (RuntimeException e) {
                    for (FieldVector v : out) {
                        v.close();
                    }
                    throw e;
                }
                return Batches.of(schema, out, n);
            }

            @Override
            public void close() {
                done = true;
            }
        };
    }
}

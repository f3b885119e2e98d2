package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/** Computes the output columns; bare columns used once move over without copying. */
public final class ProjectOperator implements PhysicalOperator, StreamTransform {
    private final PhysicalOperator input;
    private final List<Expr> exprs;
    private final Schema schema;

    public ProjectOperator(PhysicalOperator input, List<Expr> exprs, List<Field> output) {
        this.input = input;
        this.exprs = List.copyOf(exprs);
        this.schema = new Schema(output);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(input);
    }

    @Override
    public String name() {
        return "PROJECT";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder("output: ");
        for (int i = 0; i < exprs.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            String name = schema.getFields().get(i).getName();
            String sql = exprs.get(i).sql();
            sb.append(sql.equals(name) ? sql : sql + " AS " + name);
        }
        out.add(sb.toString());
        return out;
    }

    @Override
    public PhysicalOperator input() {
        return input;
    }

    @Override
    public PhysicalOperator withInput(PhysicalOperator in) {
        return new ProjectOperator(in, exprs, schema.getFields());
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return transform(ctx.open(input), ctx);
    }

    @Override
    public BatchStream transform(BatchStream in, ExecContext ctx) {
        List<CompiledExpr> compiled = new ArrayList<>();
        for (Expr e : exprs) {
            compiled.add(ctx.compiler().compile(e));
        }
        // A bare column referenced by exactly one output moves; others are copied.
        Set<Integer> seen = new HashSet<>();
        Set<Integer> shared = new HashSet<>();
        for (Expr e : exprs) {
            if (e instanceof ColumnRef && !seen.add(((ColumnRef) e).index())) {
                shared.add(((ColumnRef) e).index());
            }
        }
        return new BatchStream() {
            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                ctx.cancellation().throwIfCancelled();
                VectorSchemaRoot batch = in.next();
                if (batch == null) {
                    return null;
                }
                FieldVector[] vectors = new FieldVector[exprs.size()];
                List<FieldVector> out = new ArrayList<>(exprs.size());
                try (VectorSchemaRoot b = batch) {
                    int n = b.getRowCount();
                    // Computed columns first: an expression may read any input column (CASE copies whole rows), so
                    // bare columns move out of the batch only afterwards.
                    for (int pass = 0; pass < 2; pass++) {
                        for (int i = 0; i < exprs.size(); i++) {
                            Expr e = exprs.get(i);
                            Field f = schema.getFields().get(i);
                            boolean move = e instanceof ColumnRef && !shared.contains(((ColumnRef) e).index());
                            if (move != (pass == 1)) {
                                continue;
                            }
                            FieldVector v;
                            if (move) {
                                FieldVector src = b.getVector(((ColumnRef) e).index());
                                TransferPair tp = Batches.transferPair(src, f, ctx.allocator());
                                tp.transfer();
                                v = (FieldVector) tp.getTo();
                            } else {
                                try (Evaluated r = compiled.get(i).evaluate(b, ctx.allocator())) {
                                    TransferPair tp = Batches.transferPair(r.vector(), f, ctx.allocator());
                                    if (r.isOwned()) {
                                        tp.transfer();
                                    } else {
                                        tp.splitAndTransfer(0, n);
                                    }
                                    v = (FieldVector) tp.getTo();
                                }
                            }
                            v.setValueCount(n);
                            vectors[i] = v;
                            out.add(v);
                        }
                    }
                    out = java.util.Arrays.asList(vectors);
                    VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, n);
                    root.setRowCount(n);
                    return root;
                } catch (RuntimeException e) {
                    for (FieldVector v : out) {
                        v.close();
                    }
                    throw e;
                }
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }
}

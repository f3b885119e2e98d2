package io.lancejdbc.exec.operator.setop;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * UNION ALL: the batches of each input in turn, relabelled with the output schema (the inputs are already cast to
 * its types). An input is opened only when the one before it is exhausted.
 */
public final class UnionAllOperator implements PhysicalOperator {
    private final List<PhysicalOperator> inputs;
    private final Schema schema;

    public UnionAllOperator(List<PhysicalOperator> inputs, List<Field> output) {
        this.inputs = List.copyOf(inputs);
        this.schema = new Schema(output);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return inputs;
    }

    @Override
    public String name() {
        return "UNION_ALL";
    }

    @Override
    public List<String> details() {
        return List.of();
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return new BatchStream() {
            private int current = -1;
            private BatchStream in;

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                while (true) {
                    ctx.cancellation().throwIfCancelled();
                    if (in == null) {
                        if (current + 1 >= inputs.size()) {
                            return null;
                        }
                        current++;
                        in = ctx.open(inputs.get(current));
                    }
                    VectorSchemaRoot b = in.next();
                    if (b == null) {
                        in.close();
                        in = null;
                        continue;
                    }
                    try (VectorSchemaRoot batch = b) {
                        if (batch.getRowCount() == 0) {
                            continue;
                        }
                        return relabel(batch, schema, ctx);
                    }
                }
            }

            @Override
            public void close() {
                current = inputs.size();
                if (in != null) {
                    in.close();
                    in = null;
                }
            }
        };
    }

    /** Moves the vectors of {@code batch} into a new batch with the fields of {@code schema}. */
    static VectorSchemaRoot relabel(VectorSchemaRoot batch, Schema schema, ExecContext ctx) {
        List<FieldVector> out = new ArrayList<>();
        for (int c = 0; c < schema.getFields().size(); c++) {
            TransferPair tp = Batches.transferPair(batch.getVector(c), schema.getFields().get(c), ctx.allocator());
            tp.transfer();
            out.add((FieldVector) tp.getTo());
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, batch.getRowCount());
        root.setRowCount(batch.getRowCount());
        return root;
    }
}

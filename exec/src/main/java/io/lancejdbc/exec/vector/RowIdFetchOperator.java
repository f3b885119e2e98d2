package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Phase 2 of the two-phase vector search read (Doris Lance Catalog manual, "Two-Phase TopN Read and Lazy
 * Materialization"): for the rows that survived the global Top-K, reads the deferred columns by row id from the
 * same pinned version ({@code takeRows}) and puts them next to the columns carried from phase 1. Row order is
 * kept.
 */
public final class RowIdFetchOperator implements PhysicalOperator {
    private final PhysicalOperator input;
    private final PinnedTable pinned;
    private final Schema schema;
    private final int[] fromInput;
    private final List<String> fetched;
    private final int rowIdPosition;

    /**
     * @param input the surviving rows; carries {@code _rowid} (uint64) at {@code rowIdPosition}
     * @param output the output fields
     * @param fromInput for each output field, the input column it is taken from, or -1 when it is fetched by row
     *     id (by the output field's name)
     */
    RowIdFetchOperator(PhysicalOperator input, PinnedTable pinned, List<Field> output, int[] fromInput,
            int rowIdPosition) {
        this.input = input;
        this.pinned = pinned;
        this.schema = new Schema(output);
        this.fromInput = fromInput.clone();
        this.rowIdPosition = rowIdPosition;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            if (fromInput[i] < 0) {
                names.add(output.get(i).getName());
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a row-id fetch fetches at least one column");
        }
        this.fetched = List.copyOf(names);
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
        return "ROW_ID_FETCH";
    }

    @Override
    public List<String> details() {
        return List.of("columns: " + String.join(", ", fetched), "lanceVersion=" + pinned.snapshot().version());
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        BatchStream in = input.open(ctx);
        return new BatchStream() {
            private final Deque<VectorSchemaRoot> ready = new ArrayDeque<>();

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                while (ready.isEmpty()) {
                    VectorSchemaRoot b = in.next();
                    if (b == null) {
                        return null;
                    }
                    try (VectorSchemaRoot batch = b) {
                        ctx.cancellation().throwIfCancelled();
                        if (batch.getRowCount() > 0) {
                            fetch(batch);
                        }
                    }
                }
                return ready.poll();
            }

            private void fetch(VectorSchemaRoot batch) {
                int n = batch.getRowCount();
                UInt8Vector ids = (UInt8Vector) batch.getVector(rowIdPosition);
                List<Long> rowIds = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    rowIds.add(ids.get(i));
                }
                int position = 0;
                try (BatchStream take = ctx.scanReader().takeRows(pinned.source(), pinned.snapshot().version(),
                        rowIds, fetched, ctx.allocator())) {
                    VectorSchemaRoot t;
                    while ((t = take.next()) != null) {
                        try (VectorSchemaRoot taken = t) {
                            int m = taken.getRowCount();
                            if (position + m > n) {
                                break;
                            }
                            ready.add(combine(batch, position, taken));
                            position += m;
                        }
                    }
                }
                if (position != n) {
                    throw new SqlError(SqlState.GENERAL_ERROR, "Reading " + n + " rows by row id from Lance dataset "
                            + pinned.snapshot().uri() + " (version " + pinned.snapshot().version() + ") returned "
                            + (position > n ? "more" : position) + " rows");
                }
            }

            private VectorSchemaRoot combine(VectorSchemaRoot batch, int from, VectorSchemaRoot taken) {
                int m = taken.getRowCount();
                List<Field> fields = schema.getFields();
                List<FieldVector> out = new ArrayList<>(fields.size());
                try {
                    for (int i = 0; i < fields.size(); i++) {
                        TransferPair tp;
                        if (fromInput[i] >= 0) {
                            tp = Batches.transferPair(batch.getVector(fromInput[i]), fields.get(i), ctx.allocator());
                            tp.splitAndTransfer(from, m);
                        } else {
                            FieldVector v = taken.getVector(fields.get(i).getName());
                            tp = Batches.transferPair(v, fields.get(i), ctx.allocator());
                            tp.transfer();
                        }
                        out.add((FieldVector) tp.getTo());
                    }
                } catch (RuntimeException e) {
                    out.forEach(FieldVector::close);
                    throw e;
                }
                VectorSchemaRoot root = new VectorSchemaRoot(fields, out, m);
                root.setRowCount(m);
                return root;
            }

            @Override
            public void close() {
                ready.forEach(VectorSchemaRoot::close);
                ready.clear();
                in.close();
            }
        };
    }
}

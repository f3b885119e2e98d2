package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.pin.PinnedDataset;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code COUNT(*)} without reading rows: from the pinned version's metadata (logical rows after deletions) when
 * nothing filters, or Lance's own row count of the pushed filter when only pushed predicates filter
 * (doris-semantics §3.1, COUNT pushdown; EXPLAIN shows {@code pushdown agg=COUNT (n)}). Over several datasets (a
 * file TVF with {@code "uris"}) the counts of the datasets are summed.
 */
public final class CountOperator implements PhysicalOperator {
    private final PinnedTable table;
    private final String lanceFilter;
    private final Schema schema;
    private final String tableName;

    /** @param lanceFilter the pushed filter, or null to count from metadata */
    public CountOperator(PinnedTable table, String tableName, String lanceFilter, Field output) {
        this.table = table;
        this.tableName = tableName;
        this.lanceFilter = lanceFilter;
        this.schema = new Schema(List.of(output));
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
        return "LANCE_COUNT " + tableName;
    }

    @Override
    public List<String> details() {
        List<String> out = new java.util.ArrayList<>(PinnedTableDetails.lines(table));
        if (lanceFilter == null) {
            out.add("pushdown agg=COUNT (" + table.logicalRows() + ")");
        } else {
            out.add("lancePushdownPredicate=" + lanceFilter);
            out.add("pushdown agg=COUNT (-1)");
        }
        return out;
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
                ctx.cancellation().throwIfCancelled();
                long n = lanceFilter == null ? table.logicalRows() : countFiltered(ctx);
                FieldVector v = ColumnWriters.allocate(schema.getFields().get(0), 1, ctx.allocator());
                ((BigIntVector) v).setSafe(0, n);
                v.setValueCount(1);
                VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), List.of(v), 1);
                root.setRowCount(1);
                return root;
            }

            @Override
            public void close() {
                done = true;
            }
        };
    }

    private long countFiltered(ExecContext ctx) {
        long n = 0;
        for (PinnedDataset d : table.datasets()) {
            ctx.cancellation().throwIfCancelled();
            n += ctx.scanReader().countRows(d.source(), d.snapshot().version(), Optional.empty(), lanceFilter);
        }
        return n;
    }
}

package io.lancejdbc.exec.operator.agg;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How many rows per batch a parallel aggregation asks its splits' scans for. Its batches never reach the client,
 * and every batch costs a fixed amount on top of its rows (lance-core's C-data export and the Arrow Java import of
 * each buffer, the moves into the query's allocator, the per-batch set-up of every key and accumulator loop): on the
 * benchmark matrix's 4,000,000-row scans of three int32/float64 columns, 65,536-row batches took 10–20% less process
 * CPU than 8,192-row ones (docs/benchmarks.md, "GROUP BY: where the CPU goes"). Larger batches are asked for only
 * when every scanned column has a small fixed width, so that a batch stays a few MiB (65,536 rows of eight 8-byte
 * columns are 4 MiB); a string, binary, list or fixed-size vector column keeps the statement's batch size.
 */
final class AggregationScanBatch {
    /** Rows per batch for scans of small fixed-width columns only. */
    static final int FIXED_WIDTH_ROWS = 65_536;

    private AggregationScanBatch() {
    }

    /**
     * @param scanned the schema of the rows the splits read (the pipeline's source)
     * @param statementRows the statement's batch size
     * @return the rows per batch to read the splits with, never below {@code statementRows}
     */
    static int rows(Schema scanned, int statementRows) {
        for (Field f : scanned.getFields()) {
            if (!smallFixedWidth(f.getType())) {
                return statementRows;
            }
        }
        return Math.max(statementRows, FIXED_WIDTH_ROWS);
    }

    private static boolean smallFixedWidth(ArrowType t) {
        return t instanceof ArrowType.Int || t instanceof ArrowType.FloatingPoint || t instanceof ArrowType.Bool
                || t instanceof ArrowType.Date || t instanceof ArrowType.Time || t instanceof ArrowType.Timestamp
                || t instanceof ArrowType.Decimal || t instanceof ArrowType.Duration
                || t instanceof ArrowType.Interval;
    }
}

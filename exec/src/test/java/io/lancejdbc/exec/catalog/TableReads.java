package io.lancejdbc.exec.catalog;

import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.lance.ScanRequest;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import java.util.OptionalLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Reads a located catalog table end to end: latest version from the pool, then a full scan of its {@code id}. */
final class TableReads {
    private TableReads() {
    }

    /** Row count and sum of column {@code id} (int64) of the table's latest version, read by a fragment scan. */
    static long[] countAndSumIds(DatasetHandlePool pool, BufferAllocator allocator, TableLocation table) {
        DatasetSource source = table.datasetSource();
        long version = pool.snapshot(source, OptionalLong.empty()).version();
        long count = 0;
        long sum = 0;
        try (BatchStream stream = new FragmentScanReader(pool).scan(ScanRequest.of(source, version)
                .withColumns(List.of("id")), allocator)) {
            for (VectorSchemaRoot next = stream.next(); next != null; next = stream.next()) {
                try (VectorSchemaRoot batch = next) {
                    BigIntVector id = (BigIntVector) batch.getVector("id");
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        sum += id.get(i);
                    }
                    count += batch.getRowCount();
                }
            }
        }
        return new long[] {count, sum};
    }

    /** {@code {rows, 0 + 1 + ... + rows-1}}: what {@link #countAndSumIds} gives for a NumbersTable. */
    static long[] numbers(long rows) {
        return new long[] {rows, rows * (rows - 1) / 2};
    }
}

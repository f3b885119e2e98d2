package io.lancejdbc.conformance.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * The baseline: lance-core used directly, as an application would without our driver. One {@link Dataset} is
 * opened once (like the driver's cached handle) and every run starts a new scan with lance-core's defaults. Values
 * are read from the Arrow vectors with the same conversions the getters make (a {@code String} per utf8 value).
 */
final class RawLanceWorkloads {
    private static final List<String> COLUMNS = List.of("id", "f64", "category", "i32");

    private final Dataset dataset;
    private final BufferAllocator allocator;

    RawLanceWorkloads(Dataset dataset, BufferAllocator allocator) {
        this.dataset = dataset;
        this.allocator = allocator;
    }

    /** @param filter a Lance filter, or null for a full scan */
    String scan(String filter) throws Exception {
        ScanOptions.Builder options = new ScanOptions.Builder().columns(COLUMNS);
        if (filter != null) {
            options.filter(filter);
        }
        ScanChecksum sum = new ScanChecksum();
        try (LanceScanner scanner = LanceScanner.create(dataset, options.build(), allocator);
                ArrowReader reader = scanner.scanBatches()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                BigIntVector id = (BigIntVector) root.getVector("id");
                Float8Vector f64 = (Float8Vector) root.getVector("f64");
                VarCharVector category = (VarCharVector) root.getVector("category");
                IntVector i32 = (IntVector) root.getVector("i32");
                int n = root.getRowCount();
                sum.rows += n;
                for (int i = 0; i < n; i++) {
                    sum.idSum += id.get(i);
                    if (f64.isNull(i)) {
                        sum.nulls++;
                    } else {
                        sum.f64Sum += f64.get(i);
                    }
                    if (category.isNull(i)) {
                        sum.nulls++;
                    } else {
                        sum.textChars += new String(category.get(i), StandardCharsets.UTF_8).length();
                    }
                    if (i32.isNull(i)) {
                        sum.nulls++;
                    } else {
                        sum.i32Sum += i32.get(i);
                    }
                }
            }
        }
        return sum.toString();
    }

    String groupBy() throws Exception {
        List<String> rows = new ArrayList<>();
        try (ArrowReader reader = dataset.sql(BenchmarkQueries.groupBy("dataset")).intoBatchRecords()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                List<FieldVector> v = root.getFieldVectors();
                for (int i = 0; i < root.getRowCount(); i++) {
                    Object category = v.get(0).getObject(i);
                    rows.add(GroupRows.format(category == null ? null : category.toString(),
                            ((Number) v.get(1).getObject(i)).longValue(),
                            ((Number) v.get(2).getObject(i)).doubleValue(),
                            ((Number) v.get(3).getObject(i)).doubleValue(),
                            ((Number) v.get(4).getObject(i)).longValue(),
                            ((Number) v.get(5).getObject(i)).longValue()));
                }
            }
        }
        return GroupRows.fingerprint(rows);
    }

    /** {@code Dataset.sql} on the Top-K statement, as {@code id|f64} lines in its order. */
    String topK() throws Exception {
        StringBuilder out = new StringBuilder();
        try (ArrowReader reader = dataset.sql(BenchmarkQueries.topK("dataset")).intoBatchRecords()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                BigIntVector id = (BigIntVector) root.getVector("id");
                Float8Vector f64 = (Float8Vector) root.getVector("f64");
                for (int i = 0; i < root.getRowCount(); i++) {
                    out.append(id.get(i)).append('|').append(f64.isNull(i) ? 0.0 : f64.get(i)).append('\n');
                }
            }
        }
        return out.toString();
    }
}

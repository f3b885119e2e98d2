package io.lancejdbc.conformance.differential;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * Copies a Lance dataset into a DuckDB table through an Arrow C stream exported from a lance-core scanner (what a
 * Java user would do to read Lance with DuckDB): {@code CREATE TABLE name AS SELECT * FROM <stream>}. Every type of
 * {@link DiffTables} crosses this way (integers of every width incl. unsigned, float32/64, decimal128, utf8 and
 * large_utf8, binaries, date32/64, times, timestamps with and without zone, list, large list, struct, map, fixed-size
 * list, nested), so no table needs INSERT statements; float16 and decimal256, which DuckDB cannot import, are widened
 * value for value on the way ({@link DuckDbTypeReader}).
 */
final class DuckDbLoader {
    private DuckDbLoader() {
    }

    /**
     * Writes {@code table} as {@code <warehouse>/<name>.lance} with lance-core ({@link DiffTables#write}) and copies
     * it into the DuckDB table of the same name: the set-up of an oracle test that compares lance-jdbc over the
     * warehouse with DuckDB over the same rows.
     */
    static void writeAndLoad(Connection duck, Path warehouse, DiffTables.Table table) throws SQLException {
        try (BufferAllocator allocator = new RootAllocator()) {
            DiffTables.write(allocator, warehouse, table);
            load(duck, allocator, warehouse.resolve(table.name() + ".lance"), table.name());
        }
    }

    /**
     * @param dataset the Lance dataset directory
     * @param table the DuckDB table to create (must not exist)
     */
    static void load(Connection duck, BufferAllocator allocator, Path dataset, String table) throws SQLException {
        String streamName = table + "_arrow_stream";
        try (Dataset ds = Dataset.open(dataset.toString(), allocator);
                LanceScanner scanner = LanceScanner.create(ds, new ScanOptions.Builder().batchSize(1024).build(),
                        allocator);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            // The exported stream owns the reader from here on: DuckDB's release of the stream closes it.
            ArrowReader reader = scanner.scanBatches();
            if (DuckDbTypeReader.needed(reader.getVectorSchemaRoot().getSchema())) {
                reader = new DuckDbTypeReader(allocator, reader);
            }
            Data.exportArrayStream(allocator, reader, stream);
            duck.unwrap(DuckDBConnection.class).registerArrowStream(streamName, stream);
            try (Statement st = duck.createStatement()) {
                st.execute("CREATE TABLE " + table + " AS SELECT * FROM " + streamName);
            }
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Loading " + dataset + " into DuckDB failed", e);
        }
    }
}

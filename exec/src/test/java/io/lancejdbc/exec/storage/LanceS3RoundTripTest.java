package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.tvf.glob.DatasetRootExpander;
import io.lancejdbc.exec.tvf.glob.ExpansionBudget;
import io.lancejdbc.exec.tvf.glob.UrisArgument;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.WriteParams;
import org.lance.ipc.LanceScanner;

/**
 * Real Lance datasets on S3Proxy, written and read by lance-core with the storage options {@link StorageOptions}
 * builds, and found by the expansion under the same identity Lance opens.
 */
@ExtendWith(SharedS3Proxy.class)
class LanceS3RoundTripTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true))));

    private static S3TestServer s3;
    private static String bucket;
    private static StorageOptions options;

    @BeforeAll
    static void setUp(S3TestServer server) {
        s3 = server;
        bucket = server.createBucket("lance");
        options = StorageOptions.fromProperties(server.connectionProperties());
    }

    private static String uri(String key) {
        return "s3://" + bucket + "/" + key;
    }

    /** Writes ids {@code 0..rows-1} as a new dataset. */
    private static void writeDataset(String uri, int rows) throws IOException {
        try (BufferAllocator allocator = new RootAllocator()) {
            ByteArrayOutputStream ipc = new ByteArrayOutputStream();
            try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
                 ArrowStreamWriter writer = new ArrowStreamWriter(root, null, ipc)) {
                BigIntVector id = (BigIntVector) root.getVector("id");
                id.allocateNew(rows);
                for (int i = 0; i < rows; i++) {
                    id.set(i, i);
                }
                root.setRowCount(rows);
                writer.start();
                writer.writeBatch();
                writer.end();
            }
            try (ArrowReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc.toByteArray()), allocator);
                 Dataset ds = Dataset.write().allocator(allocator).reader(reader).uri(uri)
                         .storageOptions(options.lanceOptions()).mode(WriteParams.WriteMode.CREATE).execute()) {
                assertEquals(1, ds.version());
            }
        }
    }

    /** {row count, sum of id} read through a full scan. */
    private static long[] countAndSum(String uri, Map<String, String> lanceOptions) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
             Dataset ds = Dataset.open(allocator, uri, new ReadOptions.Builder().setStorageOptions(lanceOptions).build());
             LanceScanner scanner = ds.newScan();
             ArrowReader reader = scanner.scanBatches()) {
            long count = 0;
            long sum = 0;
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                BigIntVector id = (BigIntVector) root.getVector("id");
                for (int i = 0; i < root.getRowCount(); i++) {
                    sum += id.get(i);
                }
                count += root.getRowCount();
            }
            return new long[] {count, sum};
        }
    }

    @Test
    void datasetWrittenWithTheMappedOptionsReadsBack() throws Exception {
        writeDataset(uri("tables/items.lance"), 1000);
        long[] r = countAndSum(uri("tables/items.lance"), options.lanceOptions());
        assertEquals(1000, r[0]);
        assertEquals(499_500, r[1]);
    }

    @Test
    void vendedUnprefixedCredentialsReplaceAWrongConnectionSecret() throws Exception {
        writeDataset(uri("vended/t.lance"), 10);
        Map<String, String> props = new HashMap<>(s3.connectionProperties());
        props.put("s3.secret_key", "wrong-connection-secret");
        StorageOptions connection = StorageOptions.fromProperties(props);
        Exception denied = assertThrows(Exception.class, () -> countAndSum(uri("vended/t.lance"),
                connection.lanceOptions()));
        assertFalse(String.valueOf(denied.getMessage()).contains("wrong-connection-secret"), denied.getMessage());

        StorageOptions vended = connection.withVendedOptions(Map.of("access_key_id", s3.accessKey(),
                "secret_access_key", s3.secretKey()));
        assertEquals(10, countAndSum(uri("vended/t.lance"), vended.lanceOptions())[0]);
    }

    @Test
    void expansionFindsDatasetsWrittenByLanceUnderTheUriLanceOpens() throws Exception {
        for (String name : List.of("2024_01.lance", "2024_02.lance", "2025_01.lance")) {
            writeDataset(uri("multi/" + name), 5);
        }
        s3.putObject(bucket, "multi/2024_notes/readme.txt");
        String json = "[\"" + uri("multi/2024_0*.lance") + "\", \"" + uri("multi/2025_01.lance") + "\", \""
                + uri("multi/2024_01.lance") + "\"]";
        List<StorageLocation> datasets;
        try (DirectoryLister lister = DirectoryLister.open(StorageScheme.S3, options)) {
            datasets = new DatasetRootExpander(lister, ExpansionBudget.defaults(), new Cancellation())
                    .expand(UrisArgument.parse(json)).requireDatasets();
        }
        assertEquals(List.of(uri("multi/2024_01.lance"), uri("multi/2024_02.lance"), uri("multi/2025_01.lance")),
                datasets.stream().map(StorageLocation::uri).toList());
        for (StorageLocation l : datasets) {
            assertEquals(5, countAndSum(l.uri(), options.lanceOptions())[0], l.uri());
        }
    }

    @Test
    void datasetNamedWithASpaceIsFoundUnderTheKeyLanceWrites() throws Exception {
        writeDataset(uri("spaced/my table.lance"), 3);
        assertEquals(uri("spaced/my%20table.lance"), StorageLocation.parse(uri("spaced/my table.lance")).uri());
        List<StorageLocation> found;
        try (DirectoryLister lister = DirectoryLister.open(StorageScheme.S3, options)) {
            found = new DatasetRootExpander(lister, ExpansionBudget.defaults(), new Cancellation())
                    .expand(UrisArgument.parse("[\"" + uri("spaced/my t*") + "\"]")).requireDatasets();
        }
        assertEquals(List.of(uri("spaced/my%20table.lance")), found.stream().map(StorageLocation::uri).toList());
        assertEquals(3, countAndSum(found.get(0).uri(), options.lanceOptions())[0],
                "Lance opens the listed identity and reaches the same keys");
    }
}

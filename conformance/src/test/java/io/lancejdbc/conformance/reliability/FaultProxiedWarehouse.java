package io.lancejdbc.conformance.reliability;

import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * The warehouse the object-store reliability tests read through a {@link FaultInjectingProxy}: a new bucket on the
 * in-process S3Proxy holding {@code s3://<bucket>/wh} with
 * <ul>
 *   <li>{@code numbers}: {@link ObjectStoreWarehouses#write} of 20,000 rows in 4 fragments,
 *   <li>{@code vecs}: the default {@link VectorTableSpec} with an IVF_FLAT L2 index and 200 unindexed rows, written on
 *       local disk by lance-core and uploaded file by file,
 * </ul>
 * and the proxy in front of the S3 endpoint, with no rule yet. Connections made with {@link #connectionProperties()}
 * send every storage request through the proxy.
 */
final class FaultProxiedWarehouse implements AutoCloseable {
    private final S3TestServer s3;
    private final String bucket;
    private final Map<String, String> lanceOptions;
    private final VectorTable vectors;
    private final FaultInjectingProxy proxy;

    private FaultProxiedWarehouse(S3TestServer s3, String bucket, Map<String, String> lanceOptions,
            VectorTable vectors, FaultInjectingProxy proxy) {
        this.s3 = s3;
        this.bucket = bucket;
        this.lanceOptions = lanceOptions;
        this.vectors = vectors;
        this.proxy = proxy;
    }

    /**
     * Creates bucket {@code bucketPrefix...} on {@code server}, writes the tables and starts the proxy.
     *
     * @param allocator for writing the tables (lance-core's writer)
     * @param local a directory for the vector table before its upload
     */
    static FaultProxiedWarehouse create(S3TestServer server, String bucketPrefix, BufferAllocator allocator,
            Path local) throws IOException {
        String bucket = server.createBucket(bucketPrefix);
        Map<String, String> lance = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        ObjectStoreWarehouses.write(allocator, "s3://" + bucket + "/wh/numbers.lance", lance, 20_000, 4);
        VectorTable vectors = TestDatasets.vectors(allocator, local.resolve("vecs.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withUnindexedRows(200));
        Path root = vectors.path();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                String key = "wh/vecs.lance/" + root.relativize(f).toString().replace('\\', '/');
                try {
                    server.client().putObject(b -> b.bucket(bucket).key(key), RequestBody.fromBytes(
                            Files.readAllBytes(f)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return new FaultProxiedWarehouse(server, bucket, lance, vectors,
                new FaultInjectingProxy(server.endpoint().getPort()));
    }

    String bucket() {
        return bucket;
    }

    /** The S3 endpoint's Lance storage options (direct, not through the proxy), for writing more tables. */
    Map<String, String> lanceOptions() {
        return lanceOptions;
    }

    FaultInjectingProxy proxy() {
        return proxy;
    }

    /** The {@code jdbc:lance:} URL of the warehouse. */
    String url() {
        return "jdbc:lance:s3://" + bucket + "/wh";
    }

    /** The S3 connection properties with the endpoint replaced by the proxy's. */
    Properties connectionProperties() {
        Properties p = new Properties();
        p.putAll(s3.connectionProperties());
        p.setProperty("s3.endpoint", "http://127.0.0.1:" + proxy.port());
        return p;
    }

    /** The 5 nearest rows of {@code vecs} to its first query vector (nprobes 4), ordered by distance then id. */
    String vectorSql() {
        float[] q = vectors.queryVector(0);
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < q.length; i++) {
            json.append(i > 0 ? ", " : "").append(q[i]);
        }
        return "SELECT id, _distance FROM vector_search(\"table\" = \"vecs\", \"column\" = \"" + vectors.spec().column()
                + "\", \"query_vector\" = \"" + json + "]\", \"top_k\" = \"5\", \"nprobes\" = \"4\") ORDER BY "
                + "_distance, id";
    }

    /** Stops the proxy (the bucket stays on the shared S3Proxy). */
    @Override
    public void close() throws IOException {
        proxy.close();
    }
}

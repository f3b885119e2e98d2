package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.TvfSql.explain;
import static io.lancejdbc.exec.engine.TvfSql.rows;
import static io.lancejdbc.exec.engine.TvfSql.uris;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.tvf.glob.DatasetRootExpander;
import io.lancejdbc.exec.tvf.glob.ExpansionBudget;
import io.lancejdbc.exec.tvf.glob.ExpansionResult;
import io.lancejdbc.exec.tvf.glob.UrisArgument;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.exec.testing.s3.CountingS3Proxy;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * A {@code "uris"} glob over 500 datasets on S3Proxy, with every S3 request counted by the server
 * ({@link CountingS3Proxy}): planning time and requests (printed as {@code TVF-SCALE} lines in the test output),
 * exact results, and cancellation in the middle of the listing.
 *
 * <p>The 500 datasets {@code many/ds000.lance .. many/ds499.lance} are byte-for-byte copies (server-side
 * CopyObject) of one dataset written by lance-core: ids 0..9 in one fragment, version 1.
 */
class FileTvfScaleS3Test {
    static final int DATASETS = 500;

    @TempDir
    static Path tmp;
    static CountingS3Proxy proxy;
    static S3TestServer s3;
    static String bucket;
    static EmbeddedQueryEngine engine;
    static String warehouse;

    @BeforeAll
    static void setUp() throws Exception {
        proxy = CountingS3Proxy.start();
        s3 = proxy.server();
        bucket = s3.createBucket("scale");
        try (BufferAllocator allocator = new RootAllocator()) {
            UriDatasets.createIds(allocator, "s3://" + bucket + "/seed.lance",
                    StorageOptions.fromProperties(s3.connectionProperties()).lanceOptions(), 0, 10, 0);
        }
        List<String> seedKeys = s3.client().listObjectsV2(b -> b.bucket(bucket).prefix("seed.lance/")).contents()
                .stream().map(o -> o.key()).toList();
        ExecutorService copiers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> copies = new ArrayList<>();
            for (int i = 0; i < DATASETS; i++) {
                String prefix = String.format("many/ds%03d.lance/", i);
                for (String key : seedKeys) {
                    String target = prefix + key.substring("seed.lance/".length());
                    copies.add(copiers.submit(() -> s3.client().copyObject(b -> b.sourceBucket(bucket).sourceKey(key)
                            .destinationBucket(bucket).destinationKey(target))));
                }
            }
            for (Future<?> f : copies) {
                f.get();
            }
        } finally {
            copiers.shutdownNow();
        }
        warehouse = Files.createDirectories(tmp.resolve("wh")).toString();
        engine = new EmbeddedQueryEngine();
    }

    @AfterAll
    static void tearDown() throws Exception {
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        proxy.close();
    }

    /** A new session (its own dataset pool, nothing cached) that reuses resolved latest versions for 10 minutes. */
    static EngineSession openSession() {
        Map<String, String> config = new HashMap<>(s3.connectionProperties());
        config.put("warehouse", warehouse);
        config.put("cache.latest_version.ttl_seconds", "600");
        return engine.openSession(EngineConfig.of(config));
    }

    static String many() {
        return "s3(\"uris\" = " + uris("s3://" + bucket + "/many/*.lance") + ", \"format\" = \"lance\")";
    }

    static void report(String what, long nanos) {
        System.out.printf("TVF-SCALE %s: %d datasets, %.0f ms, S3 requests %d %s%n", what, DATASETS, nanos / 1e6,
                proxy.total(), proxy.counts());
    }

    @Test
    void theServerCountsEachRequestOnce() throws IOException {
        proxy.reset();
        s3.client().putObject(b -> b.bucket(bucket).key("calibration/x"), RequestBody.fromString("x"));
        s3.client().getObject(b -> b.bucket(bucket).key("calibration/x")).close();
        s3.client().headObject(b -> b.bucket(bucket).key("calibration/x"));
        s3.client().listObjectsV2(b -> b.bucket(bucket).prefix("calibration/").delimiter("/"));
        s3.client().listObjectsV2(b -> b.bucket(bucket).prefix("calibration/"));
        assertEquals(Map.of("PUT", 1L, "GET", 1L, "HEAD", 1L, "LIST_DELIMITED", 1L, "LIST", 1L), proxy.counts());
    }

    @Test
    void planningFiveHundredDatasets() {
        try (EngineSession session = openSession()) {
            proxy.reset();
            long t0 = System.nanoTime();
            String plan = explain(session, "SELECT count(*) FROM " + many());
            long cold = System.nanoTime() - t0;
            report("planning (cold: new session, nothing cached)", cold);
            assertTrue(plan.contains("lanceDatasets=500"), plan);
            assertTrue(plan.contains("lanceFragments=500"), plan);
            assertTrue(plan.contains("pushdown agg=COUNT (5000)"), plan);
            assertTrue(plan.contains("lanceDataset[500]=s3://" + bucket + "/many/ds499.lance lanceVersion=1 "
                    + "lanceFragments=1"), plan);
            // The expansion: one page listing many/ (500 entries fit one page of 1000) plus one _versions/ probe
            // per match; Lance's own requests come on top.
            assertEquals(DATASETS + 1, proxy.count("LIST_DELIMITED"));

            proxy.reset();
            t0 = System.nanoTime();
            explain(session, "SELECT count(*) FROM " + many());
            report("planning (warm: same session, versions and snapshots cached)", System.nanoTime() - t0);
            assertEquals(Map.of("LIST_DELIMITED", (long) DATASETS + 1), proxy.counts(),
                    "only the expansion, which is never cached");

            proxy.reset();
            t0 = System.nanoTime();
            assertEquals(List.of(List.of(5000L)), rows(session, "SELECT count(*) FROM " + many()));
            report("COUNT(*) from metadata (warm)", System.nanoTime() - t0);

            proxy.reset();
            t0 = System.nanoTime();
            assertEquals(List.of(List.of(5000L, 22_500L)), rows(session, "SELECT count(id), sum(id) FROM " + many()));
            report("full scan of 500 fragments (warm planning)", System.nanoTime() - t0);
        }
    }

    @Test
    void theExpansionAloneCostsOneListingPlusOneProbePerDataset() {
        for (int concurrency : List.of(1, 4)) {
            proxy.reset();
            long t0 = System.nanoTime();
            ExpansionResult r;
            ExecutorService probes = Executors.newFixedThreadPool(concurrency);
            try (DirectoryLister lister = DirectoryLister.open(StorageScheme.S3,
                    StorageOptions.fromProperties(s3.connectionProperties()))) {
                r = new DatasetRootExpander(lister, ExpansionBudget.defaults(), new Cancellation(), probes, concurrency)
                        .expand(UrisArgument.parse("[\"s3://" + bucket + "/many/*.lance\"]"));
            } finally {
                probes.shutdownNow();
            }
            report("expansion only (listing, probes " + concurrency + " at a time, no open)", System.nanoTime() - t0);
            assertEquals(DATASETS, r.requireDatasets().size());
            assertEquals(DATASETS + 1, r.listingRequests());
            assertEquals(Map.of("LIST_DELIMITED", (long) DATASETS + 1), proxy.counts());
        }
    }

    @Test
    void cancellationInTheMiddleOfTheListingStopsIt() {
        try (EngineSession session = openSession()) {
            QueryOptions options = QueryOptions.defaults();
            AtomicInteger directoryListings = new AtomicInteger();
            proxy.reset();
            proxy.onList(r -> {
                if (r.delimiter() != null && directoryListings.incrementAndGet() == 100) {
                    options.cancellation().cancel("Query was cancelled by the test");
                }
            });
            SqlError e;
            try {
                e = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM " + many(), options));
            } finally {
                proxy.onList(r -> { });
            }
            assertEquals("57014", e.sqlState());
            // The probes run 4 at a time (lance.glob.max_concurrent_opens): up to 3 requests already past their
            // cancellation check may still be served; no new one is issued.
            long served = proxy.count("LIST_DELIMITED");
            assertTrue(served >= 100 && served <= 103, "listing requests served: " + served);
            assertEquals(0, proxy.count("GET"), "no dataset was opened");
            assertEquals(List.of(List.of(10L)), rows(session, "SELECT count(*) FROM s3(\"uri\" = \"s3://" + bucket
                    + "/many/ds007.lance\", \"format\" = \"lance\")"));
        }
    }
}

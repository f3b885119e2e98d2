package io.lancejdbc.exec.tvf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.TestDatasets;
import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.ListingPage;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FileTvfPlanner} on failure paths: cancellation in the middle of a listing (against S3Proxy) and
 * during the opens, and an open failure with datasets still queued. After each, every resource is released: the
 * lister is closed, no open task is left on the engine's open pool, the dataset pool closes and the allocator
 * holds no memory.
 */
@ExtendWith(SharedS3Proxy.class)
class FileTvfPlannerTest {
    @TempDir
    static Path tmp;
    static Path local;
    static S3TestServer s3;
    static String bucket;

    BufferAllocator allocator;
    DatasetHandlePool pool;
    DatasetOpenPool openPool;

    /** A lister factory whose listers count requests and closes and run a hook before each request. */
    static final class TrackingListers implements ListerFactory {
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final IntConsumer beforeRequest;

        TrackingListers(IntConsumer beforeRequest) {
            this.beforeRequest = beforeRequest;
        }

        @Override
        public DirectoryLister open(StorageScheme scheme, io.lancejdbc.exec.storage.StorageOptions options) {
            DirectoryLister real = ListerFactory.standard().open(scheme, options);
            opened.incrementAndGet();
            return new DirectoryLister() {
                @Override
                public StorageScheme scheme() {
                    return real.scheme();
                }

                @Override
                public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize,
                        Duration timeout) {
                    beforeRequest.accept(requests.incrementAndGet());
                    return real.listPage(directory, pageToken, pageSize, timeout);
                }

                @Override
                public void close() {
                    closed.incrementAndGet();
                    real.close();
                }
            };
        }
    }

    @BeforeAll
    static void fixture(S3TestServer server) throws IOException {
        s3 = server;
        bucket = server.createBucket("planner");
        List<String> keys = new ArrayList<>();
        for (int d = 0; d < 6; d++) {
            for (int e = 0; e < 3; e++) {
                keys.add("lv/d" + d + "/e" + e + "/x");
            }
        }
        server.putObjects(bucket, keys);
        local = Files.createDirectories(tmp.resolve("local")).toRealPath();
        for (int i = 0; i < 24; i++) {
            TestDatasets.create(local.resolve(String.format("many/ds%02d.lance", i)), i * 10L, 10, 10);
        }
        TestDatasets.create(local.resolve("failing/a.lance"), 0, 5, 5);
        Path bad = local.resolve("failing/b.lance");
        TestDatasets.create(bad, 0, 5, 5);
        try (var manifests = Files.list(bad.resolve("_versions"))) {
            for (Path m : manifests.filter(p -> p.toString().endsWith(".manifest")).toList()) {
                Files.write(m, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
            }
        }
        for (String name : List.of("c", "d", "e", "f")) {
            TestDatasets.create(local.resolve("failing/" + name + ".lance"), 0, 5, 5);
        }
    }

    @BeforeEach
    void openPools() {
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults());
        openPool = new DatasetOpenPool();
    }

    @AfterEach
    void everythingIsReleased() throws InterruptedException {
        // The planner has waited for every open it issued; a pool thread may still be leaving the finished task.
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (openPool.activeTasks() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(0, openPool.activeTasks(), "open tasks left on the engine's open pool");
        openPool.close();
        pool.close();
        allocator.close();
    }

    private FileTvfPlanner planner(ListerFactory listers) {
        return new FileTvfPlanner(pool, openPool, listers, LocalPathPolicy.unrestricted());
    }

    private static FileTvfCall call(String function, String uris, Map<String, String> properties) {
        Map<String, String> args = new java.util.HashMap<>();
        args.put("uris", uris);
        args.put("format", "lance");
        return FileTvfArguments.parse(function, args, properties);
    }

    @Test
    void cancellationInTheMiddleOfAListingStopsItAndClosesTheLister() {
        Cancellation cancellation = new Cancellation();
        TrackingListers listers = new TrackingListers(n -> {
            if (n == 3) {
                cancellation.cancel("Query was cancelled by the test");
            }
        });
        FileTvfCall c = call("s3", "[\"s3://" + bucket + "/lv/*/*\"]", s3.connectionProperties());
        SqlError e = assertThrows(SqlError.class, () -> planner(listers).plan(c, cancellation, 0));
        assertEquals("57014", e.sqlState());
        assertEquals("Query was cancelled by the test", e.getMessage());
        assertEquals(3, listers.requests.get(), "no request after the cancelled one");
        assertEquals(1, listers.opened.get());
        assertEquals(1, listers.closed.get(), "the lister is closed");
        assertEquals(0, pool.openDatasetCount(), "nothing was opened");
    }

    @Test
    void aListingFailureClosesTheLister() {
        TrackingListers listers = new TrackingListers(n -> { });
        Map<String, String> wrong = new java.util.HashMap<>(s3.connectionProperties());
        wrong.put("s3.secret_key", "wrong-secret-for-listing");
        FileTvfCall c = call("s3", "[\"s3://" + bucket + "/lv/*/*\"]", wrong);
        SqlError e = assertThrows(SqlError.class, () -> planner(listers).plan(c, new Cancellation(), 0));
        assertEquals("28000", e.sqlState());
        assertEquals(1, listers.closed.get());
    }

    @Test
    void anOpenFailureIssuesNoFurtherOpenAndWaitsForTheOnesInFlight() {
        FileTvfCall c = call("local", "[\"" + local.resolve("failing/*.lance") + "\"]",
                Map.of("lance.glob.max_concurrent_opens", "1"));
        TrackingListers listers = new TrackingListers(n -> { });
        SqlError e = assertThrows(SqlError.class, () -> planner(listers).plan(c, new Cancellation(), 0));
        assertTrue(e.getMessage().startsWith("local() \"uris\": Lance open failed for dataset file://"
                + local.resolve("failing/b.lance")), e.getMessage());
        assertEquals(1, pool.openDatasetCount(), "a.lance only: c..f were never opened after b failed");
        assertEquals(1, listers.closed.get());
    }

    @Test
    void cancellationDuringTheOpensStopsIssuingOpens() {
        Cancellation cancellation = new Cancellation();
        AtomicInteger submitted = new AtomicInteger();
        // Cancels when the second open is handed to the pool, after the first one has completed.
        Executor cancellingPool = task -> {
            if (submitted.incrementAndGet() == 2) {
                cancellation.cancel("Query was cancelled while opening");
            }
            openPool.execute(task);
        };
        FileTvfCall c = call("local", "[\"" + local.resolve("many/*.lance") + "\"]",
                Map.of("lance.glob.max_concurrent_opens", "1"));
        FileTvfPlanner planner = new FileTvfPlanner(pool, cancellingPool, ListerFactory.standard(),
                LocalPathPolicy.unrestricted());
        SqlError e = assertThrows(SqlError.class, () -> planner.plan(c, cancellation, 0));
        assertEquals("57014", e.sqlState());
        assertEquals("Query was cancelled while opening", e.getMessage());
        assertEquals(2, submitted.get(), "no open is issued after the cancellation");
        assertEquals(1, pool.openDatasetCount(), "only the first dataset was opened");
    }

    @Test
    void theOpenDeadlineStopsIssuingOpens() {
        // A 1 ms query timeout gives the opens a 1 ms deadline; the listing gets its own 60 s.
        FileTvfCall c = call("local", "[\"" + local.resolve("many/*.lance") + "\"]",
                Map.of("lance.glob.listing_timeout_seconds", "60", "lance.glob.max_concurrent_opens", "1"));
        SqlError e = assertThrows(SqlError.class, () -> planner(ListerFactory.standard()).plan(c, new Cancellation(),
                1));
        assertEquals("HYT00", e.sqlState());
        assertTrue(e.getMessage().startsWith("Opening the datasets of local() \"uris\" took longer than 1 ms ("),
                e.getMessage());
        assertTrue(pool.openDatasetCount() < 24, "opened " + pool.openDatasetCount() + " of 24");
    }

    @Test
    void aSuccessfulPlanPinsEveryDatasetInSortedOrderAndClosesTheLister() {
        TrackingListers listers = new TrackingListers(n -> { });
        FileTvfCall c = call("local", "[\"" + local.resolve("many/ds1*.lance") + "\", \""
                + local.resolve("many/ds05.lance") + "\"]", Map.of());
        PinnedTable t = planner(listers).plan(c, new Cancellation(), 0);
        List<String> uris = t.datasets().stream().map(d -> d.snapshot().uri()).toList();
        List<String> expected = new ArrayList<>();
        expected.add("file://" + local.resolve("many/ds05.lance"));
        for (int i = 10; i < 20; i++) {
            expected.add("file://" + local.resolve("many/ds" + i + ".lance"));
        }
        assertEquals(expected, uris);
        assertEquals(110, t.logicalRows());
        assertEquals(1, listers.closed.get());
    }
}

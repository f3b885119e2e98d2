package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetHandlePoolTest {
    @TempDir
    Path tmp;

    private BufferAllocator allocator;
    private final FakeTicker ticker = new FakeTicker();

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private DatasetHandlePool pool(PoolSettings settings) {
        return new DatasetHandlePool(allocator, settings, ticker);
    }

    private static PoolSettings ttls(Duration metadata, Duration latest) {
        return PoolSettings.defaults().withTtls(metadata, latest);
    }

    @Test
    void snapshotOfAPinnedVersionIsLoadedOnceAndShared() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(PoolSettings.defaults())) {
            DatasetSource src = DatasetSource.of(ds.toString());

            Snapshot first = pool.snapshot(src, OptionalLong.of(1));
            Snapshot second = pool.snapshot(src, OptionalLong.empty());

            assertSame(first, second);
            assertEquals(1, pool.openDatasetCount());
        }
    }

    @Test
    void latestVersionIsReusedWithinItsTtlAndReResolvedAfter() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(ttls(Duration.ofHours(1), Duration.ofSeconds(5)))) {
            DatasetSource src = DatasetSource.of(ds.toString());
            assertEquals(1, pool.snapshot(src, OptionalLong.empty()).version());

            TestDatasets.append(ds, 100, 30, 50);
            ticker.advance(Duration.ofSeconds(4));
            Snapshot stale = pool.snapshot(src, OptionalLong.empty());
            ticker.advance(Duration.ofSeconds(2));
            Snapshot fresh = pool.snapshot(src, OptionalLong.empty());

            assertEquals(1, stale.version());
            assertEquals(100, stale.logicalRows());
            assertEquals(2, fresh.version());
            assertEquals(130, fresh.logicalRows());
        }
    }

    @Test
    void zeroLatestVersionTtlSeesEveryCommitImmediately() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(ttls(Duration.ofHours(1), Duration.ZERO))) {
            DatasetSource src = DatasetSource.of(ds.toString());
            assertEquals(1, pool.latestVersion(src));

            TestDatasets.append(ds, 100, 30, 50);

            assertEquals(2, pool.latestVersion(src));
        }
    }

    @Test
    void refreshLatestVersionForgetsTheCachedVersion() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(PoolSettings.defaults())) {
            DatasetSource src = DatasetSource.of(ds.toString());
            assertEquals(1, pool.latestVersion(src));
            TestDatasets.delete(ds, "id < 10");

            pool.refreshLatestVersion(src);

            assertEquals(2, pool.latestVersion(src));
            assertEquals(90, pool.snapshot(src, OptionalLong.empty()).logicalRows());
        }
    }

    @Test
    void pinnedVersionKeepsItsRowsAfterAnAppend() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(PoolSettings.defaults())) {
            DatasetSource src = DatasetSource.of(ds.toString());
            FragmentScanReader reader = new FragmentScanReader(pool);
            long pinned = pool.latestVersion(src);

            TestDatasets.append(ds, 100, 30, 50);
            pool.refreshLatestVersion(src);

            assertEquals(LongStream.range(0, 100).boxed().toList(),
                    Batches.ids(reader.scan(ScanRequest.of(src, pinned).withColumns(List.of("id")), allocator)));
            assertEquals(130, Batches.rows(reader.scan(ScanRequest.of(src, pool.latestVersion(src)), allocator)));
        }
    }

    @Test
    void snapshotTtlExpiryReloadsTheSameVersion() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(ttls(Duration.ofSeconds(10), Duration.ofHours(1)))) {
            DatasetSource src = DatasetSource.of(ds.toString());
            Snapshot first = pool.snapshot(src, OptionalLong.of(1));

            ticker.advance(Duration.ofSeconds(11));
            Snapshot reloaded = pool.snapshot(src, OptionalLong.of(1));

            assertEquals(first, reloaded);
            assertEquals(false, first == reloaded, "expired entries are loaded again");
        }
    }

    @Test
    void evictedHandleStaysOpenWhileAScanLeasesIt() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        TestDatasets.append(ds, 100, 10, 50);
        PoolSettings oneHandle = new PoolSettings(Duration.ofHours(1), Duration.ofHours(1), 1, Duration.ofHours(1),
                64L << 20, 16L << 20);
        try (DatasetHandlePool pool = pool(oneHandle)) {
            DatasetSource src = DatasetSource.of(ds.toString());
            FragmentScanReader reader = new FragmentScanReader(pool);
            var v1Scan = reader.scan(ScanRequest.of(src, 1).withColumns(List.of("id")).withBatchSize(10), allocator);

            try (DatasetLease v2 = pool.acquire(src, 2)) {
                assertEquals(2, v2.version());
                assertEquals(2, pool.openDatasetCount(), "v1 is evicted from the cache but still leased");
                assertEquals(LongStream.range(0, 100).boxed().toList(), Batches.ids(v1Scan));
                assertEquals(1, pool.openDatasetCount(), "the finished scan closed the evicted v1 handle");
            }
        }
    }

    @Test
    void closingThePoolClosesEveryDatasetAndItsAllocator() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        DatasetHandlePool pool = pool(PoolSettings.defaults());
        DatasetSource src = DatasetSource.of(ds.toString());
        pool.snapshot(src, OptionalLong.empty());
        var scan = new FragmentScanReader(pool).scan(ScanRequest.of(src, 1), allocator);

        pool.close();
        assertEquals(1, pool.openDatasetCount(), "the leased dataset outlives close()");
        assertEquals(100, Batches.rows(scan));

        assertEquals(0, pool.openDatasetCount());
        assertEquals(0, allocator.getChildAllocators().size(), "the pool's dataset allocator is closed");
    }

    @Test
    void closedPoolRejectsNewWork() {
        DatasetHandlePool pool = pool(PoolSettings.defaults());
        pool.close();

        SqlError e = assertThrows(SqlError.class, () -> pool.latestVersion(DatasetSource.of("/x/y.lance")));

        assertEquals("08003", e.sqlState());
    }

    @Test
    void datasetsOpenedWithDifferentStorageOptionsAreNotShared() {
        Path ds = tmp.resolve("t.lance");
        TestDatasets.create(ds, 0, 100, 50);
        try (DatasetHandlePool pool = pool(PoolSettings.defaults())) {
            try (DatasetLease a = pool.acquire(new DatasetSource(ds.toString(), Map.of()), 1);
                 DatasetLease b = pool.acquire(new DatasetSource(ds.toString(), Map.of("client_max_retries", "2")),
                         1)) {
                assertEquals(a.uri(), b.uri());
                assertEquals(2, pool.openDatasetCount());
            }
        }
    }

    @Test
    void settingsComeFromTheConnectionProperties() {
        PoolSettings s = PoolSettings.fromConfig(EngineConfig.of(Map.of("cache.metadata.ttl_seconds", "30",
                "cache.latest_version.ttl_seconds", "0")));

        assertEquals(Duration.ofSeconds(30), s.metadataTtl());
        assertEquals(Duration.ZERO, s.latestVersionTtl());
        assertEquals(Duration.ofSeconds(5), PoolSettings.fromConfig(EngineConfig.of(Map.of())).latestVersionTtl());
    }

    @Test
    void negativeTtlPropertyIsAnInvalidParameter() {
        SqlError e = assertThrows(SqlError.class, () -> PoolSettings.fromConfig(
                EngineConfig.of(Map.of("cache.latest_version.ttl_seconds", "-1"))));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'cache.latest_version.ttl_seconds' must be a whole number of seconds >= 0, got '-1'",
                e.getMessage());
    }
}

package io.lancejdbc.exec.lance.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.exec.testing.DatasetContents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.index.IndexDescription;

@ExtendWith(ArrowAllocatorExtension.class)
class DemoWarehouseTest {
    @TempDir
    static Path tmp;
    static Path warehouse;
    static long createMillis;

    @BeforeAll
    static void create() {
        long t0 = System.nanoTime();
        warehouse = DemoWarehouse.createIfAbsent(tmp.resolve("lance-demo-warehouse"));
        createMillis = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("demo warehouse created in " + createMillis + " ms");
    }

    private static Dataset open(BufferAllocator allocator, String relative) {
        return Dataset.open().allocator(allocator).uri(warehouse.resolve(relative).toString()).build();
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesThePlainLayoutWithAChildNamespaceAndTheMarkerLast() throws IOException {
        assertEquals(List.of(".lance-jdbc-demo", "analytics", "articles.lance", "events.lance", "items.lance",
                "numbers.lance", "people.lance"), entries(warehouse));
        assertEquals(List.of("daily_sales.lance"), entries(warehouse.resolve("analytics")));
        assertTrue(DemoWarehouse.isComplete(warehouse));
        assertEquals(List.of("lance-demo-warehouse"), entries(tmp), "no temporary directory is left behind");
    }

    @Test
    void tablesHaveTheDocumentedRowAndFragmentCounts(BufferAllocator allocator) {
        Map<String, long[]> expected = Map.of(
                "articles.lance", new long[] {24, 2, 2},
                "items.lance", new long[] {1200, 5, 3},
                "people.lance", new long[] {12, 1, 1},
                "events.lance", new long[] {725, 4, 5},
                "numbers.lance", new long[] {10_000, 4, 1},
                "analytics/daily_sales.lance", new long[] {120, 1, 1});
        expected.forEach((table, counts) -> {
            try (Dataset ds = open(allocator, table)) {
                assertEquals(counts[0], ds.countRows(), table + " rows");
                assertEquals(counts[1], ds.getFragments().size(), table + " fragments");
                assertEquals(counts[2], ds.version(), table + " version");
            }
        });
    }

    @Test
    void itemsHasAnIvfPqIndexThatLeavesTheLastFragmentUnindexed(BufferAllocator allocator) {
        try (Dataset ds = open(allocator, "items.lance")) {
            List<IndexDescription> indexes = ds.describeIndices();
            assertEquals(1, indexes.size());
            assertEquals("embedding_idx", indexes.get(0).getName());
            assertEquals("IVF_PQ", indexes.get(0).getIndexType());
            assertEquals(1000, indexes.get(0).getRowsIndexed());
            assertEquals(List.of(0, 1, 2, 3), ds.getIndexes().get(0).fragments().orElseThrow());
            assertEquals(List.of(0, 1, 2, 3, 4), ds.getFragments().stream().map(f -> f.getId()).toList());
            assertEquals(new ArrowType.FixedSizeList(8), ds.getSchema().findField("embedding").getType());
            assertEquals(13, ds.countRows("price IS NULL"));
        }
    }

    @Test
    void articlesHasAnInvertedIndexOverEveryFragment(BufferAllocator allocator) {
        try (Dataset ds = open(allocator, "articles.lance")) {
            List<IndexDescription> indexes = ds.describeIndices();
            assertEquals(1, indexes.size());
            assertEquals("body_idx", indexes.get(0).getName());
            assertEquals("Inverted", indexes.get(0).getIndexType());
            assertEquals(24, indexes.get(0).getRowsIndexed());
            assertEquals(List.of(0, 1), ds.getIndexes().get(0).fragments().orElseThrow());
            assertEquals(List.of("id", "title", "body"),
                    ds.getSchema().getFields().stream().map(f -> f.getName()).toList());
            assertEquals(3, ds.countRows("body LIKE '%lighthouse%'"));
        }
    }

    @Test
    void anOlderDemoVersionIsRebuiltWithTheArticles(@TempDir Path dir) throws IOException {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        deleteTree(wh.resolve("articles.lance"));
        Files.writeString(wh.resolve(DemoWarehouse.MARKER), "lance-jdbc demo warehouse, content version 1\n");
        assertFalse(DemoWarehouse.isComplete(wh));
        DemoWarehouse.createIfAbsent(wh);
        assertTrue(DemoWarehouse.isComplete(wh));
        assertTrue(Files.isDirectory(wh.resolve("articles.lance")));
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void eventsKeepsEveryVersionOfItsHistory(BufferAllocator allocator) {
        try (Dataset ds = open(allocator, "events.lance")) {
            List<Long> counts = new ArrayList<>();
            for (long v = 1; v <= 5; v++) {
                try (Dataset old = ds.checkoutVersion(v)) {
                    counts.add(old.countRows());
                }
            }
            assertEquals(List.of(600L, 800L, 600L, 800L, 725L), counts);
            assertEquals(50, ds.countRows("kind = 'debug'"));
            assertEquals(0, ds.countRows("id < 100"));
        }
    }

    @Test
    void peopleHoldsStructListAndMapValues(BufferAllocator allocator) {
        DatasetContents people = DatasetContents.read(allocator, warehouse.resolve("people.lance"));
        Map<String, Object> ada = people.rowsSortedBy("id").get(0);
        assertEquals("Ada", ada.get("name"));
        assertEquals(Map.of("street", "12 Analytical Way", "city", "London", "zip", "N1 9GU"), ada.get("address"));
        assertEquals(List.of("math", "engines"), ada.get("tags"));
        assertEquals(List.of(Map.of("kind", "home", "number", "+44 20 7946 0001")), ada.get("phones"));
        assertEquals(Map.of("team", "research"), ada.get("attributes"));
        Map<String, Object> frances = people.rowsSortedBy("id").get(6);
        assertEquals(null, frances.get("tags"));
        assertEquals(null, frances.get("attributes"));
        assertEquals(null, people.rowsSortedBy("id").get(5).get("address"));
        assertEquals(new ArrowType.Map(false), people.schema().findField("attributes").getType());
    }

    @Test
    void dailySalesRevenueIsOrdersTimesRegionPrice(BufferAllocator allocator) {
        DatasetContents sales = DatasetContents.read(allocator, warehouse.resolve("analytics/daily_sales.lance"));
        Map<String, Object> first = sales.rows().get(0);
        assertEquals("north", first.get("region"));
        assertEquals(10, first.get("orders"));
        assertEquals(new java.math.BigDecimal("199.90"), first.get("revenue"));
    }

    @Test
    void aSecondCallKeepsTheExistingWarehouse() throws IOException {
        Path probe = warehouse.resolve("items.lance").resolve("probe.txt");
        Files.writeString(probe, "kept");
        try {
            assertEquals(warehouse, DemoWarehouse.createIfAbsent(warehouse));
            assertTrue(Files.exists(probe));
        } finally {
            Files.delete(probe);
        }
    }

    @Test
    void aWarehouseWithoutItsMarkerIsRebuilt(BufferAllocator allocator, @TempDir Path dir) throws IOException {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        Files.delete(wh.resolve(DemoWarehouse.MARKER));
        Files.writeString(wh.resolve("items.lance").resolve("leftover.txt"), "half-written");
        DemoWarehouse.createIfAbsent(wh);
        assertTrue(DemoWarehouse.isComplete(wh));
        assertFalse(Files.exists(wh.resolve("items.lance").resolve("leftover.txt")));
        try (Dataset ds = Dataset.open().allocator(allocator).uri(wh.resolve("items.lance").toString()).build()) {
            assertEquals(1200, ds.countRows());
        }
    }

    @Test
    void aDirectoryHoldingOtherDataIsRefusedAndLeftAlone(@TempDir Path dir) throws IOException {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "precious");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DemoWarehouse.createIfAbsent(mine));
        assertTrue(e.getMessage().contains("notes.txt"), e.getMessage());
        assertEquals("precious", Files.readString(mine.resolve("notes.txt")));
    }

    @Test
    void concurrentCreatorsAgreeOnOneCompleteWarehouse(BufferAllocator allocator, @TempDir Path dir)
            throws Exception {
        Path target = dir.resolve("shared");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Path> a = pool.submit(() -> DemoWarehouse.createIfAbsent(target));
            Future<Path> b = pool.submit(() -> DemoWarehouse.createIfAbsent(target));
            assertEquals(a.get(), b.get());
        } finally {
            pool.shutdown();
        }
        assertTrue(DemoWarehouse.isComplete(target));
        assertEquals(List.of("shared"), entries(dir));
        try (Dataset ds = Dataset.open().allocator(allocator).uri(target.resolve("events.lance").toString())
                .build()) {
            assertEquals(725, ds.countRows());
        }
    }
}

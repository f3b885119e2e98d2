package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.split.SplitKind;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scans of one shared dataset: ids 0..3999 in 8 fragments of 500, then ids 100..109 deleted (version 2). */
class FragmentScanReaderTest {
    @TempDir
    static Path tmp;

    private static Path dataset;
    private static BufferAllocator poolAllocator;
    private static DatasetHandlePool pool;

    private BufferAllocator allocator;
    private FragmentScanReader reader;
    private DatasetSource src;

    @BeforeAll
    static void writeDataset() {
        dataset = tmp.resolve("items.lance");
        TestDatasets.create(dataset, 0, 4000, 500);
        TestDatasets.delete(dataset, "id >= 100 AND id < 110");
        poolAllocator = new RootAllocator();
        pool = new DatasetHandlePool(poolAllocator, PoolSettings.defaults());
    }

    @AfterAll
    static void closePool() {
        pool.close();
        poolAllocator.close();
    }

    @BeforeEach
    void setUp() {
        allocator = poolAllocator.newChildAllocator("test", 0, Long.MAX_VALUE);
        reader = new FragmentScanReader(pool);
        src = DatasetSource.of(dataset.toString());
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private static List<Long> range(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    private ScanRequest ids() {
        return ScanRequest.of(src, 2).withColumns(List.of("id"));
    }

    @Test
    void fragmentsAreReadInTheGivenOrderAndRowsInOffsetOrder() {
        List<Long> got = Batches.ids(reader.scan(ids().withFragments(List.of(3L, 1L)).withBatchSize(128), allocator));

        assertEquals(Stream.concat(range(1500, 2000).stream(), range(500, 1000).stream()).toList(), got);
    }

    @Test
    void deletedRowsAreSkipped() {
        List<Long> got = Batches.ids(reader.scan(ids().withFragments(List.of(0L)), allocator));

        assertEquals(Stream.concat(range(0, 100).stream(), range(110, 500).stream()).toList(), got);
    }

    @Test
    void wholeDatasetScanReturnsEveryVisibleRowInFragmentOrder() {
        List<Long> got = Batches.ids(reader.scan(ids(), allocator));

        assertEquals(Stream.concat(range(0, 100).stream(), range(110, 4000).stream()).toList(), got);
    }

    @Test
    void pushedFilterSelectsRows() {
        List<Long> got = Batches.ids(reader.scan(ids().withFilter("`id` >= 95 AND `id` < 115"), allocator));

        assertEquals(List.of(95L, 96L, 97L, 98L, 99L, 110L, 111L, 112L, 113L, 114L), got);
    }

    @Test
    void limitAndOffsetApplyToTheWholeScan() {
        List<Long> got = Batches.ids(reader.scan(ids().withFragments(List.of(1L, 2L)).withOffset(498).withLimit(4),
                allocator));

        assertEquals(List.of(998L, 999L, 1000L, 1001L), got);
    }

    @Test
    void emptyProjectionYieldsRowCountsWithoutColumns() {
        try (BatchStream s = reader.scan(ScanRequest.of(src, 2).withColumns(List.of()), allocator)) {
            assertEquals(List.of(), s.schema().getFields());
            long rows = 0;
            for (VectorSchemaRoot next = s.next(); next != null; next = s.next()) {
                try (VectorSchemaRoot b = next) {
                    assertEquals(0, b.getFieldVectors().size());
                    rows += b.getRowCount();
                }
            }
            assertEquals(3990, rows);
        }
    }

    @Test
    void emptyProjectionOverLegacyFormatDataFilesCountsRows() {
        // lance-core 7.0.0 rejects an empty projection over 0.1 data files ("No data files found for schema").
        Path legacy = CorpusFixtures.copyDataset("lance-compat/v0.15.0/v1_with_files.lance", tmp.resolve("compat"));
        DatasetSource legacySource = DatasetSource.of(legacy.toString());
        try (BatchStream s = reader.scan(ScanRequest.of(legacySource, 1).withColumns(List.of()), allocator)) {
            assertEquals(List.of(), s.schema().getFields());
            long rows = 0;
            for (VectorSchemaRoot next = s.next(); next != null; next = s.next()) {
                try (VectorSchemaRoot b = next) {
                    assertEquals(0, b.getFieldVectors().size());
                    rows += b.getRowCount();
                }
            }
            assertEquals(3, rows);
        }
    }

    @Test
    void projectionKeepsTheRequestedColumnOrder() {
        try (BatchStream s = reader.scan(ScanRequest.of(src, 2).withColumns(List.of("name", "id"))
                .withFragments(List.of(7L)).withLimit(2), allocator);
             VectorSchemaRoot b = s.next()) {
            assertEquals(List.of("name", "id"), s.schema().getFields().stream().map(Field::getName).toList());
            assertEquals("n3500", ((VarCharVector) b.getVector(0)).getObject(0).toString());
            assertEquals(3501L, ((BigIntVector) b.getVector(1)).get(1));
            assertNull(s.next());
        }
    }

    @Test
    void allColumnsAreReadWhenNoProjectionIsGiven() {
        try (BatchStream s = reader.scan(ScanRequest.of(src, 2).withFragments(List.of(2L)).withLimit(1), allocator);
             VectorSchemaRoot b = s.next()) {
            assertEquals(List.of("id", "name", "vec"), s.schema().getFields().stream().map(Field::getName).toList());
            FixedSizeListVector vec = (FixedSizeListVector) b.getVector("vec");
            assertEquals(List.of(TestDatasets.vectorValue(1000, 0), TestDatasets.vectorValue(1000, 1)),
                    vec.getObject(0).subList(0, 2));
        }
    }

    @Test
    void rowIdIsAppendedAsUint64RowAddress() {
        try (BatchStream s = reader.scan(ids().withFragments(List.of(1L)).withLimit(2).withRowId(true), allocator);
             VectorSchemaRoot b = s.next()) {
            assertEquals(List.of("id", "_rowid"), s.schema().getFields().stream().map(Field::getName).toList());
            UInt8Vector rowId = (UInt8Vector) b.getVector("_rowid");
            assertEquals((1L << 32), rowId.get(0));
            assertEquals((1L << 32) + 1, rowId.get(1));
        }
    }

    @Test
    void batchesBelongToTheCallersAllocator() {
        try (BatchStream s = reader.scan(ids().withFragments(List.of(4L)), allocator)) {
            VectorSchemaRoot b = s.next();
            assertTrue(allocator.getAllocatedMemory() >= 500 * 8, "the batch's buffers are accounted to the caller");
            s.close();
            assertEquals(500, b.getRowCount(), "a batch outlives its stream");
            b.close();
        }
        assertEquals(0, allocator.getAllocatedMemory());
    }

    @Test
    void emptyFragmentListReadsNothingButKeepsTheSchema() {
        try (BatchStream s = reader.scan(ids().withFragments(List.of()), allocator)) {
            assertEquals(List.of("id"), s.schema().getFields().stream().map(Field::getName).toList());
            assertNull(s.next());
        }
    }

    @Test
    void emptyFragmentListHasTheSchemaOfAScanAndHoldsNoDataset() {
        Schema scanned;
        try (BatchStream s = reader.scan(ids().withFragments(List.of(0L)).withRowId(true), allocator)) {
            scanned = s.schema();
        }
        try (DatasetHandlePool fresh = new DatasetHandlePool(poolAllocator, PoolSettings.defaults())) {
            try (BatchStream s = new FragmentScanReader(fresh).scan(ids().withFragments(List.of()).withRowId(true),
                    allocator)) {
                assertEquals(scanned.getFields(), s.schema().getFields());
                assertNull(s.next());
            }
            fresh.close();
            assertEquals(0, fresh.openDatasetCount(), "the empty scan kept the dataset open");
        }
        SqlError e = assertThrows(SqlError.class, () -> reader.scan(ids().withColumns(List.of("nope"))
                .withFragments(List.of()), allocator));
        assertEquals("42S22", e.sqlState());
    }

    @Test
    void scanRequestForASplitReadsItsFragments() {
        Split split = new Split(src.uri(), 2, List.of(5L, 6L), null, SplitKind.FRAGMENT_SCAN, 1000);

        List<Long> got = Batches.ids(reader.scan(FragmentScanReader.requestFor(split, Map.of())
                .withColumns(List.of("id")), allocator));

        assertEquals(range(2500, 3500), got);
    }

    @Test
    void unknownColumnInTheFilterIsColumnNotFound() {
        SqlError e = assertThrows(SqlError.class, () -> reader.scan(ids().withFilter("nope = 1"), allocator));

        assertEquals("42S22", e.sqlState());
        assertEquals("Lance scan failed for dataset " + src.uri()
                + ": Invalid user input: Schema error: No field named nope. Did you mean 'name'?.", e.getMessage());
    }

    @Test
    void unknownProjectedColumnIsColumnNotFound() {
        SqlError e = assertThrows(SqlError.class,
                () -> reader.scan(ScanRequest.of(src, 2).withColumns(List.of("nope")), allocator));

        assertEquals("42S22", e.sqlState());
    }

    @Test
    void filterThatDoesNotParseIsASyntaxError() {
        SqlError e = assertThrows(SqlError.class, () -> reader.scan(ids().withFilter("id <<< 1"), allocator));

        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().startsWith("Lance scan failed for dataset " + src.uri()
                + ": Invalid user input: Error parsing statement"), e.getMessage());
    }

    @Test
    void unknownFragmentIsAGeneralError() {
        SqlError e = assertThrows(SqlError.class, () -> reader.scan(ids().withFragments(List.of(99L)), allocator));

        assertEquals("HY000", e.sqlState());
        assertEquals("Lance scan failed for dataset " + src.uri() + ": Fragment 99 not found", e.getMessage());
    }

    @Test
    void failedScansReturnTheirDatasetLease() {
        int before = pool.openDatasetCount();
        assertThrows(SqlError.class, () -> reader.scan(ids().withFilter("nope = 1"), allocator));

        try (DatasetHandlePool fresh = new DatasetHandlePool(poolAllocator, PoolSettings.defaults())) {
            assertThrows(SqlError.class, () -> new FragmentScanReader(fresh).scan(ids().withFilter("nope = 1"),
                    allocator));
            fresh.close();
            assertEquals(0, fresh.openDatasetCount(), "no lease kept the dataset open");
        }
        assertEquals(before, pool.openDatasetCount());
    }

    @Test
    void nextAfterCloseReportsTheScanAsCancelled() {
        BatchStream s = reader.scan(ids(), allocator);
        s.close();

        SqlError e = assertThrows(SqlError.class, s::next);

        assertEquals("57014", e.sqlState());
    }

    @Test
    void closeFromAnotherThreadCancelsTheScanAndFreesIt() throws Exception {
        BatchStream s = reader.scan(ids().withBatchSize(64), allocator);
        List<VectorSchemaRoot> got = new ArrayList<>();
        Thread closer = new Thread(s::close);
        try {
            got.add(s.next());
            closer.start();
            closer.join();
            assertThrows(SqlError.class, s::next);
        } finally {
            got.forEach(VectorSchemaRoot::close);
        }
        assertEquals(0, allocator.getAllocatedMemory());
    }

    @Test
    void countRowsCountsFilteredRowsInAVersion() {
        assertEquals(3990, reader.countRows(src, 2, Optional.empty(), null));
        assertEquals(4000, reader.countRows(src, 1, Optional.empty(), null));
        assertEquals(390, reader.countRows(src, 2, Optional.of(List.of(0L)), "id >= 100"));
        assertEquals(10, reader.countRows(src, 2, Optional.empty(), "id >= 95 AND id < 115"));
        assertEquals(0, reader.countRows(src, 2, Optional.of(List.of()), null));
    }

    @Test
    void countRowsWithAnUnknownColumnIsColumnNotFound() {
        SqlError e = assertThrows(SqlError.class, () -> reader.countRows(src, 2, Optional.empty(), "nope > 1"));

        assertEquals("42S22", e.sqlState());
        assertTrue(e.getMessage().startsWith("Lance row count failed for dataset " + src.uri()), e.getMessage());
    }

    @Test
    void takeRowsReturnsRowsInRequestOrder() {
        List<Long> rowIds = List.of((1L << 32) + 5, 3L, 0L, (7L << 32) + 499);

        List<Long> got = Batches.ids(reader.takeRows(src, 2, rowIds, List.of("id", "name"), allocator));

        assertEquals(List.of(505L, 3L, 0L, 3999L), got);
    }

    @Test
    void takeRowsIntoAnAllocatorOfAnotherRootCopiesTheBatch() {
        try (BufferAllocator foreign = new RootAllocator()) {
            try (BatchStream s = reader.takeRows(src, 2, List.of(2L, 1L), List.of("name"), foreign);
                 VectorSchemaRoot b = s.next()) {
                assertEquals("n2", ((VarCharVector) b.getVector(0)).getObject(0).toString());
                assertEquals("n1", ((VarCharVector) b.getVector(0)).getObject(1).toString());
                assertTrue(foreign.getAllocatedMemory() > 0);
            }
        }
    }

    @Test
    void takeRowsOfNothingIsAnEmptyStreamWithTheColumns() {
        try (BatchStream s = reader.takeRows(src, 2, List.of(), List.of("name", "id"), allocator)) {
            assertEquals(List.of("name", "id"), s.schema().getFields().stream().map(Field::getName).toList());
            assertNull(s.next());
        }
    }

    @Test
    void takeRowsOfAMissingFragmentFails() {
        SqlError e = assertThrows(SqlError.class,
                () -> Batches.ids(reader.takeRows(src, 2, List.of(77L << 32), List.of("id"), allocator)));

        assertTrue(e.getMessage().startsWith("Lance take failed for dataset " + src.uri()
                + ": Invalid user input: rowaddr start: 330712481792 belongs to non-existent fragment: 77"),
                e.getMessage());
    }
}

package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotLoaderTest {
    @TempDir
    Path tmp;

    private BufferAllocator allocator;
    private final SnapshotLoader loader = new SnapshotLoader();

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close(); // throws when a test leaked Arrow memory
    }

    private DatasetMetadata load(Path dir, OptionalLong version) {
        return loader.load(DatasetSource.of(dir.toString()), version, allocator);
    }

    static Path fixture(String name) {
        try {
            return Paths.get(SnapshotLoaderTest.class.getResource("/lance-compat/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<FragmentInfo> fragments(long count, long rowsEach) {
        return LongStream.range(0, count).mapToObj(i -> new FragmentInfo(i, rowsEach, rowsEach)).toList();
    }

    @Test
    void multiFragmentDatasetListsEveryFragmentWithItsRowCounts() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 4000, 500);

        Snapshot s = load(ds, OptionalLong.empty()).snapshot();

        assertEquals("file://" + ds, s.uri());
        assertEquals(1, s.version());
        assertEquals(fragments(8, 500), s.fragments());
        assertEquals(4000, s.logicalRows());
        assertEquals("2.1", s.storageFormat());
        assertEquals(Map.of("id", 0, "name", 1, "vec", 2), s.fieldIds());
        assertEquals(TestDatasets.schema().getFields().stream().map(f -> f.getName()).toList(),
                s.schema().getFields().stream().map(f -> f.getName()).toList());
        assertEquals(List.of(), s.indexSegments());
    }

    @Test
    void deletionsLowerLogicalRowsButNotPhysicalRows() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 1000, 500);
        TestDatasets.delete(ds, "id >= 100 AND id < 110");

        Snapshot s = load(ds, OptionalLong.empty()).snapshot();

        assertEquals(2, s.version());
        assertEquals(List.of(new FragmentInfo(0, 500, 490), new FragmentInfo(1, 500, 500)), s.fragments());
        assertEquals(990, s.logicalRows());
    }

    @Test
    void pinnedVersionShowsTheFragmentsOfThatVersion() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 1000, 500);
        TestDatasets.append(ds, 1000, 300, 500);

        assertEquals(fragments(2, 500), load(ds, OptionalLong.of(1)).snapshot().fragments());
        assertEquals(List.of(new FragmentInfo(0, 500, 500), new FragmentInfo(1, 500, 500),
                new FragmentInfo(2, 300, 300)), load(ds, OptionalLong.empty()).snapshot().fragments());
    }

    @Test
    void ivfPqIndexWithAppendedFragmentsGetsADeltaSegmentCoveringOnlyThem() {
        Path ds = tmp.resolve("vectors.lance");
        TestDatasets.create(ds, 0, 4000, 500);
        TestDatasets.createIvfPq(ds);
        TestDatasets.append(ds, 4000, 600, 500);
        TestDatasets.optimizeIndicesAsDeltas(ds);
        TestDatasets.append(ds, 4600, 100, 500);

        DatasetMetadata m = load(ds, OptionalLong.empty());
        List<IndexSegment> segments = m.snapshot().indexSegments();

        assertEquals(2, segments.size());
        List<Optional<List<Long>>> bitmaps = segments.stream().map(IndexSegment::fragmentIds).sorted(
                (a, b) -> Long.compare(a.orElseThrow().get(0), b.orElseThrow().get(0))).toList();
        assertEquals(List.of(Optional.of(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L)), Optional.of(List.of(8L, 9L))),
                bitmaps);
        for (IndexSegment seg : segments) {
            assertEquals("vec_idx", seg.indexName());
            assertEquals(List.of(2), seg.fieldIds());
            assertEquals("IVF_PQ", seg.indexType());
            assertEquals(Optional.of("L2"), seg.metric());
            assertTrue(seg.vector());
        }
        assertNotEquals(segments.get(0).uuid(), segments.get(1).uuid());
        assertEquals(11, m.snapshot().fragments().size(), "fragment 10 (appended last) is not indexed");
        assertEquals(List.of(new IndexDescriptor("vec_idx", List.of("vec"), "IVF_PQ", 2, Map.of(
                "metric_type", "L2", "compression_type", "pq", "num_bits", "8", "num_sub_vectors", "4"))),
                m.indexes());
        assertTrue(m.indexMetadataComplete());
    }

    @Test
    void scalarBtreeIndexIsAScalarSegmentWithoutMetric() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 1000, 500);
        TestDatasets.createBtree(ds);

        DatasetMetadata m = load(ds, OptionalLong.empty());
        IndexSegment seg = m.snapshot().indexSegments().get(0);

        assertEquals(1, m.snapshot().indexSegments().size());
        assertEquals("id_idx", seg.indexName());
        assertEquals("BTree", seg.indexType());
        assertEquals(Optional.empty(), seg.metric());
        assertFalse(seg.vector());
        assertEquals(Optional.of(List.of(0L, 1L)), seg.fragmentIds());
        assertEquals(List.of(new IndexDescriptor("id_idx", List.of("id"), "BTREE", 1, Map.of())), m.indexes());
    }

    @Test
    void unenforcedPrimaryKeyComesFromFieldMetadata() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 10, 500);

        assertEquals(List.of("id"), load(ds, OptionalLong.empty()).primaryKey());
    }

    @Test
    void manifestWithoutPhysicalRowsFromLance075IsRejectedAndTheJvmLivesOn() {
        Path legacy = fixture("v0.7.5/with_deletions");

        SqlError e = assertThrows(SqlError.class, () -> load(legacy, OptionalLong.empty()));

        assertEquals("42000", e.sqlState());
        assertEquals("Lance dataset file://" + legacy + " (version 2) was written by Lance 0.7 or older: its "
                + "manifest has no per-fragment row counts, which lance-core 7.0.0 cannot read safely. Rewrite the "
                + "dataset with a current Lance release (read it and write it to a new location) to query it.",
                e.getMessage());
        // Still alive: the next dataset loads normally.
        assertEquals(92, load(fixture("v0.8.0/migrated_from_v0.7.5"), OptionalLong.empty()).snapshot().logicalRows());
    }

    @Test
    void manifestWithoutPhysicalRowsFromLance059IsRejectedAtEveryVersion() {
        Path legacy = fixture("v0.5.9/dataset_with_fragments");

        for (long v = 1; v <= 3; v++) {
            long version = v;
            SqlError e = assertThrows(SqlError.class, () -> load(legacy, OptionalLong.of(version)));
            assertEquals("42000", e.sqlState());
            assertTrue(e.getMessage().contains("(version " + v + ") was written by Lance 0.7 or older"),
                    e.getMessage());
        }
    }

    @Test
    void migratedLance080DatasetGetsRowCountsFromTheFilesNotTheWrongManifest() {
        // Lance 0.8.0 recorded physical_rows = 90 for a 100-row file with 10 deletions.
        Snapshot s = load(fixture("v0.8.0/migrated_from_v0.7.5"), OptionalLong.empty()).snapshot();

        assertEquals(List.of(new FragmentInfo(0, 100, 90), new FragmentInfo(1, 2, 2)), s.fragments());
        assertEquals("0.1", s.storageFormat());
        assertEquals(3, s.version());
    }

    @Test
    void indexWithoutDetailsFallsBackToTheSegmentListing() {
        DatasetMetadata m = load(fixture("v0.18.2/index_no_details.lance"), OptionalLong.empty());

        assertFalse(m.indexMetadataComplete());
        IndexSegment seg = m.snapshot().indexSegments().get(0);
        assertEquals(1, m.snapshot().indexSegments().size());
        assertEquals("id_idx", seg.indexName());
        assertEquals(List.of(0), seg.fieldIds());
        assertEquals(Optional.of(List.of(0L)), seg.fragmentIds());
        assertEquals(Optional.empty(), seg.metric());
        assertFalse(seg.vector());
        assertEquals(List.of(new FragmentInfo(0, 100, 100)), m.snapshot().fragments());
        assertEquals("id_idx", m.indexes().get(0).name());
        assertEquals(List.of("id"), m.indexes().get(0).columns());
    }

    @Test
    void legacyFullTextIndexFallsBackToTheSegmentListing() {
        DatasetMetadata m = load(fixture("0.27.0/legacy_fts_index"), OptionalLong.empty());

        assertFalse(m.indexMetadataComplete());
        assertEquals(List.of(new IndexDescriptor("text_idx", List.of("text"), "INVERTED", 1, Map.of())),
                m.indexes());
        assertEquals(3, m.snapshot().logicalRows());
    }

    @Test
    void describeFailuresOfTheCorpusAreKnownLegacyFormatsAndAStorageFailureIsNot() {
        for (String name : List.of("v0.18.2/index_no_details.lance", "0.27.0/legacy_fts_index")) {
            try (BufferAllocator child = allocator.newChildAllocator("t", 0, Long.MAX_VALUE);
                    org.lance.Dataset ds = new DatasetOpener(null, child).open(DatasetSource.of(fixture(name)
                            .toString()), OptionalLong.empty())) {
                RuntimeException e = assertThrows(RuntimeException.class, ds::describeIndices, name);
                assertTrue(IndexListingFailures.isLegacyIndexFormat(e), name + ": " + e.getMessage());
            }
        }
        // A real lance-core storage error: an S3 endpoint that refuses the connection.
        DatasetSource unreachable = new DatasetSource("s3://bucket/t.lance", Map.of("aws_endpoint",
                "http://127.0.0.1:9", "aws_access_key_id", "k", "aws_secret_access_key", "s3cretValue",
                "aws_region", "us-east-1", "allow_http", "true", "aws_allow_http", "true"));
        Exception storage = assertThrows(Exception.class, () -> {
            try (BufferAllocator child = allocator.newChildAllocator("t", 0, Long.MAX_VALUE)) {
                org.lance.Dataset.open().allocator(child).uri(unreachable.uri())
                        .readOptions(new org.lance.ReadOptions.Builder().setStorageOptions(unreachable
                                .storageOptions()).build()).build().close();
            }
        });
        assertFalse(IndexListingFailures.isLegacyIndexFormat(storage), storage.getMessage());
        SqlError unreadable = IndexListingFailures.unreadable(storage, "segments", unreachable);
        assertEquals("58030", unreadable.sqlState(), unreadable.getMessage());
        assertFalse(unreadable.getMessage().contains("s3cretValue"), unreadable.getMessage());
        assertTrue(unreadable.getMessage().endsWith("; the index list of the dataset could not be read, so the"
                + " statement stops rather than plan without its indexes (retry when storage answers)"),
                unreadable.getMessage());
    }

    @Test
    void aMissingOrMalformedManifestSummaryCountFailsInsteadOfReadingAsZero() {
        assertEquals(7, SnapshotLoader.parseCount(Map.of("total_fragments", " 7 "), "total_fragments", "file:///d", 3));
        SqlError malformed = assertThrows(SqlError.class, () -> SnapshotLoader.parseCount(
                Map.of("total_data_file_rows", "12x"), "total_data_file_rows", "file:///d", 3));
        assertEquals("22000", malformed.sqlState());
        assertEquals("Lance dataset file:///d (version 3) has a malformed total_data_file_rows '12x' in its manifest"
                + " summary, so lance-jdbc cannot tell whether its fragments carry row counts (reading them without"
                + " would abort the JVM); check the dataset's manifest", malformed.getMessage());
        SqlError missing = assertThrows(SqlError.class, () -> SnapshotLoader.parseCount(Map.of(), "total_fragments",
                "file:///d", 3));
        assertTrue(missing.getMessage().startsWith("Lance dataset file:///d (version 3) has no total_fragments in"),
                missing.getMessage());
        assertThrows(SqlError.class, () -> SnapshotLoader.parseCount(Map.of("total_fragments", "-1"),
                "total_fragments", "file:///d", 3));
    }

    @Test
    void missingDatasetIsTableNotFound() {
        Path nowhere = tmp.resolve("nowhere.lance");

        SqlError e = assertThrows(SqlError.class, () -> load(nowhere, OptionalLong.empty()));

        assertEquals("42S02", e.sqlState());
        assertEquals("No Lance dataset at file://" + nowhere + " (the path does not exist)", e.getMessage());
    }

    @Test
    void aDirectoryWithoutManifestsIsTableNotFoundSayingSo() throws Exception {
        Path empty = java.nio.file.Files.createDirectories(tmp.resolve("empty.lance"));

        SqlError e = assertThrows(SqlError.class, () -> load(empty, OptionalLong.empty()));

        assertEquals("42S02", e.sqlState());
        assertEquals("No Lance dataset at file://" + empty + " (the directory has no _versions/ manifests)",
                e.getMessage());
    }

    @Test
    void missingVersionNamesTheVersionAndTheLatest() {
        Path ds = tmp.resolve("items.lance");
        TestDatasets.create(ds, 0, 10, 500);

        SqlError e = assertThrows(SqlError.class, () -> load(ds, OptionalLong.of(9)));

        assertEquals("22023", e.sqlState());
        assertEquals("Version 9 of Lance dataset file://" + ds + " does not exist (versions 1 to 1 may exist; "
                + "older ones can have been cleaned up)", e.getMessage());
    }
}

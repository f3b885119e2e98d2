package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;

@ExtendWith(ArrowAllocatorExtension.class)
class CorpusFixturesTest {
    private static final CorpusFixtures.ForeignDataset ITEMS_039 =
            new CorpusFixtures.ForeignDataset("lancedb-0.39.0", "items");
    private static final CorpusFixtures.ForeignDataset ALL_TYPES_039 =
            new CorpusFixtures.ForeignDataset("lancedb-0.39.0", "all_types");

    @Test
    void fileListingMatchesTheResourceDirectory() throws IOException, URISyntaxException {
        URL listing = getClass().getClassLoader().getResource("corpus/files.txt");
        assertNotNull(listing);
        assertEquals("file", listing.getProtocol(), "exec's own tests see the corpus as a directory");
        Path root = Path.of(listing.toURI()).getParent();
        List<String> onDisk;
        try (Stream<Path> s = Files.walk(root)) {
            onDisk = s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.equals("files.txt")).sorted().toList();
        }
        assertEquals(onDisk, CorpusFixtures.files());
    }

    @Test
    void listsEveryForeignAndLanceCompatDataset() {
        assertEquals(43, CorpusFixtures.foreignDatasets().size());
        assertTrue(CorpusFixtures.foreignDatasets().contains(ITEMS_039));
        assertEquals(19, CorpusFixtures.lanceCompatDatasets().size());
        assertTrue(CorpusFixtures.lanceCompatDatasets().contains("lance-compat/v0.7.5/with_deletions"));
    }

    @Test
    void everyForeignDatasetHasParsedAnswersAndAJavaVerifyEntry() {
        for (CorpusFixtures.ForeignDataset d : CorpusFixtures.foreignDatasets()) {
            ExpectedAnswers expected = CorpusFixtures.expected(d);
            assertEquals(d.name(), expected.dataset(), d.toString());
            assertEquals(d.writer(), expected.writer(), d.toString());
            assertFalse(expected.queries().isEmpty(), d.toString());
            JavaVerifyEntry verified = CorpusFixtures.javaVerify(d);
            if (expected.version() != null) {
                assertEquals(expected.version(), verified.version(), d.toString());
            }
            assertEquals("OK", verified.verdict(), d.toString());
        }
        assertEquals(43, CorpusFixtures.javaVerify().size());
    }

    @Test
    void itemsAnswersCarryCountsKnnParametersAndTheIndex() {
        ExpectedAnswers items = CorpusFixtures.expected(ITEMS_039);
        assertEquals(5388, items.query("count").result().asLong());
        assertEquals("embedding", items.vectorColumn());
        assertEquals(List.of("q0", "q1", "q2"), List.copyOf(items.queryVectors().keySet()));
        ExpectedAnswers.KnnParams knn = items.query("knn_q0_l2_index_prefilter_book").knn();
        assertEquals("l2", knn.metric());
        assertEquals(10, knn.k());
        assertEquals(20, knn.nprobes());
        assertEquals(10, knn.refineFactor());
        assertEquals("category = 'book'", knn.filter());
        assertTrue(knn.prefilter());
        assertEquals(16, knn.queryVector().length);
        assertEquals(10, items.query("knn_q0_l2_flat").bruteforce().size());
        assertEquals("IVF_PQ", items.indices().get(0).stats().path("indexType").asText());
        assertEquals(4900, items.indices().get(0).stats().path("numIndexedRows").asLong());
    }

    @Test
    void copiedForeignDatasetsOpenWithLanceCoreAtTheirVerifiedRowCount(BufferAllocator allocator,
            @TempDir Path dir) {
        for (CorpusFixtures.ForeignDataset d : CorpusFixtures.foreignDatasets()) {
            Path copy = CorpusFixtures.copyDataset(d, dir);
            assertEquals(dir.resolve(d.relativePath()), copy);
            try (Dataset ds = Dataset.open().allocator(allocator).uri(copy.toString()).build()) {
                assertEquals(CorpusFixtures.javaVerify(d).rowCount(), ds.countRows(), d.toString());
            }
        }
    }

    @Test
    void versionsHistoryIsParsed() {
        ExpectedAnswers versions = CorpusFixtures.expected("lancedb-0.39.0", "versions");
        assertEquals(List.of(100L, 200L, 200L, 250L, 225L),
                versions.history().stream().map(ExpectedAnswers.VersionStep::count).toList());
        assertEquals(List.of("id", "name", "score", "doubled"), versions.history().get(4).columns());
    }

    @Test
    void expectedScanAgreesWithTheJsonRows(BufferAllocator allocator) {
        List<Map<String, Object>> scan = CorpusFixtures.expectedScan(allocator, ALL_TYPES_039);
        assertEquals(100, scan.size());
        ExpectedAnswers.Query fullScan = CorpusFixtures.expected(ALL_TYPES_039).query("full_scan");
        for (int i = 0; i < scan.size(); i++) {
            Map<String, Object> row = scan.get(i);
            var json = fullScan.rows().get(i);
            assertEquals(json.get("id").asLong(), row.get("id"));
            assertEquals(json.get("c_utf8").isNull() ? null : json.get("c_utf8").asText(), row.get("c_utf8"));
            assertEquals(json.get("c_u64").isNull() ? null : new BigInteger(json.get("c_u64").asText()),
                    row.get("c_u64"));
        }
    }

    @Test
    void aLanceCompatDatasetIsCopiedAndReadable(BufferAllocator allocator, @TempDir Path dir) {
        // Only countRows: getFragments() aborts the JVM on some of these datasets.
        Path copy = CorpusFixtures.copyDataset("lance-compat/v0.8.0/migrated_from_v0.7.5", dir);
        try (Dataset ds = Dataset.open().allocator(allocator).uri(copy.toString()).build()) {
            assertEquals(92, ds.countRows());
        }
    }

    @Test
    void copyingAnUnknownPathIsRefused(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> CorpusFixtures.copyDataset("foreign/nope.lance", dir));
    }
}

package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.TvfSql.error;
import static io.lancejdbc.exec.engine.TvfSql.explain;
import static io.lancejdbc.exec.engine.TvfSql.rows;
import static io.lancejdbc.exec.engine.TvfSql.uris;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.testing.UnsupportedTypesTable;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code local(...)} through the embedded engine: one dataset by {@code file_path}, several by {@code "uris"}
 * (literal paths and globs), with exact rows, plans and errors. Datasets are written by lance-core into a
 * temporary directory:
 *
 * <table>
 *   <caption>fixture</caption>
 *   <tr><th>path</th><th>ids</th><th>versions, fragments</th></tr>
 *   <tr><td>t/a.lance</td><td>0..9</td><td>v1, 2 fragments</td></tr>
 *   <tr><td>t/b.lance</td><td>100..107</td><td>v2 (100..105 then an append of 106..107), 2 fragments</td></tr>
 *   <tr><td>t/c.lance</td><td>200..202</td><td>v1, 1 fragment</td></tr>
 *   <tr><td>t/notes/readme.txt</td><td colspan="2">a directory that is not a dataset</td></tr>
 *   <tr><td>lit/a*b.lance, lit/axb.lance</td><td>7..8, 9</td><td>v1 each</td></tr>
 *   <tr><td>mixed/a.lance, mixed/plain/x.txt</td><td>0..1</td><td>a dataset next to a plain directory</td></tr>
 *   <tr><td>plain/p1/x.txt, plain/p2/x.txt</td><td colspan="2">no dataset at all</td></tr>
 * </table>
 */
class FileTvfLocalTest {
    @TempDir
    static Path tmp;
    static Path data;
    static BufferAllocator allocator;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void setUp() throws IOException {
        data = Files.createDirectories(tmp.resolve("data")).toRealPath();
        allocator = new RootAllocator();
        UriDatasets.createIds(allocator, path("t/a.lance"), Map.of(), 0, 10, 5);
        UriDatasets.createIds(allocator, path("t/b.lance"), Map.of(), 100, 6, 0);
        UriDatasets.appendIds(allocator, path("t/b.lance"), Map.of(), 106, 2, 0);
        UriDatasets.createIds(allocator, path("t/c.lance"), Map.of(), 200, 3, 0);
        Files.createDirectories(data.resolve("t/notes"));
        Files.writeString(data.resolve("t/notes/readme.txt"), "not a dataset");
        UriDatasets.createIds(allocator, path("lit/a*b.lance"), Map.of(), 7, 2, 0);
        UriDatasets.createIds(allocator, path("lit/axb.lance"), Map.of(), 9, 1, 0);
        UriDatasets.createIds(allocator, path("mixed/a.lance"), Map.of(), 0, 2, 0);
        Files.createDirectories(data.resolve("mixed/plain"));
        Files.writeString(data.resolve("mixed/plain/x.txt"), "x");
        for (String p : List.of("plain/p1", "plain/p2")) {
            Files.createDirectories(data.resolve(p));
            Files.writeString(data.resolve(p).resolve("x.txt"), "x");
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                Files.createDirectories(tmp.resolve("wh")).toString())));
    }

    @AfterAll
    static void tearDown() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        allocator.close();
    }

    static String path(String relative) {
        return data.resolve(relative).toString();
    }

    static String local(String arguments) {
        return "local(" + arguments + ", \"format\" = \"lance\")";
    }

    static String filePath(String relative) {
        return local("\"file_path\" = \"" + path(relative) + "\"");
    }

    static String localUris(String... relative) {
        return local("\"uris\" = " + uris(Arrays.stream(relative).map(FileTvfLocalTest::path).toArray(String[]::new)));
    }

    static List<List<Object>> concat(List<List<Object>>... parts) {
        List<List<Object>> out = new ArrayList<>();
        for (List<List<Object>> p : parts) {
            out.addAll(p);
        }
        return out;
    }

    // ------------------------------------------------------------------ one dataset

    @Test
    void filePathReadsOneDatasetAtItsLatestVersion() {
        assertEquals(UriDatasets.idRows(100, 8), rows(session, "SELECT id, name FROM " + filePath("t/b.lance")
                + " ORDER BY id"));
        assertTrue(explain(session, "SELECT id FROM " + filePath("t/b.lance")).contains("lanceVersion=2"));
    }

    @Test
    void filePathIsTakenLiterallyWithoutGlobbing() {
        assertEquals(UriDatasets.idRows(7, 2), rows(session, "SELECT id, name FROM " + filePath("lit/a*b.lance")
                + " ORDER BY id"));
    }

    @Test
    void backendIdIsAcceptedAndIgnored() {
        assertEquals(List.of(List.of(3L)), rows(session, "SELECT count(*) FROM local(\"file_path\" = \""
                + path("t/c.lance") + "\", \"backend_id\" = \"10001\", \"format\" = \"lance\")"));
    }

    // ------------------------------------------------------------------ several datasets

    @Test
    void urisResultsEqualTheSingleScansConcatenatedInSortedOrder() {
        List<List<Object>> expected = concat(rows(session, "SELECT * FROM " + filePath("t/a.lance")),
                rows(session, "SELECT * FROM " + filePath("t/b.lance")),
                rows(session, "SELECT * FROM " + filePath("t/c.lance")));
        assertEquals(concat(UriDatasets.idRows(0, 10), UriDatasets.idRows(100, 8), UriDatasets.idRows(200, 3)),
                expected);
        assertEquals(expected, rows(session, "SELECT * FROM " + localUris("t/*.lance")));
    }

    @Test
    void explicitPathsAreReadInSortedOrderWhateverTheirOrderInUris() {
        assertEquals(rows(session, "SELECT * FROM " + localUris("t/*.lance")),
                rows(session, "SELECT * FROM " + localUris("t/c.lance", "t/a.lance", "t/b.lance")));
    }

    @Test
    void anExplicitPathOverlappingAGlobIsReadOnce() {
        assertEquals(rows(session, "SELECT * FROM " + localUris("t/*.lance")),
                rows(session, "SELECT * FROM " + localUris("t/b.lance", "t/*.lance", "t/{a,b}.lance")));
        assertTrue(explain(session, "SELECT * FROM " + localUris("t/b.lance", "t/*.lance"))
                .contains("lanceDatasets=3"));
    }

    @Test
    void explainShowsEveryDatasetWithItsOwnPinnedVersionAndFragments() {
        String plan = explain(session, "SELECT id FROM " + localUris("t/*.lance") + " WHERE id > 1");
        assertTrue(plan.contains("LANCE_SCAN lance.local.local(uris=[\"" + path("t/*.lance") + "\"])"), plan);
        assertTrue(plan.contains("lanceCatalogType=tvf"), plan);
        assertTrue(plan.contains("lanceDatasets=3"), plan);
        assertTrue(plan.contains("lanceFragments=5"), plan);
        assertTrue(plan.contains("lanceDataset[1]=file://" + path("t/a.lance") + " lanceVersion=1 lanceFragments=2"),
                plan);
        assertTrue(plan.contains("lanceDataset[2]=file://" + path("t/b.lance") + " lanceVersion=2 lanceFragments=2"),
                plan);
        assertTrue(plan.contains("lanceDataset[3]=file://" + path("t/c.lance") + " lanceVersion=1 lanceFragments=1"),
                plan);
        assertTrue(plan.contains("lancePushdownPredicate=(`id` > 1)"), plan);
        assertTrue(plan.contains("splits=5 (FRAGMENT_SCAN)"), plan);
    }

    @Test
    void countStarIsSummedFromTheMetadataOfEveryDataset() {
        String sql = "SELECT count(*) FROM " + localUris("t/*.lance");
        assertTrue(explain(session, sql).contains("pushdown agg=COUNT (21)"), explain(session, sql));
        assertEquals(List.of(List.of(21L)), rows(session, sql));
    }

    @Test
    void countStarWithAPushedFilterSumsLancesCountsOfEveryDataset() {
        assertEquals(List.of(List.of(16L)), rows(session, "SELECT count(*) FROM " + localUris("t/*.lance")
                + " WHERE id >= 5"));
    }

    @Test
    void filtersSortsAndLimitsApplyAcrossDatasets() {
        assertEquals(List.of(List.of(9L), List.of(100L), List.of(101L)), rows(session, "SELECT id FROM "
                + localUris("t/*.lance") + " WHERE id > 8 ORDER BY id LIMIT 3"));
        assertEquals(List.of(List.of(3L, 201L)), rows(session, "SELECT count(*), max(id) FROM "
                + localUris("t/*.lance") + " WHERE id % 100 = 1"));
    }

    @Test
    void urisGlobMatchesALiteralWildcardOnlyWhenEscaped() {
        assertEquals(UriDatasets.idRows(7, 2), rows(session, "SELECT * FROM " + localUris("lit/a\\*b.lance")));
        assertEquals(concat(UriDatasets.idRows(7, 2), UriDatasets.idRows(9, 1)),
                rows(session, "SELECT * FROM " + localUris("lit/a?b.lance")));
    }

    // ------------------------------------------------------------------ DESC FUNCTION

    @Test
    void descFunctionShowsTheSchemaForBothForms() {
        List<List<Object>> expected = List.of(Arrays.asList("id", "bigint", "NO", "false", null, ""),
                Arrays.asList("name", "text", "YES", "false", null, ""));
        assertEquals(expected, rows(session, "DESC FUNCTION " + filePath("t/a.lance")));
        assertEquals(expected, rows(session, "DESC FUNCTION " + localUris("t/*.lance")));
    }

    @Test
    void descFunctionShowsUnsupportedTypes() {
        UnsupportedTypesTable.write(allocator, data.resolve("unsupported.lance"));
        List<List<Object>> desc = rows(session, "DESC FUNCTION " + filePath("unsupported.lance"));
        assertEquals(List.of("id", "c_int", "c_utf8", "c_duration", "c_null"),
                desc.subList(0, 5).stream().map(r -> r.get(0)).toList());
        assertEquals(List.of("bigint", "int", "text", "UNSUPPORTED_TYPE", "UNSUPPORTED_TYPE"),
                desc.subList(0, 5).stream().map(r -> r.get(1)).toList());
    }

    // ------------------------------------------------------------------ argument errors

    @Test
    void aFormatOtherThanLanceIsNotSupported() {
        SqlError e = error(session, "SELECT * FROM local(\"file_path\" = \"" + path("t/a.lance")
                + "\", \"format\" = \"parquet\")");
        assertEquals("42000", e.sqlState());
        assertEquals("local() format 'parquet' is not supported; lance-jdbc reads \"format\" = \"lance\" only",
                e.getMessage());
    }

    @Test
    void filePathAndUrisTogetherAreRejected() {
        SqlError e = error(session, "SELECT * FROM local(\"file_path\" = \"" + path("t/a.lance") + "\", \"uris\" = "
                + uris(path("t/a.lance")) + ", \"format\" = \"lance\")");
        assertEquals("42000", e.sqlState());
        assertEquals("local() takes either \"file_path\" (one dataset) or \"uris\" (a JSON array of paths and globs), "
                + "not both", e.getMessage());
    }

    @Test
    void uriIsNotAnArgumentOfLocal() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uri\" = \"" + path("t/a.lance") + "\""));
        assertEquals("42000", e.sqlState());
        assertEquals("'uri' is an invalid property for local(); valid: file_path, uris, format, backend_id, "
                + "lance.glob.<budget>", e.getMessage());
    }

    @Test
    void urisOfLocalMustBeLocalPaths() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = " + uris("s3://bucket/a.lance")));
        assertEquals("22023", e.sqlState());
        assertEquals("local() \"uris\" elements must be absolute local paths (or file:/// URIs), got "
                + "'s3://bucket/a.lance'; use s3() for object storage", e.getMessage());
    }

    @Test
    void malformedUrisIsReportedThroughSql() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = '[\"" + path("t/a.lance") + "\"'"));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith("uris is not valid JSON ("), e.getMessage());
        SqlError recursive = error(session, "SELECT * FROM " + local("\"uris\" = " + uris(path("t") + "/**")));
        assertEquals("22023", recursive.sqlState());
        assertTrue(recursive.getMessage().contains("**"), recursive.getMessage());
    }

    @Test
    void aRelativeFilePathIsRejected() {
        SqlError e = error(session, "SELECT * FROM " + local("\"file_path\" = \"t/a.lance\""));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith("Invalid location 't/a.lance': the path is relative"), e.getMessage());
    }

    // ------------------------------------------------------------------ nothing matched, not a dataset, broken

    @Test
    void aPatternMatchingNothingReportsThatNoPathMatched() {
        SqlError e = error(session, "SELECT * FROM " + localUris("t/zz*.lance"));
        assertEquals("42S02", e.sqlState());
        assertEquals("No path matched: uris ['" + path("t/zz*.lance") + "'] matched nothing after 1 listing request; "
                + "check the bucket, the prefix and the pattern", e.getMessage());
    }

    @Test
    void matchesThatAreNoDatasetsReportThatNoneCouldBeOpened() {
        SqlError e = error(session, "SELECT * FROM " + localUris("plain/*"));
        assertEquals("42S02", e.sqlState());
        assertEquals("local() \"uris\" matched 2 paths but none could be opened as a Lance dataset: the first, '"
                + path("plain/p1") + "', is not a Lance dataset (it has no _versions/ directory); make the patterns "
                + "match dataset root directories", e.getMessage());
    }

    @Test
    void aNonDatasetDirectoryAmongDatasetsFailsTheQuery() {
        SqlError e = error(session, "SELECT * FROM " + localUris("mixed/*"));
        assertEquals("42S02", e.sqlState());
        assertEquals("Path '" + path("mixed/plain") + "' matched uris but is not a Lance dataset (it has no _versions/ "
                + "directory); 1 of 2 matched paths is not readable as datasets; narrow the pattern so that it matches "
                + "dataset directories only", e.getMessage());
    }

    @Test
    void aFilePathThatIsAFileIsNotADataset() {
        SqlError e = error(session, "SELECT * FROM " + filePath("t/notes/readme.txt"));
        assertEquals("42S02", e.sqlState());
        assertEquals("No Lance dataset at file://" + path("t/notes/readme.txt") + ": it is a file; give the dataset's"
                + " root directory (the one holding _versions/)", e.getMessage());
    }

    @Test
    void aMissingLiteralPathFailsTheQuery() {
        SqlError e = error(session, "SELECT * FROM " + localUris("t/a.lance", "t/missing.lance"));
        assertEquals("42S02", e.sqlState());
        assertTrue(e.getMessage().startsWith("Path '" + path("t/missing.lance") + "' from uris does not exist"),
                e.getMessage());
    }

    @Test
    void aCorruptManifestFailsTheQueryNamingThePathAndTheOperation() throws IOException {
        UriDatasets.createIds(allocator, path("corrupt/ok.lance"), Map.of(), 0, 3, 0);
        UriDatasets.createIds(allocator, path("corrupt/zbad.lance"), Map.of(), 0, 3, 0);
        try (var manifests = Files.list(data.resolve("corrupt/zbad.lance/_versions"))) {
            for (Path m : manifests.filter(p -> p.toString().endsWith(".manifest")).toList()) {
                Files.write(m, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
            }
        }
        SqlError e = error(session, "SELECT * FROM " + localUris("corrupt/*"));
        assertTrue(e.getMessage().startsWith("local() \"uris\": Lance open failed for dataset file://"
                + path("corrupt/zbad.lance") + ": "), e.getMessage());
        assertTrue(e.getMessage().endsWith("(a dataset that cannot be opened fails the query; fix it or leave it out "
                + "of uris)"), e.getMessage());
    }

    // ------------------------------------------------------------------ budgets

    @Test
    void theFragmentBudgetCountsFragmentsOfAllDatasets() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = " + uris(path("t/*.lance"))
                + ", \"lance.glob.max_fragments\" = \"4\""));
        assertEquals("54000", e.sqlState());
        assertTrue(e.getMessage().startsWith("The datasets of local() \"uris\" have more than 4 fragments in all "
                + "(lance.glob.max_fragments), exceeded at file://"), e.getMessage());
    }

    @Test
    void theFieldBudgetLimitsOneDatasetsSchema() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = " + uris(path("t/a.lance"))
                + ", \"lance.glob.max_fields_per_schema\" = \"1\""));
        assertEquals("54000", e.sqlState());
        assertEquals("Dataset file://" + path("t/a.lance") + " has 2 fields (nested fields counted), more than the 1 "
                + "one dataset of local() \"uris\" may have (lance.glob.max_fields_per_schema); raise the limit or "
                + "read the dataset alone", e.getMessage());
    }

    @Test
    void theDatasetBudgetCountsDistinctMatches() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = " + uris(path("t/*.lance"))
                + ", \"lance.glob.max_datasets\" = \"2\""));
        assertEquals("54000", e.sqlState());
        assertTrue(e.getMessage().startsWith("uris matched 3 distinct paths, more than the 2 datasets one call may "
                + "read (lance.glob.max_datasets)"), e.getMessage());
    }

    @Test
    void anInvalidBudgetValueIsRejected() {
        SqlError e = error(session, "SELECT * FROM " + local("\"uris\" = " + uris(path("t/*.lance"))
                + ", \"lance.glob.max_concurrent_opens\" = \"0\""));
        assertEquals("22023", e.sqlState());
        assertEquals("Invalid lance.glob.max_concurrent_opens '0': give a positive whole number", e.getMessage());
    }

    @Test
    void oneOpenAtATimeGivesTheSameResult() {
        assertEquals(rows(session, "SELECT * FROM " + localUris("t/*.lance")), rows(session, "SELECT * FROM "
                + local("\"uris\" = " + uris(path("t/*.lance")) + ", \"lance.glob.max_concurrent_opens\" = \"1\"")));
    }

    @Test
    void allowedRootsCannotBeSetInACall() {
        SqlError e = error(session, "SELECT * FROM " + local("\"file_path\" = \"" + path("t/a.lance")
                + "\", \"lance.local.allowed_roots\" = \"/\""));
        assertEquals("42000", e.sqlState());
        assertEquals("'lance.local.allowed_roots' cannot be set in a local() call; it is a connection (or server) "
                + "property that restricts local()", e.getMessage());
    }
}

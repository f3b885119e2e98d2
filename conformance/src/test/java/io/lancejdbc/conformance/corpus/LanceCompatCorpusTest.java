package io.lancejdbc.conformance.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.JdbcValueComparison;
import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.exec.testing.DatasetContents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lance's own compatibility datasets (written by Lance 0.5.9 to 0.36.0, the {@code test_data/} of the Lance
 * repository) through the JDBC driver. Each dataset is the one table of a warehouse of its own
 * ({@code jdbc:lance:<copy>/<dataset-path>}, table = its directory name without {@code .lance}). The oracle of the
 * readable ones is a plain lance-core scan of the same copy ({@link DatasetContents}) and the row counts the corpus
 * README documents; two datasets abort the JVM inside lance-core and one lacks its data files: those must be
 * SQLExceptions that leave the JVM and the connection working.
 */
@EngineContract
class LanceCompatCorpusTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    /** {@code Dataset.getFragments()} aborts the JVM on these (corpus README; docs/lance-core-notes.md §7, §8). */
    static final Set<String> ABORT_LANCE_CORE = Set.of("v0.5.9/dataset_with_fragments", "v0.7.5/with_deletions");

    /** Their manifests name data files that were never committed upstream. */
    static final Set<String> DATA_FILES_MISSING = Set.of("v0.30.0_pre_created_at/index_without_created_at");

    /** Row counts the corpus README gives ("lance-core 7.0.0" column). */
    static final Map<String, Long> DOCUMENTED_ROWS = Map.of(
            "v0.5.9/no_fragments", 0L,
            "v0.8.0/migrated_from_v0.7.5", 92L,
            "v0.8.14/corrupt_index", 1900L,
            "v0.10.5/corrupt_schema", 4L,
            "v0.16.0/wrong_data_version_can_fix.lance", 3L,
            "v0.16.0/wrong_data_version_no_fix.lance", 4L,
            "v0.27.1/pq_in_schema", 512L,
            "0.36.0/btree_in_index_pkg.lance", 1000L);

    @TempDir
    static Path root;

    private static BufferAllocator oracleAllocator;

    /** A compatibility dataset, shown by its corpus path below {@code lance-compat/}. */
    record Compat(String path) {
        String relativePath() {
            return "lance-compat/" + path;
        }

        /** The table name: the directory name without {@code .lance}. */
        String table() {
            String name = path.substring(path.lastIndexOf('/') + 1);
            return name.endsWith(".lance") ? name.substring(0, name.length() - ".lance".length()) : name;
        }

        /** The table name as an SQL identifier (names like {@code migrated_from_v0.7.5} hold dots). */
        String sqlTable() {
            return "`" + table() + "`";
        }

        Path warehouse() {
            return root.resolve("warehouses").resolve(path.replace('/', '_'));
        }

        Path dataset() {
            return warehouse().resolve(table() + ".lance");
        }

        String local() {
            return "local(\"file_path\" = \"" + dataset() + "\", \"format\" = \"lance\")";
        }

        @Override
        public String toString() {
            return path;
        }
    }

    /** A statement run against a dataset lance-core cannot read. */
    record Failing(Compat dataset, String statement) {
        @Override
        public String toString() {
            return dataset + ": " + statement;
        }
    }

    @BeforeAll
    static void copyCorpus() throws IOException {
        Path staging = root.resolve("staging");
        for (Compat c : all()) {
            Path copied = CorpusFixtures.copyDataset(c.relativePath(), staging);
            Files.createDirectories(c.warehouse());
            Files.move(copied, c.dataset());
            Path shared = CorpusFixtures.copyDataset(c.relativePath(), root.resolve("staging-shared"));
            Files.createDirectories(sharedWarehouse());
            Files.move(shared, sharedWarehouse().resolve(c.table() + ".lance"));
        }
        oracleAllocator = new RootAllocator();
    }

    @AfterAll
    static void closeOracleAllocator() {
        oracleAllocator.close();
    }

    static List<Compat> all() {
        return CorpusFixtures.lanceCompatDatasets().stream()
                .map(p -> new Compat(p.substring("lance-compat/".length()))).toList();
    }

    static Stream<Compat> readable() {
        return all().stream()
                .filter(c -> !ABORT_LANCE_CORE.contains(c.path()) && !DATA_FILES_MISSING.contains(c.path()));
    }

    static Stream<Compat> indexed() {
        return readable().filter(c -> Files.isDirectory(c.dataset().resolve("_indices")));
    }

    static Stream<Failing> statementsOnDatasetsThatAbortLanceCore() {
        return all().stream().filter(c -> ABORT_LANCE_CORE.contains(c.path())).flatMap(c -> Stream.of(
                "SELECT count(*) FROM " + c.sqlTable(),
                "SELECT * FROM " + c.sqlTable(),
                "SELECT count(*) FROM (SELECT * FROM " + c.sqlTable() + ") s",
                "DESC " + c.sqlTable(),
                "SHOW INDEX FROM " + c.sqlTable(),
                "SELECT count(*) FROM " + c.local()).map(sql -> new Failing(c, sql)));
    }

    static Stream<Failing> scansOfDatasetsWithMissingDataFiles() {
        return all().stream().filter(c -> DATA_FILES_MISSING.contains(c.path())).flatMap(c -> Stream.of(
                "SELECT * FROM " + c.sqlTable(),
                "SELECT id FROM " + c.sqlTable() + " WHERE id > 10",
                "SELECT * FROM " + c.local()).map(sql -> new Failing(c, sql)));
    }

    /** One warehouse holding every compatibility dataset as a table (names are unique across the corpus). */
    private static Path sharedWarehouse() {
        return root.resolve("all-in-one");
    }

    private static Connection connect(Compat c) throws SQLException {
        return ENGINE.connect("jdbc:lance:" + c.warehouse());
    }

    private static DatasetContents lanceCoreScan(Compat c) {
        return DatasetContents.read(oracleAllocator, c.dataset());
    }

    @Test
    void everyCompatibilityDatasetOfTheCorpusIsChecked() {
        List<String> paths = all().stream().map(Compat::path).toList();
        assertEquals(19, paths.size(), "compatibility datasets in the corpus: " + paths);
        assertTrue(paths.containsAll(ABORT_LANCE_CORE));
        assertTrue(paths.containsAll(DATA_FILES_MISSING));
        assertTrue(paths.containsAll(DOCUMENTED_ROWS.keySet()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readable")
    void countIsLanceCoresCount(Compat c) throws SQLException {
        long expected = lanceCoreScan(c).rows().size();
        if (DOCUMENTED_ROWS.containsKey(c.path())) {
            assertEquals(DOCUMENTED_ROWS.get(c.path()), expected, "the oracles disagree");
        }
        try (Connection conn = connect(c)) {
            assertEquals(expected, ForeignCorpusTest.singleLong(conn, "SELECT count(*) FROM " + c.sqlTable()));
            assertEquals(expected, ForeignCorpusTest.singleLong(conn, "SELECT count(*) FROM " + c.local()));
        }
    }

    /** A count over a scan that needs no column (an empty projection), not over the manifest. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("readable")
    void rowCountOfAFullScanIsLanceCoresCount(Compat c) throws SQLException {
        long expected = lanceCoreScan(c).rows().size();
        try (Connection conn = connect(c)) {
            assertEquals(expected, ForeignCorpusTest.singleLong(conn,
                    "SELECT count(*) FROM (SELECT * FROM " + c.sqlTable() + ") s"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readable")
    void columnsAreLanceCoresSchema(Compat c) throws SQLException {
        List<String> expected = lanceCoreScan(c).schema().getFields().stream().map(Field::getName).toList();
        List<String> got = new ArrayList<>();
        try (Connection conn = connect(c); ResultSet rs = conn.getMetaData().getColumns(null, "default", c.table(),
                "%")) {
            while (rs.next()) {
                got.add(rs.getString("COLUMN_NAME"));
            }
        }
        assertEquals(expected, got);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readable")
    void fullScanValuesAreLanceCoresScan(Compat c) throws SQLException {
        DatasetContents oracle = lanceCoreScan(c);
        Schema schema = oracle.scanSchema() == null ? oracle.schema() : oracle.scanSchema();
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        try (Connection conn = connect(c); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM " + c.sqlTable())) {
            assertEquals(schema.getFields().size(), rs.getMetaData().getColumnCount());
            while (rs.next()) {
                Map<String, Object> want = rows < oracle.rows().size() ? oracle.rows().get(rows) : Map.of();
                for (int i = 0; i < schema.getFields().size(); i++) {
                    Field f = schema.getFields().get(i);
                    int row = rows;
                    JdbcValueComparison.mismatch(f, want.get(f.getName()), rs.getObject(i + 1))
                            .ifPresent(m -> mismatches.add("row " + row + " " + f.getName() + ": " + m));
                }
                rows++;
            }
        }
        assertEquals(oracle.rows().size(), rows, "rows");
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    /** Old index layouts (no details, legacy FTS, unusual protobuf packages) are listed, never an error. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("indexed")
    void showIndexListsIndexesOnColumnsOfTheTable(Compat c) throws SQLException {
        List<String> columns = lanceCoreScan(c).schema().getFields().stream().map(Field::getName).toList();
        int indexes = 0;
        try (Connection conn = connect(c); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery("SHOW INDEX FROM " + c.sqlTable())) {
            while (rs.next()) {
                indexes++;
                assertEquals(c.table(), rs.getString("Table"));
                assertFalse(rs.getString("Key_name").isEmpty());
                assertTrue(columns.contains(rs.getString("Column_name")),
                        rs.getString("Column_name") + " is not a column of " + columns);
            }
        }
        assertTrue(indexes > 0, "no index listed although the dataset has _indices/");
    }

    /**
     * Browsing a warehouse that holds unreadable datasets (DBeaver and jOOQ's {@code meta()} ask for the columns of
     * every table at once): the readable tables are described, each unreadable one is left out with a warning.
     */
    @Test
    void columnsOfAWarehouseWithUnreadableDatasetsListEveryReadableTable() throws SQLException {
        Set<String> expected = new TreeSet<>();
        all().stream().filter(c -> !ABORT_LANCE_CORE.contains(c.path())).forEach(c -> expected.add(c.table()));
        Set<String> described = new TreeSet<>();
        try (Connection conn = ENGINE.connect("jdbc:lance:" + sharedWarehouse())) {
            conn.clearWarnings();
            try (ResultSet rs = conn.getMetaData().getColumns(null, "default", "%", "%")) {
                while (rs.next()) {
                    described.add(rs.getString("TABLE_NAME"));
                }
            }
            assertEquals(expected, described);
            List<String> warnings = new ArrayList<>();
            for (SQLWarning w = conn.getWarnings(); w != null; w = w.getNextWarning()) {
                warnings.add(w.getMessage());
            }
            assertEquals(ABORT_LANCE_CORE.size(), warnings.size(), String.valueOf(warnings));
            for (String path : ABORT_LANCE_CORE) {
                String table = new Compat(path).table();
                assertTrue(warnings.stream().anyMatch(w -> w.startsWith("getColumns left out table default." + table
                        + ", which cannot be read (42000): ")), table + " in " + warnings);
            }
            try (ResultSet rs = conn.getMetaData().getIndexInfo(null, "default", "%", false, true)) {
                int indexRows = 0;
                while (rs.next()) {
                    indexRows++;
                }
                assertTrue(indexRows >= indexed().count(), "index rows: " + indexRows);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statementsOnDatasetsThatAbortLanceCore")
    void aDatasetThatAbortsLanceCoreIsAnSqlExceptionAndTheJvmLivesOn(Failing f) throws SQLException {
        try (Connection conn = connect(f.dataset())) {
            SQLException e = assertThrows(SQLException.class, () -> runToTheEnd(conn, f.statement()));
            assertEquals("42000", e.getSQLState());
            assertTrue(e.getMessage().contains(f.dataset().dataset().toString()), e.getMessage());
            assertTrue(e.getMessage().contains("written by Lance 0.7 or older"), e.getMessage());
            assertStillWorks(conn);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scansOfDatasetsWithMissingDataFiles")
    void aScanOfMissingDataFilesIsAnSqlExceptionNamingTheFile(Failing f) throws SQLException {
        try (Connection conn = connect(f.dataset())) {
            SQLException e = assertThrows(SQLException.class, () -> runToTheEnd(conn, f.statement()));
            assertEquals("HY000", e.getSQLState());
            assertTrue(e.getMessage().contains(f.dataset().dataset().toString()), e.getMessage());
            assertTrue(e.getMessage().matches(".*data file \\S+/data/\\S+\\.lance does not exist.*"), e.getMessage());
            assertStillWorks(conn);
        }
    }

    private static void runToTheEnd(Connection conn, String sql) throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                assertNotNull(rs.getMetaData());
            }
        }
    }

    /** The connection (and so the JVM and the engine) still answers a query on a readable dataset. */
    private static void assertStillWorks(Connection conn) throws SQLException {
        Compat readable = new Compat("v0.15.0/v2_with_files.lance");
        assertEquals(List.of(1L, 2L, 3L), longs(conn, "SELECT x FROM " + readable.local() + " ORDER BY x"));
    }

    private static List<Long> longs(Connection conn, String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }
}

package io.lancejdbc.conformance.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.JdbcValueComparison;
import io.lancejdbc.conformance.JsonValueComparison;
import io.lancejdbc.driver.jdbc.LanceResultSet;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.exec.testing.CorpusFixtures.ForeignDataset;
import io.lancejdbc.exec.testing.DatasetContents;
import io.lancejdbc.exec.testing.ExpectedAnswers;
import io.lancejdbc.exec.testing.ExpectedAnswers.Query;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every dataset of the foreign corpus (written by LanceDB 0.22–0.39 and vectordb 0.4–0.21, that is Lance 0.10 to
 * 12.0 and storage formats 0.1 to 2.3), read through the JDBC driver, checked against the answers the writing SDK
 * computed itself ({@code <name>.expected.json}, {@code <name>.expected.scan.N.arrow}). Each writer directory is a
 * warehouse ({@code jdbc:lance:<copy>/foreign/<writer>}) whose tables are the writer's datasets, so the SQL of the
 * expected answers runs as written; one test per dataset and check. Vector-search answers ({@code knn_*}) are
 * checked elsewhere.
 */
@EngineContract
class ForeignCorpusTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path root;

    private static BufferAllocator oracleAllocator;

    /** One foreign dataset with its answers; shown as {@code writer/name}. */
    record Case(ForeignDataset dataset, ExpectedAnswers expected) {
        @Override
        public String toString() {
            return dataset.writer() + "/" + dataset.name();
        }
    }

    /** One expected query of one dataset; shown as {@code writer/name query-id}. */
    record QueryCase(ForeignDataset dataset, Query query) {
        @Override
        public String toString() {
            return dataset.writer() + "/" + dataset.name() + " " + query.id();
        }
    }

    /** One dataset version of a {@code time_travel} answer; shown as {@code writer/name vN}. */
    record VersionCase(ForeignDataset dataset, Map<String, JsonNode> expected) {
        long version() {
            return expected.get("version").asLong();
        }

        @Override
        public String toString() {
            return dataset.writer() + "/" + dataset.name() + " v" + version();
        }
    }

    @BeforeAll
    static void copyCorpus() {
        for (ForeignDataset d : CorpusFixtures.foreignDatasets()) {
            CorpusFixtures.copyDataset(d, root);
        }
        oracleAllocator = new RootAllocator();
    }

    @AfterAll
    static void closeOracleAllocator() {
        oracleAllocator.close();
    }

    static Stream<Case> datasets() {
        return CorpusFixtures.foreignDatasets().stream().map(d -> new Case(d, CorpusFixtures.expected(d)));
    }

    private static Stream<QueryCase> queries(java.util.function.Predicate<String> id) {
        return datasets().flatMap(c -> c.expected().queries().stream().filter(q -> id.test(q.id()))
                .map(q -> new QueryCase(c.dataset(), q)));
    }

    static Stream<QueryCase> counts() {
        return queries("count"::equals);
    }

    static Stream<QueryCase> fullScans() {
        return queries("full_scan"::equals);
    }

    static Stream<QueryCase> rawScans() {
        return fullScans().filter(q -> !q.query().rawIpc().isEmpty());
    }

    static Stream<QueryCase> nullCounts() {
        return queries("null_counts"::equals);
    }

    static Stream<QueryCase> filters() {
        return queries(id -> id.startsWith("filter_"));
    }

    static Stream<QueryCase> groupedCounts() {
        return queries("group_count"::equals);
    }

    static Stream<QueryCase> idStatistics() {
        return queries("id_stats"::equals);
    }

    static Stream<VersionCase> versionHistories() {
        return queries("time_travel"::equals)
                .flatMap(q -> q.query().rows().stream().map(r -> new VersionCase(q.dataset(), r)));
    }

    private static Path warehouse(ForeignDataset d) {
        return root.resolve("foreign").resolve(d.writer());
    }

    private static Connection connect(ForeignDataset d) throws SQLException {
        return ENGINE.connect("jdbc:lance:" + warehouse(d));
    }

    // ---------------------------------------------------------------------------------------------- counts

    @ParameterizedTest(name = "{0}")
    @MethodSource("counts")
    void countIsTheWritersCount(QueryCase c) throws SQLException {
        try (Connection conn = connect(c.dataset())) {
            assertEquals(c.query().result().asLong(), singleLong(conn, c.query().sql()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("counts")
    void countThroughTheLocalTableFunctionIsTheWritersCount(QueryCase c) throws SQLException {
        Path dataset = root.resolve(c.dataset().relativePath());
        String sql = "SELECT count(*) FROM local(\"file_path\" = \"" + dataset + "\", \"format\" = \"lance\")";
        try (Connection conn = connect(c.dataset())) {
            assertEquals(c.query().result().asLong(), singleLong(conn, sql));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idStatistics")
    void countMinMaxAndSumOfIdsAreTheWriters(QueryCase c) throws SQLException {
        JsonNode want = c.query().result();
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(c.query().sql())) {
            assertTrue(rs.next());
            List<String> mismatches = new ArrayList<>();
            String[] keys = {"count", "min", "max", "sum"};
            for (int i = 0; i < keys.length; i++) {
                int column = i + 1;
                JsonValueComparison.mismatch(want.get(keys[i]), rs.getObject(column))
                        .ifPresent(m -> mismatches.add(keys[column - 1] + ": " + m));
            }
            assertEquals(List.of(), mismatches);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullCounts")
    void nullCountOfEveryColumnIsTheWriters(QueryCase c) throws SQLException {
        String table = c.dataset().name();
        List<String> mismatches = new ArrayList<>();
        try (Connection conn = connect(c.dataset())) {
            var fields = c.query().result().properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                // Expected: "SELECT count(*) FROM t WHERE <col> IS NULL -- per column".
                String sql = "SELECT count(*) FROM " + table + " WHERE `" + e.getKey() + "` IS NULL";
                long got = singleLong(conn, sql);
                if (got != e.getValue().asLong()) {
                    mismatches.add(e.getKey() + ": expected " + e.getValue() + " NULLs but counted " + got);
                }
            }
        }
        assertEquals(List.of(), mismatches);
    }

    /** The same NULL counts from {@code count(*) - count(col)}: lance-jdbc's aggregation over every column type. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("nullCounts")
    void countOfEveryColumnLeavesTheWritersNullCount(QueryCase c) throws SQLException {
        List<String> columns = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        c.query().result().properties().forEach(e -> {
            columns.add(e.getKey());
            expected.add(e.getValue().asLong());
        });
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("count(*) - count(`").append(columns.get(i)).append("`)");
        }
        sql.append(" FROM ").append(c.dataset().name());
        List<Long> got = new ArrayList<>();
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(sql.toString())) {
            assertTrue(rs.next());
            for (int i = 1; i <= columns.size(); i++) {
                got.add(rs.getLong(i));
            }
        }
        assertEquals(expected, got, "NULLs per column " + columns);
    }

    // ---------------------------------------------------------------------------------------------- full scans

    /**
     * Column names, order and nullability: the dataset schema lance-core reported when the corpus was checked
     * ({@code java_verify.json}, {@code "name: Type[ not null]"}), which is also the writer's raw scan schema.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fullScans")
    void fullScanHasTheWritersColumnsInOrder(QueryCase c) throws SQLException {
        List<String> names = new ArrayList<>();
        List<Integer> nullability = new ArrayList<>();
        for (String column : CorpusFixtures.javaVerify(c.dataset()).schema()) {
            names.add(column.substring(0, column.indexOf(": ")));
            nullability.add(column.endsWith(" not null") ? ResultSetMetaData.columnNoNulls
                    : ResultSetMetaData.columnNullable);
        }
        if (!c.query().rawIpc().isEmpty()) {
            assertEquals(names, ExpectedScanSchema.of(oracleAllocator, c.dataset()).getFields().stream()
                    .map(Field::getName).toList(), "the oracles disagree");
        }
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(c.query().sql())) {
            ResultSetMetaData md = rs.getMetaData();
            List<String> gotNames = new ArrayList<>();
            List<Integer> gotNullability = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                gotNames.add(md.getColumnLabel(i));
                gotNullability.add(md.isNullable(i));
            }
            assertEquals(names, gotNames);
            assertEquals(nullability, gotNullability, "isNullable of " + names);
            int rows = 0;
            while (rs.next()) {
                rows++;
            }
            assertEquals(c.query().rawIpc().isEmpty() ? c.query().rows().size()
                    : expectedScanRows(c.dataset()).size(), rows);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rawScans")
    void fullScanValuesThroughGettersAreTheWriters(QueryCase c) throws SQLException, ClassNotFoundException {
        Schema schema = ExpectedScanSchema.of(oracleAllocator, c.dataset());
        List<Map<String, Object>> expected = expectedScanRows(c.dataset());
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(c.query().sql())) {
            ResultSetMetaData md = rs.getMetaData();
            List<Class<?>> classes = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                classes.add(Class.forName(md.getColumnClassName(i)));
            }
            while (rs.next()) {
                Map<String, Object> want = rows < expected.size() ? expected.get(rows) : Map.of();
                for (int i = 0; i < schema.getFields().size(); i++) {
                    Field f = schema.getFields().get(i);
                    Object got = rs.getObject(i + 1);
                    String where = "id=" + want.get("id") + " " + f.getName() + ": ";
                    JdbcValueComparison.mismatch(f, want.get(f.getName()), got)
                            .ifPresent(m -> mismatches.add(where + m));
                    if (got != null && !classes.get(i).isInstance(got)) {
                        mismatches.add(where + "getObject gave a " + got.getClass().getName()
                                + " but getColumnClassName says " + classes.get(i).getName());
                    }
                }
                rows++;
            }
        }
        assertEquals(expected.size(), rows, "rows");
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rawScans")
    void fullScanArrowBatchesAreTheWritersExactly(QueryCase c) throws SQLException {
        Schema schema = ExpectedScanSchema.of(oracleAllocator, c.dataset());
        List<Map<String, Object>> expected = expectedScanRows(c.dataset());
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(c.query().sql())) {
            LanceResultSet arrow = rs.unwrap(LanceResultSet.class);
            for (Field want : schema.getFields()) {
                Field got = arrow.getArrowSchema().findField(want.getName());
                if (!want.getType().equals(got.getType())) {
                    mismatches.add(want.getName() + ": Arrow type " + got.getType() + ", the writer's "
                            + want.getType());
                }
            }
            for (VectorSchemaRoot batch = arrow.nextArrowBatch(); batch != null; batch = arrow.nextArrowBatch()) {
                try (VectorSchemaRoot b = batch) {
                    for (int r = 0; r < b.getRowCount(); r++, rows++) {
                        Map<String, Object> want = expected.get(rows);
                        for (FieldVector v : b.getFieldVectors()) {
                            Object got = ArrowLogicalValues.read(v, r);
                            if (!ArrowLogicalValues.deepEquals(want.get(v.getName()), got)) {
                                mismatches.add("id=" + want.get("id") + " " + v.getName() + ": expected "
                                        + ArrowLogicalValues.comparable(want.get(v.getName())) + " but got "
                                        + ArrowLogicalValues.comparable(got));
                            }
                        }
                    }
                }
            }
        }
        assertEquals(expected.size(), rows, "rows");
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    static Stream<Case> datasetsWithoutRawScans() {
        return datasets().filter(c -> c.expected().queries().stream()
                .noneMatch(q -> q.id().equals("full_scan") && !q.rawIpc().isEmpty()));
    }

    /**
     * Datasets whose writer gave no raw scan ({@code items}, {@code hnsw}, {@code versions}, {@code empty}): every
     * value, embeddings included, against a plain lance-core scan of the same files.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("datasetsWithoutRawScans")
    void fullScanValuesAreLanceCoresScan(Case c) throws SQLException {
        DatasetContents oracle = DatasetContents.read(oracleAllocator, root.resolve(c.dataset().relativePath()));
        Schema schema = oracle.schema();
        List<Map<String, Object>> expected = oracle.rowsSortedBy("id");
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM " + c.dataset().name() + " ORDER BY id")) {
            assertEquals(schema.getFields().size(), rs.getMetaData().getColumnCount());
            while (rs.next()) {
                Map<String, Object> want = rows < expected.size() ? expected.get(rows) : Map.of();
                for (int i = 0; i < schema.getFields().size(); i++) {
                    Field f = schema.getFields().get(i);
                    String where = "id=" + want.get("id") + " " + f.getName() + ": ";
                    JdbcValueComparison.mismatch(f, want.get(f.getName()), rs.getObject(i + 1))
                            .ifPresent(m -> mismatches.add(where + m));
                }
                rows++;
            }
        }
        assertEquals(expected.size(), rows, "rows");
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    /** The writer's full scan, ordered by id as the expected SQL asks (the IPC files hold scan order). */
    private static List<Map<String, Object>> expectedScanRows(ForeignDataset d) {
        List<Map<String, Object>> rows = new ArrayList<>(CorpusFixtures.expectedScan(oracleAllocator, d));
        rows.sort(Comparator.comparingLong(r -> ((Number) r.get("id")).longValue()));
        return rows;
    }

    // ---------------------------------------------------------------------------------------------- filters, groups

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void filteredRowsAreTheWriters(QueryCase c) throws SQLException {
        assertRows(c, c.query().sql(), c.query().rows());
    }

    /**
     * The same filters evaluated by lance-jdbc instead of Lance: {@code WHERE coalesce(p, false)} keeps the rows of
     * {@code WHERE p} (a NULL predicate drops a row either way) but is a function call, so nothing is pushed down.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void filteredRowsAreTheWritersWhenLanceJdbcEvaluatesThePredicate(QueryCase c) throws SQLException {
        String sql = c.query().sql();
        int where = sql.indexOf(" WHERE ");
        int orderBy = sql.indexOf(" ORDER BY ");
        String residual = sql.substring(0, where) + " WHERE coalesce(" + sql.substring(where + 7, orderBy)
                + ", false)" + sql.substring(orderBy);
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN " + residual)) {
            while (rs.next()) {
                assertTrue(!rs.getString(1).contains("lancePushdownPredicate="), residual + " pushed a predicate: "
                        + rs.getString(1));
            }
        }
        assertRows(c, residual, c.query().rows());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groupedCounts")
    void groupedCountsAreTheWriters(QueryCase c) throws SQLException {
        assertRows(c, c.query().sql(), c.query().rows());
    }

    /** Runs {@code sql} and compares its rows, column by column in order, with the expected JSON rows. */
    private static void assertRows(QueryCase c, String sql, List<Map<String, JsonNode>> expected)
            throws SQLException {
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        try (Connection conn = connect(c.dataset()); Statement s = conn.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                if (rows < expected.size()) {
                    List<JsonNode> want = new ArrayList<>(expected.get(rows).values());
                    assertEquals(want.size(), columns, "columns of " + sql);
                    for (int i = 0; i < columns; i++) {
                        int row = rows;
                        String label = rs.getMetaData().getColumnLabel(i + 1);
                        JsonValueComparison.mismatch(want.get(i), rs.getObject(i + 1))
                                .ifPresent(m -> mismatches.add("row " + row + " " + label + ": " + m));
                    }
                }
                rows++;
            }
        }
        assertEquals(expected.size(), rows, "rows of " + sql);
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    // ---------------------------------------------------------------------------------------------- versions

    @ParameterizedTest(name = "{0}")
    @MethodSource("datasets")
    void pinnedVersionIsTheWritersLatestVersion(Case c) throws SQLException {
        long expected = c.expected().version() != null ? c.expected().version()
                : CorpusFixtures.javaVerify(c.dataset()).version();
        try (Connection conn = connect(c.dataset())) {
            assertEquals(expected, explainedVersion(conn, "SELECT * FROM " + c.dataset().name()));
        }
    }

    /**
     * {@code SELECT count(*), sum(id) FROM versions AS OF VERSION v}: the SQL dialect has no time travel (it reads
     * the version pinned at planning, as the Doris Lance Catalog does), so each version is read as the dataset was
     * right after that commit: a copy without the manifests of later versions (data and deletion files of a version
     * never change, so the copy is exactly what a reader saw then).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versionHistories")
    void everyVersionReadsAsTheWriterLeftIt(VersionCase c) throws SQLException, IOException {
        String table = c.dataset().name() + "_v" + c.version();
        Path copy = root.resolve("versions").resolve(c.dataset().writer()).resolve(table + ".lance");
        DatasetVersions.copyAsOf(root.resolve(c.dataset().relativePath()), copy, c.version());
        try (Connection conn = ENGINE.connect("jdbc:lance:" + copy.getParent())) {
            assertEquals(c.version(), explainedVersion(conn, "SELECT * FROM " + table));
            try (Statement s = conn.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*), sum(id) FROM " + table)) {
                assertTrue(rs.next());
                assertEquals(c.expected().get("count").asLong(), rs.getLong(1), "count");
                assertEquals(c.expected().get("sum_id").asLong(), rs.getLong(2), "sum(id)");
            }
            List<String> expectedColumns = new ArrayList<>();
            c.expected().get("columns").forEach(n -> expectedColumns.add(n.asText()));
            assertEquals(expectedColumns, columnNames(conn.getMetaData(), table));
        }
    }

    private static List<String> columnNames(DatabaseMetaData md, String table) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, "default", table, "%")) {
            while (rs.next()) {
                names.add(rs.getString("COLUMN_NAME"));
            }
        }
        return names;
    }

    // ---------------------------------------------------------------------------------------------- helpers

    static long singleLong(Connection conn, String sql) throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "a row from " + sql);
            long v = rs.getLong(1);
            assertTrue(!rs.next(), "one row from " + sql);
            return v;
        }
    }

    /** The {@code lanceVersion=} of the EXPLAIN of {@code sql}. */
    static long explainedVersion(Connection conn, String sql) throws SQLException {
        Optional<Long> version = Optional.empty();
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                String line = rs.getString(1).trim();
                if (line.startsWith("lanceVersion=")) {
                    version = Optional.of(Long.parseLong(line.substring("lanceVersion=".length())));
                }
            }
        }
        return version.orElseThrow(() -> new AssertionError("no lanceVersion= line in EXPLAIN " + sql));
    }
}

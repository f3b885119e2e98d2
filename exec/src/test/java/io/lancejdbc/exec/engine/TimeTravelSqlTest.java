package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.lance.TestDatasets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.Version;

/**
 * Time travel (issue 13 §1) and versions as data (§2) on a filesystem warehouse. {@code items} has four versions,
 * written by lance-core here:
 * <pre>
 *   v1 create ids 0..99          100 rows  sum 4950    tag 'first'
 *   v2 append ids 100..149       150 rows  sum 11175   tag 'release-2024'
 *   v3 delete id &lt; 10          140 rows  sum 11130
 *   v4 append ids 150..199       190 rows  sum 19855   (latest)
 * </pre>
 * Commit times come from lance-core's own {@code listVersions()} (the writer's answer is the oracle).
 */
class TimeTravelSqlTest {
    @TempDir
    static Path warehouse;

    private static EmbeddedQueryEngine engine;
    private static EngineSession session;
    private static List<Instant> committed;

    @BeforeAll
    static void open() throws InterruptedException {
        Path items = warehouse.resolve("items.lance");
        TestDatasets.create(items, 0, 100, 50);
        Thread.sleep(20);
        TestDatasets.append(items, 100, 50, 50);
        Thread.sleep(20);
        TestDatasets.delete(items, "id < 10");
        Thread.sleep(20);
        TestDatasets.append(items, 150, 50, 50);
        try (BufferAllocator a = new RootAllocator();
             Dataset ds = Dataset.open().uri(items.toString()).allocator(a).build()) {
            ds.tags().create("first", 1);
            ds.tags().create("release-2024", 2);
            committed = new ArrayList<>();
            for (Version v : ds.listVersions()) {
                committed.add(v.getDataTime().toInstant());
            }
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    private static List<Object> countAndSum(String from) {
        return rows(session, "SELECT count(*), sum(id) FROM " + from).get(0);
    }

    @Test
    void everyVersionNumberReadsItsOwnRows() {
        assertEquals(List.of(100L, 4950L), countAndSum("items FOR VERSION AS OF 1"));
        assertEquals(List.of(150L, 11175L), countAndSum("items FOR VERSION AS OF 2"));
        assertEquals(List.of(140L, 11130L), countAndSum("items FOR VERSION AS OF 3"));
        assertEquals(List.of(190L, 19855L), countAndSum("items FOR VERSION AS OF 4"));
        assertEquals(List.of(190L, 19855L), countAndSum("items"));
    }

    @Test
    void sqlSystemVersionAndQualifiedNamesWork() {
        assertEquals(List.of(150L, 11175L), countAndSum("lance.`default`.items FOR SYSTEM_VERSION AS OF 2"));
        assertEquals(List.of(100L, 4950L), countAndSum("`default`.items for version as of 1 AS old"));
    }

    @Test
    void aTagReadsTheVersionItPointsAt() {
        assertEquals(List.of(150L, 11175L), countAndSum("items FOR VERSION AS OF 'release-2024'"));
        assertEquals(List.of(100L, 4950L), countAndSum("items FOR VERSION AS OF 'first' t"));
    }

    @Test
    void aSelfJoinComparesTwoVersions() {
        // ids in v4 that v1 lacks: 100..199; ids of v1 that v4 lost to the delete: 0..9
        assertEquals(List.of(List.of(100L, 14950L)), rows(session, "SELECT count(*), sum(a.id) FROM items FOR VERSION"
                + " AS OF 4 a LEFT JOIN items FOR VERSION AS OF 1 b ON a.id = b.id WHERE b.id IS NULL"));
        assertEquals(List.of(List.of(10L, 45L)), rows(session, "SELECT count(*), sum(o.id) FROM items FOR VERSION AS"
                + " OF 'first' o LEFT JOIN items n ON o.id = n.id WHERE n.id IS NULL"));
    }

    @Test
    void cteAndSubqueriesPinTheirOwnVersion() {
        assertEquals(List.of(List.of(100L)), rows(session, "WITH old AS (SELECT id FROM items FOR VERSION AS OF 1)"
                + " SELECT count(*) FROM old"));
        assertEquals(List.of(List.of(150L, 190L)), rows(session, "SELECT (SELECT count(*) FROM items FOR VERSION AS"
                + " OF 2), count(*) FROM items"));
        assertEquals(List.of(List.of(50L)), rows(session, "SELECT count(*) FROM (SELECT id FROM items FOR VERSION AS"
                + " OF 3 WHERE id >= 100) s"));
        assertEquals(List.of(List.of(10L)), rows(session, "SELECT count(*) FROM items FOR VERSION AS OF 1 WHERE id"
                + " NOT IN (SELECT id FROM items FOR VERSION AS OF 3)"));
    }

    @Test
    void theClauseInsideQuotesAndCommentsIsLeftAlone() {
        assertEquals(List.of(List.of("x FOR VERSION AS OF 1", 190L)), rows(session,
                "SELECT 'x FOR VERSION AS OF 1', count(*) /* FOR VERSION AS OF 2 */ FROM items -- FOR VERSION AS OF 3"));
    }

    @Test
    void timestampAsOfPicksTheLatestVersionCommittedAtOrBeforeIt() {
        for (int v = 1; v <= 4; v++) {
            Instant at = committed.get(v - 1);
            long expected = List.of(100L, 150L, 140L, 190L).get(v - 1);
            assertEquals(expected, countAndSum("items FOR TIMESTAMP AS OF TIMESTAMP '" + at + "'").get(0), "v" + v);
        }
        // One microsecond before v2's commit is still v1.
        Instant justBefore = committed.get(1).minusNanos(1000);
        assertEquals(100L, countAndSum("items FOR TIMESTAMP AS OF '" + justBefore + "'").get(0));
        // An offset literal names the same instant.
        String offset = committed.get(2).atZone(ZoneId.of("+05:30")).toOffsetDateTime().toString();
        assertEquals(140L, countAndSum("items FOR SYSTEM_TIME AS OF TIMESTAMP '" + offset + "'").get(0));
    }

    @Test
    void aNaiveTimestampIsReadInTheSessionTimeZone() {
        TimeZone saved = TimeZone.getDefault();
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS");
        try {
            for (String zone : List.of("UTC", "America/Los_Angeles", "Asia/Kolkata")) {
                TimeZone.setDefault(TimeZone.getTimeZone(zone));
                String local = LocalDateTime.ofInstant(committed.get(2), ZoneId.of(zone)).format(f);
                assertEquals(140L, countAndSum("items FOR TIMESTAMP AS OF TIMESTAMP '" + local + "'").get(0), zone);
            }
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void aMissingVersionNamesTheTableAndTheNearestVersions() {
        SqlError e = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM items FOR VERSION AS OF 9"));
        assertEquals("22023", e.sqlState());
        assertEquals("Table default.items has no version 9 (the latest version is 4; versions 1 to 4 exist)",
                e.getMessage());
        SqlError zero = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM items FOR VERSION AS OF 0"));
        assertEquals("22023", zero.sqlState());
    }

    @Test
    void aMissingTagListsTheTags() {
        SqlError e = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM items FOR VERSION AS OF 'nope'"));
        assertEquals("22023", e.sqlState());
        assertEquals("Tag 'nope' does not exist on table default.items (tags: 'first' = version 1, 'release-2024' ="
                + " version 2; versions 1 to 4 exist)", e.getMessage());
    }

    @Test
    void aTimestampBeforeTheFirstVersionNamesTheFirstCommit() {
        SqlError e = assertThrows(SqlError.class, () -> rows(session,
                "SELECT * FROM items FOR TIMESTAMP AS OF TIMESTAMP '2001-01-01 00:00:00Z'"));
        assertEquals("22023", e.sqlState());
        assertEquals("Table default.items has no version committed at or before 2001-01-01T00:00:00Z (its oldest"
                + " listed version is 1, committed " + committed.get(0) + ")", e.getMessage());
    }

    @Test
    void badClausesAreSyntaxErrors() {
        SqlError value = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM items FOR VERSION AS OF x"));
        assertEquals("42000", value.sqlState());
        SqlError cte = assertThrows(SqlError.class, () -> rows(session,
                "WITH c AS (SELECT 1 AS x) SELECT * FROM c FOR VERSION AS OF 1"));
        assertEquals("42000", cte.sqlState());
        assertTrue(cte.getMessage().contains("'c' is a WITH query"), cte.getMessage());
        SqlError notATable = assertThrows(SqlError.class, () -> rows(session,
                "SELECT * FROM (SELECT 1) FOR VERSION AS OF 1"));
        assertEquals("42000", notATable.sqlState());
    }

    @Test
    void explainShowsThePinnedVersionAndHowItWasChosen() {
        List<String> plan = SessionRows.column(session,
                "EXPLAIN SELECT id FROM items FOR VERSION AS OF 'release-2024'");
        assertTrue(plan.contains("       lanceVersion=2"), String.join("\n", plan));
        assertTrue(plan.contains("       lanceVersionChoice=VERSION AS OF 'release-2024' -> tag 'release-2024' ="
                + " version 2"), String.join("\n", plan));
        List<String> byTime = SessionRows.column(session, "EXPLAIN SELECT id FROM items FOR TIMESTAMP AS OF '"
                + committed.get(2) + "'");
        assertTrue(byTime.contains("       lanceVersionChoice=TIMESTAMP AS OF " + committed.get(2) + " -> version 3"
                + " committed " + committed.get(2)), String.join("\n", byTime));
        List<String> latest = SessionRows.column(session, "EXPLAIN SELECT id FROM items");
        assertTrue(latest.contains("       lanceVersion=4"), String.join("\n", latest));
        assertTrue(latest.stream().noneMatch(l -> l.contains("lanceVersionChoice")), String.join("\n", latest));
    }

    @Test
    void preparedStatementsBindTheVersionTheTagAndTheTimestamp() {
        PreparedQuery byVersion = session.prepare("SELECT count(*) FROM items FOR VERSION AS OF ?");
        assertEquals(1, byVersion.parameterCount());
        assertEquals(100L, first(byVersion, new ParameterValue(1L, new ArrowType.Int(64, true))));
        assertEquals(140L, first(byVersion, new ParameterValue(3, new ArrowType.Int(32, true))));
        assertEquals(150L, first(byVersion, new ParameterValue("release-2024", ArrowType.Utf8.INSTANCE)));
        PreparedQuery byTime = session.prepare("SELECT count(*) FROM items FOR TIMESTAMP AS OF ?");
        assertEquals(150L, first(byTime, new ParameterValue(committed.get(1),
                new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "UTC"))));
        PreparedQuery both = session.prepare("SELECT count(*) FROM items FOR VERSION AS OF ? a JOIN items FOR VERSION"
                + " AS OF ? b ON a.id = b.id WHERE a.id > ?");
        assertEquals(45L, first(both, new ParameterValue(1L, new ArrowType.Int(64, true)),
                new ParameterValue(4L, new ArrowType.Int(64, true)), new ParameterValue(54L,
                        new ArrowType.Int(64, true))));
    }

    @Test
    void showVersionsListsEveryVersionWithItsSummaryAndTags() {
        List<List<Object>> r = rows(session, "SHOW VERSIONS FROM items");
        assertEquals(4, r.size());
        List<Long> versions = r.stream().map(x -> (Long) x.get(0)).toList();
        assertEquals(List.of(1L, 2L, 3L, 4L), versions);
        // total_rows, total_fragments per version; tags; is_latest
        assertEquals(List.of(100L, 150L, 140L, 190L), r.stream().map(x -> (Long) x.get(2)).toList());
        assertEquals(List.of(2L, 3L, 3L, 4L), r.stream().map(x -> (Long) x.get(3)).toList());
        assertEquals(java.util.Arrays.asList("first", "release-2024", null, null),
                r.stream().map(x -> x.get(9) == null ? null : x.get(9).toString()).toList());
        assertEquals(List.of(false, false, false, true), r.stream().map(x -> (Boolean) x.get(10)).toList());
    }

    @Test
    void versionsIsAComposableTableFunction() {
        assertEquals(List.of(List.of(2L, 150L)), rows(session, "SELECT count(*), max(total_rows) FROM"
                + " versions(\"table\" = \"items\") WHERE tags IS NOT NULL"));
        assertEquals(List.of(List.of(3L)), rows(session, "SELECT v.version FROM versions(\"table\" = \"default.items\")"
                + " v WHERE v.total_deletion_files > 0 ORDER BY v.version LIMIT 1"));
    }

    @Test
    void showTagsListsTagsByName() {
        List<List<Object>> r = rows(session, "SHOW TAGS FROM `default`.items");
        assertEquals(List.of("first", "release-2024"), r.stream().map(x -> x.get(0).toString()).toList());
        assertEquals(List.of(1L, 2L), r.stream().map(x -> (Long) x.get(1)).toList());
    }

    @Test
    void localTakesAVersionAndATimestamp() {
        String path = warehouse.resolve("items.lance").toString();
        assertEquals(List.of(100L, 4950L), countAndSum("local(\"file_path\" = \"" + path + "\", \"format\" = \"lance\","
                + " \"version\" = \"1\")"));
        assertEquals(List.of(150L, 11175L), countAndSum("local(\"file_path\" = \"" + path + "\", \"format\" ="
                + " \"lance\", \"version\" = \"release-2024\")"));
        assertEquals(List.of(140L, 11130L), countAndSum("local(\"file_path\" = \"" + path + "\", \"format\" ="
                + " \"lance\", \"timestamp\" = \"" + committed.get(2) + "\")"));
        SqlError uris = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM local(\"uris\" = '[\""
                + path + "\"]', \"format\" = \"lance\", \"version\" = \"1\")"));
        assertEquals("42000", uris.sqlState());
    }

    @Test
    void vectorSearchTakesAVersion() {
        // Flat search (no index) over version 1: every hit is an id of v1; the nearest to row 7's vector is row 7.
        StringBuilder v = new StringBuilder("[");
        for (int j = 0; j < TestDatasets.DIMENSION; j++) {
            v.append(j == 0 ? "" : ", ").append(TestDatasets.vectorValue(7, j));
        }
        v.append(']');
        List<List<Object>> r = rows(session, "SELECT id FROM vector_search(\"table\" = \"items\", \"column\" = \"vec\","
                + " \"query_vector\" = \"" + v + "\", \"top_k\" = \"5\", \"version\" = \"1\")");
        assertEquals(5, r.size());
        assertEquals(7L, r.get(0).get(0));
        assertTrue(r.stream().allMatch(x -> (Long) x.get(0) < 100));
        List<String> plan = SessionRows.column(session, "EXPLAIN SELECT id FROM vector_search(\"table\" = \"items\","
                + " \"column\" = \"vec\", \"query_vector\" = \"" + v + "\", \"top_k\" = \"5\", \"version\" = \"1\")");
        assertTrue(plan.stream().anyMatch(l -> l.strip().equals("lanceVersion=1")), String.join("\n", plan));
        assertTrue(plan.stream().anyMatch(l -> l.strip().equals("lanceVersionChoice=VERSION AS OF 1")),
                String.join("\n", plan));
    }

    private static Object first(PreparedQuery q, ParameterValue... params) {
        try (QueryResult r = q.execute(List.of(params), QueryOptions.defaults())) {
            VectorSchemaRoot b = r.nextBatch();
            try (VectorSchemaRoot batch = b) {
                return ValueAccess.getter(batch.getVector(0)).get(0);
            }
        }
    }
}

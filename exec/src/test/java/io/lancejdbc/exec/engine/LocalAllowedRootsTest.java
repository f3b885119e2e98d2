package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.TvfSql.error;
import static io.lancejdbc.exec.engine.TvfSql.rows;
import static io.lancejdbc.exec.engine.TvfSql.uris;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lance.local.allowed_roots}: local() reads only below the roots, comparing whole segments after resolving
 * symbolic links. Layout (datasets written by lance-core, ids in parentheses):
 *
 * <pre>
 * data/allowed/a.lance (0..2)   data/allowed/b.lance (10..11)   data/allowed/link.lance -> data/outside/o.lance
 * data/allowedx/c.lance (20)    data/outside/o.lance (30)       data/outside/in.lance -> data/allowed/a.lance
 * data/rootlink -> data/allowed
 * </pre>
 * The session under test allows {@code data/allowed} only.
 */
class LocalAllowedRootsTest {
    @TempDir
    static Path tmp;
    static Path data;
    static BufferAllocator allocator;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static String warehouse;

    @BeforeAll
    static void setUp() throws IOException {
        data = Files.createDirectories(tmp.resolve("data")).toRealPath();
        allocator = new RootAllocator();
        UriDatasets.createIds(allocator, path("allowed/a.lance"), Map.of(), 0, 3, 0);
        UriDatasets.createIds(allocator, path("allowed/b.lance"), Map.of(), 10, 2, 0);
        UriDatasets.createIds(allocator, path("allowedx/c.lance"), Map.of(), 20, 1, 0);
        UriDatasets.createIds(allocator, path("outside/o.lance"), Map.of(), 30, 1, 0);
        Files.createSymbolicLink(data.resolve("allowed/link.lance"), data.resolve("outside/o.lance"));
        Files.createSymbolicLink(data.resolve("outside/in.lance"), data.resolve("allowed/a.lance"));
        Files.createSymbolicLink(data.resolve("rootlink"), data.resolve("allowed"));
        warehouse = Files.createDirectories(tmp.resolve("wh")).toString();
        engine = new EmbeddedQueryEngine();
        session = open(path("allowed"));
    }

    @AfterAll
    static void tearDown() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        allocator.close();
    }

    static EngineSession open(String roots) {
        return engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse, "lance.local.allowed_roots", roots)));
    }

    static String path(String relative) {
        return data.resolve(relative).toString();
    }

    static String filePath(String relative) {
        return "local(\"file_path\" = \"" + path(relative) + "\", \"format\" = \"lance\")";
    }

    static String localUris(String... relative) {
        String[] paths = java.util.Arrays.stream(relative).map(LocalAllowedRootsTest::path).toArray(String[]::new);
        return "local(\"uris\" = " + uris(paths) + ", \"format\" = \"lance\")";
    }

    static String refused(String what, String path, boolean viaLink) {
        return "local() may only read below lance.local.allowed_roots (" + LocalAllowedRootsTest.path("allowed")
                + "); " + what + " " + path + (viaLink ? " (after resolving symbolic links)" : "") + " is outside them";
    }

    @Test
    void aDatasetBelowARootIsRead() {
        assertEquals(UriDatasets.idRows(0, 3), rows(session, "SELECT * FROM " + filePath("allowed/a.lance")));
    }

    @Test
    void aDatasetOutsideEveryRootIsRefused() {
        SqlError e = error(session, "SELECT * FROM " + filePath("outside/o.lance"));
        assertEquals("42501", e.sqlState());
        assertEquals(refused("file_path", path("outside/o.lance"), false), e.getMessage());
    }

    @Test
    void rootsAreComparedByWholeSegments() {
        SqlError e = error(session, "SELECT * FROM " + filePath("allowedx/c.lance"));
        assertEquals("42501", e.sqlState());
        assertEquals(refused("file_path", path("allowedx/c.lance"), false), e.getMessage());
    }

    @Test
    void aSymbolicLinkBelowARootLeadingOutsideIsRefused() {
        SqlError e = error(session, "SELECT * FROM " + filePath("allowed/link.lance"));
        assertEquals("42501", e.sqlState());
        assertEquals(refused("file_path", path("allowed/link.lance"), true), e.getMessage());
    }

    @Test
    void aSymbolicLinkOutsideLeadingBelowARootIsRead() {
        assertEquals(UriDatasets.idRows(0, 3), rows(session, "SELECT * FROM " + filePath("outside/in.lance")));
    }

    @Test
    void aRootGivenThroughASymbolicLinkIsResolved() {
        try (EngineSession s = open(path("rootlink"))) {
            assertEquals(UriDatasets.idRows(0, 3), rows(s, "SELECT * FROM " + filePath("allowed/a.lance")));
        }
    }

    @Test
    void aMissingDatasetBelowARootIsReportedAsMissing() {
        SqlError e = error(session, "SELECT * FROM " + filePath("allowed/nothing.lance"));
        assertEquals("42S02", e.sqlState(), e.getMessage());
    }

    @Test
    void urisBelowARootAreRead() {
        assertEquals(List.of(List.of(5L)), rows(session, "SELECT count(*) FROM " + localUris("allowed/{a,b}.lance")));
    }

    @Test
    void aUrisElementOutsideTheRootsIsRefusedBeforeAnyListing() {
        SqlError e = error(session, "SELECT * FROM " + localUris("allowed/a.lance", "outside/*"));
        assertEquals("42501", e.sqlState());
        assertEquals(refused("uris element '" + path("outside/*") + "'", path("outside"), false), e.getMessage());
    }

    @Test
    void aGlobReachingASymbolicLinkThatLeadsOutsideIsRefused() {
        SqlError e = error(session, "SELECT * FROM " + localUris("allowed/*.lance"));
        assertEquals("42501", e.sqlState());
        assertTrue(e.getMessage().startsWith("local() may only read below lance.local.allowed_roots"), e.getMessage());
        assertTrue(e.getMessage().contains(path("allowed/link.lance")), e.getMessage());
    }

    @Test
    void anEmptyListDisablesLocal() {
        try (EngineSession s = open("")) {
            SqlError e = error(s, "SELECT * FROM " + filePath("allowed/a.lance"));
            assertEquals("42501", e.sqlState());
            assertEquals("local() is disabled on this connection (lance.local.allowed_roots is empty); file_path "
                    + path("allowed/a.lance") + " cannot be read", e.getMessage());
        }
    }

    @Test
    void aRelativeRootIsRejectedWhenTheSessionOpens() {
        SqlError e = assertThrows(SqlError.class, () -> open("relative/dir"));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith("Invalid lance.local.allowed_roots entry 'relative/dir': "),
                e.getMessage());
    }

    @Test
    void severalRootsAreSeparatedByCommas() {
        try (EngineSession s = open(path("allowed") + ", " + path("outside"))) {
            assertEquals(List.of(List.of(30L, "n30")), rows(s, "SELECT * FROM " + filePath("outside/o.lance")));
        }
    }
}

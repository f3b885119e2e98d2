package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.sqlops.SqlOpsWarehouse;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SHOW TABLES, {@code CatalogMetadata.tableNames} and table resolution use one rule: a {@code .lance} directory is a
 * table when it holds {@code _versions/}. Directories that fail it are left out of every listing with a warning naming
 * them and why, and a query of one is 42S02 like any table that does not exist.
 *
 * <pre>
 * t.lance          a dataset (id BIGINT NOT NULL): 1
 * broken.lance/    an empty directory
 * half.lance/data/ a directory with data/ but no _versions/ (a first write that did not finish)
 * only/            a directory holding only broken.lance/ (not a namespace: it has no table)
 * </pre>
 */
class TableListingRuleTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() throws Exception {
        try (RootAllocator allocator = new RootAllocator()) {
            SqlOpsWarehouse.write(allocator, dir.resolve("t.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false))), List.of(SqlOpsWarehouse.row(1L)));
        }
        Files.createDirectories(dir.resolve("broken.lance"));
        Files.createDirectories(dir.resolve("half.lance").resolve("data"));
        Files.createDirectories(dir.resolve("only").resolve("broken.lance"));
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.toString(),
                "cache.latest_version.ttl_seconds", "0")));
        session.takeWarnings();
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    private static String note(String name) {
        return "Directory " + dir.resolve(name).toUri().toString().replaceAll("/$", "") + " is not a table: it has no"
                + " _versions/ directory, so it is not a Lance dataset (or its first write did not finish)";
    }

    @Test
    void showTablesListsOnlyDatasetsAndWarnsAboutTheRest() {
        assertEquals(List.of(SqlOpsWarehouse.row("t")), SqlOpsWarehouse.rows(session, "SHOW TABLES"));
        assertEquals(List.of(note("broken.lance"), note("half.lance")), session.takeWarnings());
        assertEquals(List.of("t"), session.metadata().tableNames("default"));
        assertEquals(List.of(SqlOpsWarehouse.row("default")), SqlOpsWarehouse.rows(session, "SHOW DATABASES"),
                "a directory holding no dataset is not a schema");
    }

    @Test
    void aDirectoryThatIsNotADatasetIsNotFoundWithTheReason() {
        SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(session, "SELECT * FROM broken"));
        assertEquals("42S02", e.sqlState());
        assertEquals("Table 'default.broken' not found in catalog lance (tables in default: t); "
                + note("broken.lance"), e.getMessage(), "the message says why broken.lance is not a table");
        assertEquals(List.of(note("broken.lance"), note("half.lance")), session.takeWarnings(), "the reason");
        assertEquals(List.of(SqlOpsWarehouse.row(1L)), SqlOpsWarehouse.rows(session, "SELECT * FROM t"));
    }
}

package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.column;
import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.TestDatasets;
import io.lancejdbc.exec.testing.Warehouses;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.namespace.RestAdapter;

/**
 * SQL on a REST catalog, through the embedded engine exactly as a connection runs it: lance-core's RestAdapter on
 * 127.0.0.1 over {@link Warehouses#directoryNamespace} (root {@code customers}, {@code plain_tbl}; {@code sales.orders}
 * 200 rows; {@code sales.eu.orders_eu} 30 rows; empty {@code hr}) plus {@code items} (1000 rows, IVF_PQ
 * {@code vec_idx}). Tables are NumbersTables: {@code id = 0..n-1}, {@code category} NULL where {@code id % 17 == 0},
 * else {@code alpha..theta[id % 8]}.
 */
class RestCatalogSqlTest {
    @TempDir
    static Path warehouse;

    private static RestAdapter adapter;
    private static EmbeddedQueryEngine engine;
    private static EngineSession session;

    @BeforeAll
    static void open() {
        try (BufferAllocator a = new RootAllocator()) {
            Warehouses.directoryNamespace(a, warehouse);
        }
        TestDatasets.create(warehouse.resolve("items.lance"), 0, 1000, 500);
        TestDatasets.createIvfPq(warehouse.resolve("items.lance"));
        adapter = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        adapter.start();
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("lance.rest.uri", uri())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
        adapter.close();
    }

    private static String uri() {
        return "http://127.0.0.1:" + adapter.getPort();
    }

    @Test
    void showDatabasesListsEveryNamespace() {
        assertEquals(List.of("default", "hr", "sales", "sales.eu"), column(session, "SHOW DATABASES"));
    }

    @Test
    void showTablesOfTheRootAndOfANestedNamespace() {
        assertEquals(List.of("customers", "items", "plain_tbl"), column(session, "SHOW TABLES"));
        assertEquals(List.of("orders_eu"), column(session, "SHOW TABLES FROM `sales.eu`"));
        assertEquals(List.of(), column(session, "SHOW TABLES FROM hr"));
    }

    @Test
    void aggregateOverANestedRestTable() {
        assertEquals(List.of(List.of(30L, 435L)), rows(session, "SELECT count(*), sum(id) FROM `sales.eu`.orders_eu"));
    }

    @Test
    void filteredOrderedSelectWithCatalogQualifiedName() {
        assertEquals(List.of(Arrays.asList(0L, null), List.of(1L, "beta"), List.of(2L, "gamma")),
                rows(session, "SELECT id, category FROM lance.sales.orders WHERE id < 3 ORDER BY id"));
    }

    @Test
    void describeShowsTheRestTablesColumns() {
        assertEquals(List.of("id", "i32", "f64", "category", "flag", "d", "ts", "amount"),
                column(session, "DESC `sales.eu`.orders_eu"));
    }

    @Test
    void showIndexWorksOnRestTables() {
        List<List<Object>> index = rows(session, "SHOW INDEX FROM items");

        assertEquals(1, index.size());
        assertEquals(List.of("items", "vec_idx", "vec", "IVF_PQ"), List.of(index.get(0).get(0), index.get(0).get(2),
                index.get(0).get(4), index.get(0).get(10)));
    }

    @Test
    void explainNamesTheRestCatalog() {
        try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("lance.rest.uri", uri(),
                "scan.parallelism", "2")))) {
            assertEquals(List.of("PARALLEL_SPLITS splits=2 degree=2", "     delivery: split order",
                    "  LANCE_SCAN lance.sales.orders", "       columns: id", "       lanceCatalogType=rest",
                    "       lanceVersion=1", "       lanceFragments=2", "       lancePushdownPredicate=(`id` < 3)",
                    "       splits=2 (FRAGMENT_SCAN)"), column(s, "EXPLAIN SELECT id FROM sales.orders WHERE id < 3"));
        }
    }

    @Test
    void unknownTableNamesTheTablesOfItsSchema() {
        SqlError e = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM sales.nope"));

        assertEquals("42S02", e.sqlState());
        assertEquals("Table 'sales.nope' not found in catalog lance (tables in sales: orders)", e.getMessage());
    }

    @Test
    void parentRestrictedSessionSeesOnlyTheSubtree() {
        Map<String, String> p = new HashMap<>();
        p.put("lance.rest.uri", uri());
        p.put("lance.namespace.parent", "sales");
        try (EngineSession s = engine.openSession(EngineConfig.of(p))) {
            assertEquals(List.of("default", "eu"), column(s, "SHOW DATABASES"));
            assertEquals(List.of(List.of(200L)), rows(s, "SELECT count(*) FROM orders"));
            assertEquals(List.of(List.of(30L)), rows(s, "SELECT count(*) FROM eu.orders_eu"));
        }
    }

    @Test
    void sessionWithAMissingTokenDoesNotOpen() {
        SqlError e = assertThrows(SqlError.class, () -> engine.openSession(EngineConfig.of(Map.of(
                "lance.rest.uri", uri(), "lance.rest.security.type", "bearer"))));

        assertEquals("22023", e.sqlState());
        assertEquals("lance.rest.security.type=bearer requires lance.rest.bearer-token", e.getMessage());
    }
}

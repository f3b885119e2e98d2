package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.TestWarehouses;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which catalog the connection properties select, and the property errors reported before any I/O. */
class CatalogFactoryTest {
    @TempDir
    Path wh;

    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeEach
    void openPool() {
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults());
    }

    @AfterEach
    void closePool() {
        pool.close();
        allocator.close();
    }

    private Catalog open(Map<String, String> props) {
        return CatalogFactory.create(EngineConfig.of(props), StorageOptions.fromProperties(props), pool, allocator);
    }

    private SqlError failure(Map<String, String> props) {
        return assertThrows(SqlError.class, () -> open(props));
    }

    @Test
    void filesystemIsTheDefaultType() {
        assertEquals(CatalogFactory.CatalogType.FILESYSTEM, CatalogFactory.type(EngineConfig.of(Map.of())));
        assertEquals(CatalogFactory.CatalogType.FILESYSTEM,
                CatalogFactory.type(EngineConfig.of(Map.of("warehouse", "/wh"))));
    }

    @Test
    void restUriWithoutATypeSelectsRest() {
        assertEquals(CatalogFactory.CatalogType.REST,
                CatalogFactory.type(EngineConfig.of(Map.of("lance.rest.uri", "http://127.0.0.1:1"))));
    }

    @Test
    void typeIsCaseInsensitive() {
        assertEquals(CatalogFactory.CatalogType.REST,
                CatalogFactory.type(EngineConfig.of(Map.of("lance.catalog.type", " REST "))));
    }

    @Test
    void unknownTypeIsRejected() {
        SqlError e = failure(Map.of("lance.catalog.type", "hive"));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'lance.catalog.type' must be filesystem, rest or none, got 'hive'", e.getMessage());
    }

    @Test
    void localWarehouseOpensAFilesystemCatalog() {
        TestWarehouses.plainTable(wh.resolve("t.lance"), 3);
        try (Catalog c = open(Map.of("warehouse", wh.toString()))) {
            assertInstanceOf(FilesystemCatalog.class, c);
            assertEquals(List.of("t"), c.tableNames(NamespacePath.ROOT));
        }
    }

    @Test
    void filesystemRejectsRestProperties() {
        SqlError e = failure(Map.of("lance.catalog.type", "filesystem", "warehouse", wh.toString(),
                "lance.rest.uri", "http://127.0.0.1:1"));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'lance.rest.uri' is not valid for Lance filesystem catalog", e.getMessage());
    }

    @Test
    void restRejectsAWarehouse() {
        SqlError e = failure(Map.of("lance.catalog.type", "rest", "lance.rest.uri", "http://127.0.0.1:1",
                "warehouse", wh.toString()));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'warehouse' is not valid for Lance REST catalog; the REST namespace service gives "
                + "each table's location", e.getMessage());
    }

    @Test
    void restWithoutUriIsRejected() {
        SqlError e = failure(Map.of("lance.catalog.type", "rest"));

        assertEquals("22023", e.sqlState());
        assertEquals("lance.rest.uri is required: the http:// or https:// address of the Lance REST namespace "
                + "service", e.getMessage());
    }

    @Test
    void misspelledRestPropertyIsRejected() {
        SqlError e = failure(Map.of("lance.rest.uri", "http://127.0.0.1:1", "lance.rest.security.type", "bearer",
                "lance.rest.bearer_token", "t"));

        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith("Unknown property 'lance.rest.bearer_token'"), e.getMessage());
    }

    @Test
    void apiKeyWithoutKeyIsRejected() {
        SqlError e = failure(Map.of("lance.rest.uri", "http://127.0.0.1:1", "lance.rest.security.type", "api_key"));

        assertEquals("22023", e.sqlState());
        assertEquals("lance.rest.security.type=api_key requires lance.rest.api-key", e.getMessage());
    }

    @Test
    void badParentIsRejectedForRest() {
        SqlError e = failure(Map.of("lance.rest.uri", "http://127.0.0.1:1", "lance.namespace.parent", "a$$b"));

        assertEquals("22023", e.sqlState());
        assertEquals("Empty Lance namespace component in property 'lance.namespace.parent': 'a$$b'",
                e.getMessage());
    }

    @Test
    void tableAccessTtlMustBeWholeNonNegativeSeconds() {
        assertEquals(Duration.ofSeconds(60), CatalogFactory.tableAccessTtl(EngineConfig.of(Map.of())));
        assertEquals(Duration.ZERO, CatalogFactory.tableAccessTtl(
                EngineConfig.of(Map.of("lance.table_access_cache_ttl_seconds", "0"))));
        SqlError e = failure(Map.of("warehouse", wh.toString(), "lance.table_access_cache_ttl_seconds", "-1"));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'lance.table_access_cache_ttl_seconds' must be a whole number of seconds >= 0, got "
                + "'-1'", e.getMessage());
    }

    @Test
    void warehouseSchemeWithoutListingIsUnsupported() {
        SqlError e = failure(Map.of("warehouse", "oss://bucket/wh"));

        assertEquals("42000", e.sqlState());
        assertEquals("No directory listing is available for warehouse oss://bucket/wh", e.getMessage());
    }
}

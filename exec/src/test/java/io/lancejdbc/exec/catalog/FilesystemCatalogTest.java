package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.TestWarehouses;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilesystemCatalogTest {
    @TempDir
    Path wh;

    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults().withTtls(Duration.ofHours(1), Duration.ZERO));
    }

    @AfterEach
    void tearDown() {
        pool.close();
        allocator.close();
    }

    private FilesystemCatalog catalog(NamespacePath parent) {
        return new FilesystemCatalog(wh.toString(), parent, Map.of(), new LocalDirectoryLister(), pool, allocator,
                new SchemaNameCodec("default"), Duration.ZERO);
    }

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    private long rows(TableLocation t) {
        return pool.snapshot(t.datasetSource(), OptionalLong.empty()).logicalRows();
    }

    @Nested
    class PlainDirectories {
        @BeforeEach
        void writeWarehouse() throws IOException {
            TestWarehouses.plainTable(wh.resolve("orders.lance"), 10);
            TestWarehouses.plainTable(wh.resolve("users.lance"), 5);
            TestWarehouses.plainTable(wh.resolve("my table.lance"), 7);
            TestWarehouses.plainTable(wh.resolve("sales/q1.lance"), 3);
            TestWarehouses.plainTable(wh.resolve("sales/eu/fr.lance"), 2);
            TestWarehouses.plainTable(wh.resolve("sales/eu/de.lance"), 4);
            TestWarehouses.plainTable(wh.resolve("deep/a/b.lance"), 1);
            Files.createDirectories(wh.resolve("empty_dir"));
            Files.createDirectories(wh.resolve("notes/drafts"));
            Files.createDirectories(wh.resolve("_scratch/x.lance"));
        }

        @Test
        void lanceDirectoriesAreTablesOfTheirNamespace() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of("my table", "orders", "users"), c.tableNames(NamespacePath.ROOT));
                assertEquals(List.of("q1"), c.tableNames(ns("sales")));
                assertEquals(List.of("de", "fr"), c.tableNames(ns("sales", "eu")));
            }
        }

        @Test
        void directoriesHoldingDatasetsAtAnyDepthAreNamespaces() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of(ns("deep"), ns("sales")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(List.of(ns("deep", "a")), c.childNamespaces(ns("deep")));
                assertEquals(List.of(), c.tableNames(ns("deep")));
                assertEquals(List.of(ns("sales", "eu")), c.childNamespaces(ns("sales")));
                assertEquals(List.of(), c.childNamespaces(ns("sales", "eu")));
            }
        }

        @Test
        void locatedTablesOpenAsDatasets() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                TableLocation fr = c.locate(ns("sales", "eu"), "fr");
                TableLocation spaced = c.locate(NamespacePath.ROOT, "my table");

                assertEquals("file://" + wh + "/sales/eu/fr.lance", fr.uri());
                assertEquals(2, rows(fr));
                assertEquals("file://" + wh + "/my table.lance", spaced.uri());
                assertEquals(7, rows(spaced));
                assertEquals(ns("sales", "eu"), fr.namespace());
                assertEquals("fr", fr.name());
            }
        }

        @Test
        void unknownTableListsTheTablesOfItsSchema() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                SqlError e = assertThrows(SqlError.class, () -> c.locate(ns("sales", "eu"), "it"));

                assertEquals("42S02", e.sqlState());
                assertEquals("Table 'sales.eu.it' does not exist in warehouse file://" + wh
                        + " (tables in sales.eu: de, fr)", e.getMessage());
            }
        }

        @Test
        void directoriesWithoutDatasetsAreNotNamespaces() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                for (String dir : List.of("empty_dir", "notes", "_scratch", "orders.lance", "nowhere")) {
                    SqlError e = assertThrows(SqlError.class, () -> c.tableNames(ns(dir)), dir);
                    assertEquals("3F000", e.sqlState());
                    String schema = new SchemaNameCodec("default").encode(ns(dir));
                    assertEquals("Schema '" + schema + "' does not exist in warehouse file://" + wh, e.getMessage());
                }
            }
        }

        @Test
        void parentRestrictsTheCatalogToASubtree() {
            try (FilesystemCatalog c = catalog(ns("sales"))) {
                assertEquals(List.of("q1"), c.tableNames(NamespacePath.ROOT));
                assertEquals(List.of(ns("eu")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(List.of("de", "fr"), c.tableNames(ns("eu")));
                assertEquals("file://" + wh + "/sales/eu/de.lance", c.locate(ns("eu"), "de").uri());
            }
        }

        @Test
        void parentThatDoesNotExistIsReported() {
            try (FilesystemCatalog c = catalog(ns("sales", "asia"))) {
                SqlError e = assertThrows(SqlError.class, () -> c.tableNames(NamespacePath.ROOT));

                assertEquals("3F000", e.sqlState());
                assertEquals("Namespace 'sales$asia' (lance.namespace.parent) does not exist in warehouse file://"
                        + wh, e.getMessage());
            }
        }

        @Test
        void newTablesAppearWithoutReconnecting() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of("q1"), c.tableNames(ns("sales")));
                TestWarehouses.plainTable(wh.resolve("sales/q2.lance"), 1);

                assertEquals(List.of("q1", "q2"), c.tableNames(ns("sales")));
            }
        }

        @Test
        void cachedListingsHideNewTablesUntilTheirTtlPasses() {
            try (FilesystemCatalog c = new FilesystemCatalog(wh.toString(), NamespacePath.ROOT, Map.of(),
                    new LocalDirectoryLister(), pool, allocator, new SchemaNameCodec("default"),
                    Duration.ofHours(1))) {
                assertEquals(List.of("q1"), c.tableNames(ns("sales")));
                TestWarehouses.plainTable(wh.resolve("sales/q2.lance"), 1);

                assertEquals(List.of("q1"), c.tableNames(ns("sales")));
            }
        }
    }

    @Nested
    class ManifestLayout {
        @BeforeEach
        void writeWarehouse() {
            TestWarehouses.manifestLayout(wh, List.of(List.of("ns1"), List.of("ns1", "sub"), List.of("a.b")),
                    Map.of(List.of("root_tbl"), 4, List.of("ns1", "t1"), 5, List.of("ns1", "sub", "deep"), 6,
                            List.of("a.b", "dotted"), 7));
            TestWarehouses.plainTable(wh.resolve("plain_tbl.lance"), 3);
        }

        @Test
        void namespacesComeFromTheManifestAndHashedTableDirectoriesAreHidden() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of(ns("a.b"), ns("ns1")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(List.of(ns("ns1", "sub")), c.childNamespaces(ns("ns1")));
                assertEquals(List.of(), c.childNamespaces(ns("ns1", "sub")));
            }
        }

        @Test
        void rootTablesMergeManifestEntriesWithLanceDirectories() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of("plain_tbl", "root_tbl"), c.tableNames(NamespacePath.ROOT));
                assertEquals("file://" + wh + "/root_tbl.lance", c.locate(NamespacePath.ROOT, "root_tbl").uri());
                assertEquals(3, rows(c.locate(NamespacePath.ROOT, "plain_tbl")));
            }
        }

        @Test
        void childNamespaceTablesLiveInHashPrefixedDirectories() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of("t1"), c.tableNames(ns("ns1")));
                assertEquals(List.of("deep"), c.tableNames(ns("ns1", "sub")));
                assertEquals(List.of("dotted"), c.tableNames(ns("a.b")));
                TableLocation deep = c.locate(ns("ns1", "sub"), "deep");

                assertTrue(deep.uri().matches("file://" + wh + "/[0-9a-f]{8}_ns1\\$sub\\$deep"), deep.uri());
                assertEquals(6, rows(deep));
                assertEquals(7, rows(c.locate(ns("a.b"), "dotted")));
            }
        }

        @Test
        void parentRestrictsManifestNamespacesToASubtree() {
            try (FilesystemCatalog c = catalog(ns("ns1"))) {
                assertEquals(List.of("t1"), c.tableNames(NamespacePath.ROOT));
                assertEquals(List.of(ns("sub")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(6, rows(c.locate(ns("sub"), "deep")));
            }
        }

        @Test
        void plainNamespaceDirectoriesAreMergedWithManifestNamespaces() {
            TestWarehouses.plainTable(wh.resolve("legacy/old.lance"), 2);
            TestWarehouses.plainTable(wh.resolve("ns1/extra.lance"), 1);
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of(ns("a.b"), ns("legacy"), ns("ns1")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(List.of("extra", "t1"), c.tableNames(ns("ns1")));
                assertEquals(2, rows(c.locate(ns("legacy"), "old")));
            }
        }

        @Test
        void namespacesAndTablesCreatedLaterAppearAfterTheLatestVersionTtl() {
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                assertEquals(List.of(ns("a.b"), ns("ns1")), c.childNamespaces(NamespacePath.ROOT));
                TestWarehouses.manifestLayout(wh, List.of(List.of("zeta")), Map.of(List.of("zeta", "z"), 1));

                assertEquals(List.of(ns("a.b"), ns("ns1"), ns("zeta")), c.childNamespaces(NamespacePath.ROOT));
                assertEquals(List.of("z"), c.tableNames(ns("zeta")));
            }
        }

        @Test
        void readingTheCatalogWritesNothing() throws IOException {
            List<Path> before = files();
            try (FilesystemCatalog c = catalog(NamespacePath.ROOT)) {
                c.childNamespaces(NamespacePath.ROOT);
                c.tableNames(ns("ns1", "sub"));
                rows(c.locate(ns("ns1"), "t1"));
            }
            assertEquals(before, files());
        }

        private List<Path> files() throws IOException {
            try (Stream<Path> s = Files.walk(wh)) {
                return s.sorted().toList();
            }
        }
    }

    @Nested
    class Configuration {
        private FilesystemCatalog fromConfig(Map<String, String> props) {
            return FilesystemCatalog.fromConfig(EngineConfig.of(props), Map.of(), null, pool, allocator);
        }

        private SqlError failure(Map<String, String> props) {
            return assertThrows(SqlError.class, () -> fromConfig(props));
        }

        @Test
        void warehouseIsRequired() {
            SqlError e = failure(Map.of());

            assertEquals("22023", e.sqlState());
            assertEquals("Missing required property 'warehouse' for Lance filesystem catalog", e.getMessage());
        }

        @Test
        void localWarehouseMustBeAbsolute() {
            assertEquals("Local Lance warehouse must be an absolute path: data/wh",
                    failure(Map.of("warehouse", "data/wh")).getMessage());
        }

        @Test
        void unsupportedSchemesAreNamed() {
            assertEquals("Unsupported Lance filesystem warehouse scheme 'hdfs'; supported schemes are local/file, "
                    + "s3, and oss", failure(Map.of("warehouse", "hdfs://nn/wh")).getMessage());
        }

        @Test
        void restPropertiesAreRejected() {
            assertEquals("Property 'lance.rest.uri' is not valid for Lance filesystem catalog",
                    failure(Map.of("warehouse", wh.toString(), "lance.rest.uri", "http://x")).getMessage());
        }

        @Test
        void missingLocalWarehouseIsAConnectionFailure() {
            SqlError e = failure(Map.of("warehouse", wh.resolve("absent").toString()));

            assertEquals("08001", e.sqlState());
            assertEquals("Lance warehouse directory does not exist: file://" + wh.resolve("absent"), e.getMessage());
        }

        @Test
        void aWarehouseThatIsAFileIsNamedAsAFile() throws IOException {
            java.nio.file.Path file = java.nio.file.Files.writeString(wh.resolve("a-file"), "x");
            SqlError e = failure(Map.of("warehouse", file.toString()));

            assertEquals("08001", e.sqlState());
            assertEquals("Lance warehouse file://" + file + " is a file, not a directory; give the directory that"
                    + " holds the <table>.lance datasets", e.getMessage());
        }

        @Test
        void aWarehouseThatIsADatasetSaysWhereToConnect() throws IOException {
            java.nio.file.Path dataset = wh.resolve("facts.lance");
            TestWarehouses.plainTable(dataset, 2);
            SqlError e = failure(Map.of("warehouse", dataset.toString()));

            assertEquals("08001", e.sqlState());
            assertEquals("Lance warehouse file://" + dataset + " is itself a Lance dataset (it holds _versions/); a"
                    + " warehouse is the directory that holds the <table>.lance datasets: connect to " + wh
                    + " and query table facts, or read this one with local(\"file_path\" = \"" + dataset
                    + "\", \"format\" = \"lance\")", e.getMessage());
        }

        @Test
        void objectStoreWarehouseNeedsALister() {
            assertEquals("42000", failure(Map.of("warehouse", "s3://bucket/wh")).sqlState());
        }

        @Test
        void parentAndDelimiterComeFromProperties() throws IOException {
            TestWarehouses.plainTable(wh.resolve("sales/eu/fr.lance"), 2);
            try (FilesystemCatalog c = fromConfig(Map.of("warehouse", "file://" + wh + "/",
                    "lance.namespace.parent", "sales/eu", "lance.namespace.delimiter", "/"))) {
                assertEquals("file://" + wh, c.warehouseUri());
                assertEquals(ns("sales", "eu"), c.parent());
                assertEquals(List.of("fr"), c.tableNames(NamespacePath.ROOT));
                assertEquals("filesystem", c.type());
            }
        }
    }
}

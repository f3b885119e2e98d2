package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.TestDatasets;
import io.lancejdbc.exec.lance.TestWarehouses;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metadata over a mixed warehouse: plain directories {@code items.lance} (vector table with an IVF_PQ index),
 * {@code default/x.lance} (a namespace literally named "default"), {@code sales/eu/fr.lance}, plus manifest
 * namespaces {@code ns1}, {@code ns1$sub} and {@code a.b}.
 */
class LanceCatalogMetadataTest {
    @TempDir
    static Path wh;

    private static BufferAllocator allocator;
    private static DatasetHandlePool pool;
    private static LanceCatalogMetadata metadata;

    @BeforeAll
    static void writeWarehouse() {
        TestWarehouses.manifestLayout(wh, List.of(List.of("ns1"), List.of("ns1", "sub"), List.of("a.b")),
                Map.of(List.of("ns1", "t1"), 5, List.of("ns1", "sub", "deep"), 6, List.of("a.b", "dotted"), 7));
        TestDatasets.create(wh.resolve("items.lance"), 0, 1000, 500);
        TestDatasets.createIvfPq(wh.resolve("items.lance"));
        TestWarehouses.plainTable(wh.resolve("default/x.lance"), 1);
        TestWarehouses.plainTable(wh.resolve("sales/eu/fr.lance"), 2);
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults());
        SchemaNameCodec names = new SchemaNameCodec("default");
        FilesystemCatalog catalog = new FilesystemCatalog(wh.toString(), NamespacePath.ROOT, Map.of(),
                new LocalDirectoryLister(), pool, allocator, names, Duration.ofSeconds(5));
        metadata = new LanceCatalogMetadata("lance", catalog, names, pool);
    }

    @AfterAll
    static void close() {
        pool.close();
        allocator.close();
    }

    @Test
    void schemasAreRootFirstThenBreadthFirstWithEscapedNames() {
        assertEquals(List.of("default", "a\\.b", "\\default", "ns1", "sales", "ns1.sub", "sales.eu"),
                metadata.schemaNames());
    }

    @Test
    void tablesOfEachSchema() {
        assertEquals(List.of("items"), metadata.tableNames("default"));
        assertEquals(List.of("x"), metadata.tableNames("\\default"));
        assertEquals(List.of("dotted"), metadata.tableNames("a\\.b"));
        assertEquals(List.of("deep"), metadata.tableNames("ns1.sub"));
        assertEquals(List.of("fr"), metadata.tableNames("sales.eu"));
    }

    @Test
    void unknownSchemaListsTheSchemasThatExist() {
        SqlError e = assertThrows(SqlError.class, () -> metadata.tableNames("nope"));

        assertEquals("3F000", e.sqlState());
        assertEquals("Schema 'nope' does not exist in catalog lance (schemas: default, a\\.b, \\default, ns1, sales, "
                + "ns1.sub, sales.eu)", e.getMessage());
    }

    @Test
    void malformedSchemaNameIsAnUnknownSchemaWithTheReason() {
        SqlError e = assertThrows(SqlError.class, () -> metadata.tableNames("a\\x"));

        assertEquals("3F000", e.sqlState());
        assertEquals("Schema 'a\\x' does not exist in catalog lance (schemas: default, a\\.b, \\default, ns1, sales, "
                + "ns1.sub, sales.eu): Invalid escape in Lance namespace 'a\\x'", e.getMessage());
    }

    @Test
    void unknownTableListsTheTablesOfTheSchema() {
        SqlError e = assertThrows(SqlError.class, () -> metadata.columns("ns1", "t2"));

        assertEquals("42S02", e.sqlState());
        assertEquals("Table 'ns1.t2' does not exist in warehouse file://" + wh + " (tables in ns1: t1)",
                e.getMessage());
    }

    @Test
    void columnsAreTheArrowFieldsOfTheLatestVersion() {
        List<Field> columns = metadata.columns("default", "items");

        assertEquals(List.of("id", "name", "vec"), columns.stream().map(Field::getName).toList());
        assertEquals(TestDatasets.schema().getFields().get(2).getType(), columns.get(2).getType());
        assertEquals(false, columns.get(0).isNullable());
    }

    @Test
    void indexesDescribeEachLogicalIndex() {
        assertEquals(List.of(new IndexDescriptor("vec_idx", List.of("vec"), "IVF_PQ", 1, Map.of("metric_type", "L2",
                        "compression_type", "pq", "num_bits", "8", "num_sub_vectors", "4"))),
                metadata.indexes("default", "items"));
        assertEquals(List.of(), metadata.indexes("ns1", "t1"));
    }

    @Test
    void primaryKeyIsTheUnenforcedPrimaryKeyOfTheSchema() {
        assertEquals(List.of("id"), metadata.primaryKey("default", "items"));
        assertEquals(List.of(), metadata.primaryKey("ns1.sub", "deep"));
    }

    @Test
    void locateResolvesEscapedSchemaNames() {
        assertEquals("file://" + wh + "/default/x.lance", metadata.locate("\\default", "x").uri());
        assertEquals(7, metadata.tableMetadata("a\\.b", "dotted").snapshot().logicalRows());
    }
}

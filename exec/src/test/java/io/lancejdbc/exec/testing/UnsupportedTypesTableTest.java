package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(ArrowAllocatorExtension.class)
class UnsupportedTypesTableTest {
    @TempDir
    static Path tmp;
    static DatasetContents contents;

    @BeforeAll
    static void write(BufferAllocator allocator) {
        Path path = UnsupportedTypesTable.write(allocator, tmp.resolve("unsupported_types.lance"));
        contents = DatasetContents.read(allocator, path);
    }

    private static Field stored(String name) {
        return contents.schema().findField(name);
    }

    private static Map<String, Object> row(long id) {
        return contents.rowsSortedBy("id").get((int) id);
    }

    @Test
    void durationNullAndNestedDurationColumnsKeepTheirTypesAndValues() {
        assertEquals(new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.MICROSECOND),
                stored("c_duration").getType());
        assertEquals(ArrowType.Null.INSTANCE, stored("c_null").getType());
        for (Map<String, Object> r : contents.rows()) {
            long id = (Long) r.get("id");
            for (String c : List.of("c_int", "c_utf8", "c_duration", "c_null", "c_ext", "c_struct_dur",
                    "c_list_dur")) {
                assertEquals(UnsupportedTypesTable.value(c, id), r.get(c), c + " at " + id);
            }
        }
        assertEquals(Duration.ofMillis(4_500), row(3).get("c_duration"));
    }

    @Test
    void customExtensionMetadataIsKept() {
        assertEquals("lancejdbc.tag", stored("c_ext").getMetadata().get("ARROW:extension:name"));
        assertEquals("lance.bfloat16", stored("c_bf16").getMetadata().get("ARROW:extension:name"));
        assertArrayEquals(UnsupportedTypesTable.bfloat16(3f), (byte[]) row(3).get("c_bf16"));
    }

    @Test
    void arrowJsonIsStoredAsLanceJsonLargeBinaryAndScannedBackAsArrowJsonText() {
        assertEquals(ArrowType.LargeBinary.INSTANCE, stored("c_json").getType());
        assertEquals("lance.json", stored("c_json").getMetadata().get("ARROW:extension:name"));
        Field scanned = contents.scanSchema().findField("c_json");
        assertEquals(ArrowType.Utf8.INSTANCE, scanned.getType());
        assertEquals("arrow.json", scanned.getMetadata().get("ARROW:extension:name"));
        assertEquals("{\"id\":2}", row(2).get("c_json"));
        assertNull(row(4).get("c_json"));
    }

    @Test
    void dictionaryMarkerIsLostAndTheIndicesRemain() {
        assertNull(stored("c_dict").getDictionary());
        assertEquals(new ArrowType.Int(32, true), stored("c_dict").getType());
        assertEquals(List.of(0, 1, 2, 0), contents.rowsSortedBy("id").subList(0, 4).stream()
                .map(r -> r.get("c_dict")).toList());
    }

    static List<Field> refusedFields() {
        return List.of(
                Field.nullable("x", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
                Field.nullable("x", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
                Field.nullable("x", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
                Field.nullable("x", ArrowType.Utf8View.INSTANCE),
                Field.nullable("x", ArrowType.BinaryView.INSTANCE),
                new Field("x", FieldType.nullable(ArrowType.ListView.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
                new Field("x", FieldType.nullable(new ArrowType.Union(UnionMode.Sparse, new int[] {0, 1})),
                        List.of(Field.nullable("i", new ArrowType.Int(32, true)),
                                Field.nullable("s", ArrowType.Utf8.INSTANCE))));
    }

    @ParameterizedTest
    @MethodSource("refusedFields")
    void lanceCoreRefusesToWriteTheType(Field field, BufferAllocator allocator, @TempDir Path dir) {
        Schema schema = new Schema(List.of(field));
        RuntimeException e = assertThrows(RuntimeException.class, () -> GeneratedDatasetWriter
                .to(dir.resolve("t.lance"), schema).rows(0, 0).write(allocator, (root, first, n) -> { }));
        assertTrue(e.getMessage().contains("Unsupported data type"), e.getMessage());
    }

    @Test
    void lanceCoreRefusesAMapBelowStorageVersion22(BufferAllocator allocator, @TempDir Path dir) {
        // Storage version 2.1 throws; 2.0 would abort the JVM with a Rust panic, so it is not tried.
        Schema schema = new Schema(List.of(AllTypesTable.column("c_map").field()));
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> GeneratedDatasetWriter.to(dir.resolve("t.lance"), schema).storageVersion("2.1").rows(0, 1)
                        .write(allocator, (root, first, n) -> ArrowLogicalValues.write(root.getVector(0), 0,
                                Map.of("k", 1))));
        assertTrue(e.getMessage().contains("Map data type is only supported in Lance file format 2.2+"),
                e.getMessage());
    }

}

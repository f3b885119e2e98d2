package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;

@ExtendWith(ArrowAllocatorExtension.class)
class AllTypesTableTest {
    @TempDir
    static Path tmp;
    static Path dataset;
    static DatasetContents contents;

    @BeforeAll
    static void writeOnce(BufferAllocator allocator) {
        dataset = AllTypesTable.write(allocator, tmp.resolve("all_types.lance"));
        contents = DatasetContents.read(allocator, dataset);
    }

    @AfterAll
    static void release() {
        contents = null;
    }

    private static Map<String, Object> row(long id) {
        return contents.rowsSortedBy("id").get((int) id);
    }

    @Test
    void everyValueReadsBackExactlyAsTheValueFunctionSays() {
        List<Map<String, Object>> rows = contents.rowsSortedBy("id");
        assertEquals(AllTypesTable.ROWS, rows.size());
        for (Map<String, Object> row : rows) {
            long id = (Long) row.get("id");
            for (AllTypesTable.Column c : AllTypesTable.columns()) {
                Object expected = ArrowLogicalValues.comparable(c.value(id));
                Object actual = ArrowLogicalValues.comparable(row.get(c.name()));
                assertEquals(expected, actual, c.name() + " at id " + id);
            }
        }
    }

    @Test
    void schemaReadBackIsTheDeclaredSchema() {
        List<Field> declared = AllTypesTable.schema(AllTypesTable.DEFAULT_STORAGE_VERSION).getFields();
        List<Field> stored = contents.schema().getFields();
        assertEquals(declared.size(), stored.size());
        for (int i = 0; i < declared.size(); i++) {
            assertEquals(declared.get(i).getName(), stored.get(i).getName());
            assertEquals(declared.get(i).getType(), stored.get(i).getType(), declared.get(i).getName());
            assertEquals(declared.get(i).isNullable(), stored.get(i).isNullable(), declared.get(i).getName());
        }
    }

    @Test
    void hasThreeFragmentsAndTwoVersions(BufferAllocator allocator) {
        try (Dataset ds = Dataset.open().allocator(allocator).uri(dataset.toString()).build()) {
            assertEquals(2, ds.version());
            assertEquals(List.of(30L, 30L, 40L),
                    ds.getFragments().stream().map(f -> (long) f.countRows()).toList());
            assertEquals("2.2", ds.getLanceFileFormatVersion());
        }
    }

    @Test
    void everyNullableColumnHoldsNullsOnlyFromIdSixteenOn() {
        for (AllTypesTable.Column c : AllTypesTable.columns()) {
            long nulls = contents.rows().stream().filter(r -> r.get(c.name()) == null).count();
            assertEquals(AllTypesTable.nullCount(c.name()), nulls, c.name());
            if (c.position() > 0) {
                assertTrue(nulls >= 12 && nulls <= 13, c.name() + " has " + nulls + " NULLs");
            }
            assertTrue(contents.rows().stream()
                    .filter(r -> (Long) r.get("id") < AllTypesTable.SPECIAL_ROWS)
                    .allMatch(r -> r.get(c.name()) != null), c.name());
        }
    }

    @Test
    void integerExtremesAreStored() {
        assertEquals(Byte.MIN_VALUE, row(1).get("c_i8"));
        assertEquals(Long.MAX_VALUE, row(2).get("c_i64"));
        assertEquals(255, row(1).get("c_u8"));
        assertEquals(65_535, row(1).get("c_u16"));
        assertEquals(4_294_967_295L, row(1).get("c_u32"));
        assertEquals(new BigInteger("18446744073709551615"), row(1).get("c_u64"));
        assertEquals(new BigInteger("9223372036854775808"), row(3).get("c_u64"));
    }

    @Test
    void floatSpecialsAreStored() {
        assertTrue(Float.isNaN((Float) row(1).get("c_f16")));
        assertEquals(Float.POSITIVE_INFINITY, row(2).get("c_f32"));
        assertEquals(Double.NEGATIVE_INFINITY, row(3).get("c_f64"));
        assertEquals(Float.floatToIntBits(-0.0f), Float.floatToIntBits((Float) row(4).get("c_f16")));
        assertEquals(Double.doubleToLongBits(-0.0), Double.doubleToLongBits((Double) row(4).get("c_f64")));
        assertEquals(65504.0f, row(5).get("c_f16"));
        assertEquals(Float.MIN_VALUE, row(7).get("c_f32"));
    }

    @Test
    void decimalExtremesKeepTheirScale() {
        assertEquals(new BigDecimal("99999999.99"), row(1).get("c_dec"));
        assertEquals(new BigDecimal("-99999999999999999999999999999999.999999"), row(2).get("c_dec38"));
        assertEquals(new BigDecimal("9".repeat(66) + "." + "9".repeat(10)), row(1).get("c_dec76"));
        assertEquals(new BigDecimal("0.00"), row(3).get("c_dec"));
    }

    @Test
    void temporalEdgesAreStored() {
        assertEquals(LocalDate.of(1, 1, 1), row(3).get("c_date32"));
        assertEquals(LocalDate.of(9999, 12, 31), row(4).get("c_date64"));
        assertEquals(LocalTime.MAX, row(2).get("c_time64_ns"));
        assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), row(2).get("c_ts_us"));
        assertEquals(LocalDateTime.of(2262, 4, 11, 23, 47, 16, 854_775_807), row(4).get("c_ts_ns"));
        assertEquals(Instant.parse("2024-03-10T05:00:00Z"), row(0).get("c_ts_ms_ny"));
    }

    @Test
    void unicodeAndEmptyStringsAreStored() {
        assertEquals("", row(1).get("c_utf8"));
        assertEquals("\uD83E\uDD86 duck", row(4).get("c_utf8"));
        assertEquals("größe-€-9", row(9).get("c_large_utf8"));
        assertEquals(0, ((byte[]) row(1).get("c_binary")).length);
    }

    @Test
    void nestedColumnsHoldNullChildren() {
        assertEquals(AllTypesTable.struct("a", null, "b", "s3"), row(3).get("c_struct"));
        assertEquals(Arrays.asList(30, 31, null), row(3).get("c_list"));
        assertEquals(AllTypesTable.struct("k0", 30, "k1", 31, "k2", null), row(3).get("c_map"));
        assertEquals(AllTypesTable.struct("tags", List.of("t0"), "point", null), row(4).get("c_nested"));
        assertEquals(Arrays.asList(5.0f, null, -5.0f), row(5).get("c_fsl"));
    }

    @Test
    void storageVersion21LeavesOutTheMapColumn(BufferAllocator allocator, @TempDir Path dir) {
        Path path = AllTypesTable.write(allocator, dir.resolve("t.lance"), "2.1");
        DatasetContents c = DatasetContents.read(allocator, path);
        assertFalse(c.schema().getFields().stream().anyMatch(f -> f.getName().equals("c_map")));
        assertEquals(AllTypesTable.columnNames("2.1"),
                c.schema().getFields().stream().map(Field::getName).toList());
        assertEquals(AllTypesTable.ROWS, c.rows().size());
    }
}

package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;

@ExtendWith(ArrowAllocatorExtension.class)
class NumbersTableTest {

    @Test
    void writesExactlyTheRequestedFragments(BufferAllocator allocator, @TempDir Path dir) {
        Path path = NumbersTable.write(allocator, dir.resolve("n.lance"), 10, 3);
        try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
            assertEquals(List.of(4L, 4L, 2L), ds.getFragments().stream().map(f -> (long) f.countRows()).toList());
            assertEquals(1, ds.version());
        }
        assertEquals(List.of(4L, 4L, 2L), NumbersTable.fragmentRowCounts(10, 3));
    }

    @Test
    void everyValueReadsBackAsTheFormulaSays(BufferAllocator allocator, @TempDir Path dir) {
        Path path = NumbersTable.write(allocator, dir.resolve("n.lance"), 5_000, 4);
        List<Map<String, Object>> rows = DatasetContents.read(allocator, path).rowsSortedBy("id");
        assertEquals(5_000, rows.size());
        for (Map<String, Object> row : rows) {
            long id = (Long) row.get("id");
            for (String column : NumbersTable.COLUMNS) {
                assertEquals(NumbersTable.value(column, id), row.get(column), column + " at id " + id);
            }
        }
    }

    @Test
    void nullPatternsGiveExactCounts(BufferAllocator allocator, @TempDir Path dir) {
        Path path = NumbersTable.write(allocator, dir.resolve("n.lance"), 1_000, 2);
        try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
            assertEquals(100, ds.countRows("i32 IS NULL"));
            assertEquals(77, ds.countRows("f64 IS NULL"));
            assertEquals(59, ds.countRows("category IS NULL"));
            assertEquals(91, ds.countRows("flag IS NULL"));
            assertEquals(53, ds.countRows("d IS NULL"));
            assertEquals(43, ds.countRows("ts IS NULL"));
            assertEquals(35, ds.countRows("amount IS NULL"));
        }
    }

    @Test
    void sampleRowsHaveTheDocumentedValues() {
        assertEquals(-42_081, NumbersTable.value("i32", 1));
        assertEquals(-999.75, NumbersTable.value("f64", 1));
        assertEquals("beta", NumbersTable.value("category", 1));
        assertEquals(LocalDate.of(2020, 1, 2), NumbersTable.value("d", 1));
        assertEquals(LocalDateTime.of(2021, 1, 1, 0, 0, 1, 1_000), NumbersTable.value("ts", 1));
        assertEquals(new BigDecimal("-4998.99"), NumbersTable.value("amount", 1));
        assertEquals(null, NumbersTable.value("i32", 3));
    }

    @Test
    void refusesMoreFragmentsThanRows(BufferAllocator allocator, @TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> NumbersTable.write(allocator, dir.resolve("n"), 2, 3));
    }
}

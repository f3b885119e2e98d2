package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.ReadOptions;

@ExtendWith(ArrowAllocatorExtension.class)
class VersionedTableTest {
    @TempDir
    static Path tmp;
    static VersionedTable.VersionHistory history;

    @BeforeAll
    static void write(BufferAllocator allocator) {
        history = VersionedTable.write(allocator, tmp.resolve("versions.lance"));
    }

    @Test
    void historyHasSevenVersionsWithTheDocumentedRowCounts() {
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L),
                history.versions().stream().map(VersionedTable.VersionState::version).toList());
        assertEquals(List.of(100, 150, 135, 185, 167, 122, 122),
                history.versions().stream().map(s -> s.liveIds().size()).toList());
    }

    @Test
    void everyVersionReadsBackExactlyItsLiveIdsAndColumns(BufferAllocator allocator) {
        for (VersionedTable.VersionState state : history.versions()) {
            DatasetContents c = DatasetContents.read(allocator, history.path(), state.version(), null);
            assertEquals(state.liveIds(), c.sortedIds("id"), "version " + state.version());
            assertEquals(state.columns(), c.schema().getFields().stream().map(Field::getName).toList(),
                    "version " + state.version());
            for (Map<String, Object> row : c.rows()) {
                for (String column : state.columns()) {
                    assertEquals(VersionedTable.value(column, (Long) row.get("id")), row.get(column), column);
                }
            }
        }
    }

    @Test
    void fragmentCountsFollowTheHistoryAndTheEmptiedFragmentIsDropped(BufferAllocator allocator) {
        for (VersionedTable.VersionState state : history.versions()) {
            ReadOptions options = new ReadOptions.Builder().setVersion(state.version()).build();
            try (Dataset ds = Dataset.open().allocator(allocator).uri(history.path().toString())
                    .readOptions(options).build()) {
                assertEquals(state.fragmentCount(), ds.getFragments().size(), "version " + state.version());
            }
        }
    }

    @Test
    void latestVersionKeepsIdsOutsideTheDeletedRanges() {
        List<Long> expected = LongStream.range(0, 200)
                .filter(id -> !(id < 150 && id % 10 == 0) && !(id >= 40 && id < 60) && !(id >= 100 && id < 150))
                .boxed().toList();
        assertEquals(expected, history.latest().liveIds());
        assertEquals(expected.stream().mapToLong(Long::longValue).sum(), history.latest().idSum());
    }
}

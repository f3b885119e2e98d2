package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.testing.AllTypesTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * float16 keys and large lists through the operators that buffer or hash them (found by the differential suite:
 * a hash join on a float16 column with NULLs failed with "Value at index is null", every operator that read or
 * concatenated a large_list failed with a ClassCastException). Expected values come from {@link AllTypesTable}.
 */
class HalfFloatAndLargeListOperatorsTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        try (RootAllocator allocator = new RootAllocator()) {
            AllTypesTable.write(allocator, dir.resolve("all_types.lance"));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    @Test
    void hashJoinOnAHalfFloatColumnWithNullsMatchesEqualValues() {
        long expected = 0;
        for (long a = 0; a < AllTypesTable.ROWS; a++) {
            for (long b = 0; b < AllTypesTable.ROWS; b++) {
                Float x = (Float) AllTypesTable.value("c_f16", a);
                Float y = (Float) AllTypesTable.value("c_f16", b);
                // SQL equality: -0.0 = 0.0; the engine's joins match NaN with NaN.
                if (x != null && y != null && (x.floatValue() == y.floatValue() || x.isNaN() && y.isNaN())) {
                    expected++;
                }
            }
        }
        List<List<Object>> rows = SessionRows.rows(session,
                "SELECT count(*) FROM all_types a JOIN all_types b ON a.c_f16 = b.c_f16");
        assertEquals(List.of(List.of(expected)), rows);
    }

    @Test
    void largeListsAreCarriedThroughAHashJoin() {
        List<List<Object>> expected = new ArrayList<>();
        for (long id = 0; id < AllTypesTable.ROWS; id++) {
            expected.add(java.util.Arrays.asList(id, AllTypesTable.value("c_large_list", id)));
        }
        assertEquals(expected, SessionRows.rows(session, "SELECT a.id, b.c_large_list FROM all_types a JOIN"
                + " all_types b ON a.id = b.id ORDER BY a.id"));
    }

    @Test
    void distinctLargeListsAreTheDistinctValues() {
        Set<Object> expected = new LinkedHashSet<>();
        for (long id = 0; id < AllTypesTable.ROWS; id++) {
            expected.add(AllTypesTable.value("c_large_list", id));
        }
        Set<Object> got = new LinkedHashSet<>();
        for (List<Object> row : SessionRows.rows(session, "SELECT DISTINCT c_large_list FROM all_types")) {
            got.add(row.get(0));
        }
        assertEquals(expected, got);
    }
}

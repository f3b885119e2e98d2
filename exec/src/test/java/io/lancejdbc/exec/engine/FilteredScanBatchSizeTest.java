package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan with a pushed filter asks lance-core for batches of 4 x 8,192 rows (ScanOperator.lanceBatchRows); one
 * without a filter keeps 8,192. Table {@code t}: {@value #ROWS} rows of {@code id BIGINT NOT NULL} (0, 1, ...) in
 * one fragment, read with {@code scan.parallelism = 1}; the batches are the LANCE_SCAN figures of EXPLAIN ANALYZE.
 */
class FilteredScanBatchSizeTest {
    private static final int ROWS = 40_000;
    private static final Pattern SCAN_FIGURES = Pattern.compile("actual: rows=(\\d+) batches=(\\d+) bytes=.*");

    @TempDir
    static Path dir;

    @BeforeAll
    static void write() {
        try (BufferAllocator allocator = new RootAllocator()) {
            GeneratedDatasetWriter.to(dir.resolve("wh").resolve("t.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false)))).rows(0, ROWS).maxRowsPerFile(ROWS).write(allocator,
                    (batch, first, count) -> {
                        ValueAccess.Setter id = ValueAccess.setter(batch.getVector(0));
                        for (int i = 0; i < count; i++) {
                            id.set(i, first + i);
                        }
                    });
        }
    }

    private static EngineSession open(EmbeddedQueryEngine engine) {
        return engine.openSession(EngineConfig.of(Map.of("warehouse", dir.resolve("wh").toString(),
                "scan.parallelism", "1")));
    }

    /** {rows, batches} the LANCE_SCAN of {@code sql} returned. */
    private static long[] scanFigures(EngineSession s, String sql) {
        List<String> lines = SessionRows.column(s, "EXPLAIN ANALYZE " + sql);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().startsWith("LANCE_SCAN")) {
                for (int j = i + 1; j < lines.size(); j++) {
                    Matcher m = SCAN_FIGURES.matcher(lines.get(j).trim());
                    if (m.matches()) {
                        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
                    }
                }
            }
        }
        throw new AssertionError("no LANCE_SCAN figures in " + lines);
    }

    @Test
    void aFilteredScanReadsFourTimesTheBatchSizePerLanceBatch() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine(); EngineSession s = open(engine)) {
            // A pushed range: rows 0..32,767 are the first lance-core batch, 32,768..35,999 the second.
            long[] f = scanFigures(s, "SELECT id FROM t WHERE id < 36000");
            assertEquals(36_000, f[0]);
            assertEquals(2, f[1]);
            // The answer itself: ids 0..35,999, each once.
            assertEquals(List.of(List.of(36_000L, 35_999L * 36_000L / 2)),
                    SessionRows.rows(s, "SELECT count(id), sum(id) FROM t WHERE id < 36000"));
        }
    }

    @Test
    void aScanWithoutAFilterKeepsTheBatchSize() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine(); EngineSession s = open(engine)) {
            long[] f = scanFigures(s, "SELECT id FROM t");
            assertEquals(ROWS, f[0]);
            // ceil(40,000 / 8,192) batches.
            assertEquals(5, f[1]);
        }
    }
}

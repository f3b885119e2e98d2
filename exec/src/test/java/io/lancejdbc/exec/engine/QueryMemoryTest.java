package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Arrow memory a query holds: EXPLAIN ANALYZE's {@code queryPeakMemory=} line against the memory the plan must
 * hold, and a result read slowly holding a bounded number of batches (back-pressure).
 *
 * <p>Table {@code t}: {@value #ROWS} rows of {@code id BIGINT NOT NULL} (0, 1, ...) in 4 fragments of 100,000 rows;
 * the engine reads it in batches of 8,192 rows, each 65,536 bytes of values.
 */
class QueryMemoryTest {
    private static final int ROWS = 400_000;
    private static final int BATCH_ROWS = 8192;
    /** One batch of the scan as lance-core exports it: 8 bytes per value and a validity bitmap. */
    private static final long BATCH_BYTES = BATCH_ROWS * 8L + BATCH_ROWS / 8;
    /**
     * One batch the engine builds (a sorted output batch): Arrow allocates a fixed-width vector's bitmap and values as
     * one buffer rounded up to a power of two, 66,560 bytes to 131,072.
     */
    private static final long BUILT_BATCH_BYTES = Long.highestOneBit(BATCH_BYTES) * 2;
    /** Small buffers beside the batches (empty vectors, a sort key's reference). */
    private static final long SLACK_BYTES = 4096;
    /**
     * Batches one running split may hold in the query allocator: SplitStage gives each running split one place, which
     * its worker reserves before it reads a batch and the consumer frees when it takes the batch.
     */
    private static final int BATCHES_PER_RUNNING_SPLIT = 1;
    private static final int PARALLELISM = 2;
    private static final Pattern PEAK = Pattern.compile("queryPeakMemory=(\\d+) bytes \\(([0-9.]+) MiB\\)"
            + " query\\.max_memory=(.*)");
    private static final Pattern SCAN_BYTES = Pattern.compile("actual: rows=(\\d+) batches=(\\d+) bytes=(\\d+) .*");

    @TempDir
    static Path dir;

    @BeforeAll
    static void write() {
        try (BufferAllocator allocator = new RootAllocator()) {
            GeneratedDatasetWriter.to(dir.resolve("wh").resolve("t.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false)))).rows(0, ROWS).maxRowsPerFile(100_000).write(allocator,
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
                "scan.parallelism", Integer.toString(PARALLELISM))));
    }

    /** The EXPLAIN ANALYZE lines of {@code sql}. */
    private static List<String> analyze(EngineSession s, String sql) {
        return SessionRows.column(s, "EXPLAIN ANALYZE " + sql);
    }

    private static Matcher peakLine(List<String> lines) {
        String last = lines.get(lines.size() - 1);
        Matcher m = PEAK.matcher(last);
        assertTrue(m.matches(), last);
        return m;
    }

    /** The {@code bytes=} of the LANCE_SCAN operator: the Arrow bytes of every batch it returned. */
    private static long scanBytes(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().startsWith("LANCE_SCAN")) {
                for (int j = i + 1; j < lines.size(); j++) {
                    Matcher m = SCAN_BYTES.matcher(lines.get(j).trim());
                    if (m.matches()) {
                        assertEquals(ROWS, Long.parseLong(m.group(1)), lines.toString());
                        return Long.parseLong(m.group(3));
                    }
                }
            }
        }
        throw new AssertionError("no LANCE_SCAN figures in " + lines);
    }

    @Test
    void sortPeakHoldsEveryRowItSortedAndIsWhatTheAllocatorSaw() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            try (EngineSession s = open(engine)) {
                List<String> lines = analyze(s, "SELECT id FROM t ORDER BY id DESC");
                long peak = Long.parseLong(peakLine(lines).group(1));
                long scanned = scanBytes(lines);
                // What lance-core returned: 8 bytes per value and a bit per row.
                assertEquals(ROWS * 8L + ROWS / 8, scanned, lines.toString());
                // The sort holds every scanned batch before it returns its first row ...
                assertTrue(peak >= scanned, "peak " + peak + " < the " + scanned + " bytes the sort held");
                // ... plus the sort's heap arrays, which count against the query's allocator (FullSorter: 24 bytes
                // per row while it sorts, and the 8-byte reference per row SortOperator keeps while it returns
                // rows), and then gathers one sorted batch at a time.
                long sortArrays = (24L + 8L) * ROWS;
                assertTrue(peak >= scanned + 8L * ROWS, "peak " + peak + " without the sort's row references");
                assertTrue(peak <= scanned + sortArrays + BUILT_BATCH_BYTES + SLACK_BYTES, "peak " + peak
                        + " beyond the sorted rows (" + scanned + " bytes), the sort's arrays (" + sortArrays
                        + " bytes) and one output batch: " + lines);
                // Nothing else of this engine held Arrow memory while the statement ran.
                assertTrue(peak <= engine.rootAllocator().getPeakMemoryAllocation());
            }
            assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        }
    }

    @Test
    void streamingScanPeakStaysWithinTheBufferedBatches() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine(); EngineSession s = open(engine)) {
            List<String> lines = analyze(s, "SELECT id FROM t");
            long peak = Long.parseLong(peakLine(lines).group(1));
            assertTrue(peak >= BATCH_BYTES, lines.toString());
            // The running splits' batches and the one EXPLAIN ANALYZE is dropping (still in the query allocator).
            assertTrue(peak <= (PARALLELISM * BATCHES_PER_RUNNING_SPLIT + 1) * BATCH_BYTES + SLACK_BYTES,
                    "a scan whose rows are dropped at once held " + peak + " bytes: " + lines);
        }
    }

    @Test
    void peakLineStatesTheMemoryLimitAndTheShareUsed() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine(); EngineSession s = open(engine)) {
            Matcher unlimited = peakLine(analyze(s, "SELECT id FROM t ORDER BY id"));
            assertEquals("unlimited", unlimited.group(3));
            s.execute("SET query.max_memory = '64m'", List.of(), QueryOptions.defaults()).close();
            Matcher limited = peakLine(analyze(s, "SELECT id FROM t ORDER BY id"));
            long peak = Long.parseLong(limited.group(1));
            assertEquals(String.format(java.util.Locale.ROOT, "%.1f", peak / 1048576.0), limited.group(2));
            assertEquals("67108864 bytes (" + String.format(java.util.Locale.ROOT, "%.1f", 100.0 * peak / 67108864)
                    + "% used)", limited.group(3));
        }
    }

    /**
     * A consumer that takes one batch and stops reading: the split workers fill their hand-off queues and block, and
     * the query allocator then holds at most {@link #BATCHES_PER_RUNNING_SPLIT} batches per running split, not the
     * 3.2 MB of the table.
     */
    @Test
    void resultReadSlowlyHoldsABoundedNumberOfBatches() throws Exception {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine(); EngineSession s = open(engine);
                QueryResult r = s.execute("SELECT id FROM t", List.of(), QueryOptions.defaults())) {
            long rows;
            try (VectorSchemaRoot first = r.nextBatch()) {
                assertNotNull(first);
                rows = first.getRowCount();
                BufferAllocator query = queryAllocator(engine.rootAllocator());
                awaitBlockedProducers(PARALLELISM);
                // Each blocked worker holds the batch in its one place and waits for the place to be freed; the
                // batch handed out belongs to the session's allocator, not the query's.
                long held = query.getAllocatedMemory();
                assertEquals(PARALLELISM * BATCHES_PER_RUNNING_SPLIT * BATCH_BYTES, held,
                        "a result read slowly holds " + held + " bytes");
                // Blocked producers allocate nothing more.
                awaitBlockedProducers(PARALLELISM);
                assertEquals(held, query.getAllocatedMemory());
            }
            // Reading on resumes the producers and gives every row.
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                rows += b.getRowCount();
                b.close();
            }
            assertEquals(ROWS, rows);
        }
    }

    /** The allocator of the one open query ({@code StatementRunner} names it "query"). */
    private static BufferAllocator queryAllocator(BufferAllocator root) {
        List<BufferAllocator> found = new ArrayList<>();
        collect(root, found);
        assertEquals(1, found.size(), root.toVerboseString());
        return found.get(0);
    }

    private static void collect(BufferAllocator a, List<BufferAllocator> out) {
        if (a.getName().equals("query")) {
            out.add(a);
        }
        for (BufferAllocator c : a.getChildAllocators()) {
            collect(c, out);
        }
    }

    /**
     * Waits until {@code n} of the engine's worker threads wait in the hand-off for a place (the producers are
     * blocked by the consumer); fails after a minute.
     */
    private static void awaitBlockedProducers(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        int blocked = 0;
        while (System.nanoTime() < deadline) {
            blocked = 0;
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                if (e.getKey().getName().startsWith("lance-jdbc-worker-") && inHandOff(e.getValue())) {
                    blocked++;
                }
            }
            if (blocked == n) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("expected " + n + " split workers blocked in the hand-off, found " + blocked);
    }

    private static boolean inHandOff(StackTraceElement[] stack) {
        for (StackTraceElement f : stack) {
            if (f.getClassName().equals("io.lancejdbc.exec.operator.HandOff")
                    && (f.getMethodName().equals("offer") || f.getMethodName().equals("reserve"))) {
                return true;
            }
        }
        return false;
    }
}

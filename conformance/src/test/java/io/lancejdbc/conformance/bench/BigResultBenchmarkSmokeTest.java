package io.lancejdbc.conformance.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The big-result benchmark runs end to end on a small table (4 fragments) and both sides read every row the table
 * holds (the benchmark itself throws when a side's checksum differs from the table's formulas). Times are not
 * asserted; the measured figures are in {@code docs/benchmarks.md}, "Scale figures".
 */
class BigResultBenchmarkSmokeTest {
    private static final long ROWS = 50_001;

    @Test
    void bothSidesReadEveryRowTheTableHolds(@TempDir Path dir) throws Exception {
        BigResultBenchmark.Figures f = BigResultBenchmark.run(dir, ROWS, 1, 0);
        // x is NULL in rows 3, 20, 37, ...; s = 'v' || r for r < 100,000: 2 characters for r < 10, 3 below 100, ...
        long nulls = (ROWS - 3 + 16) / 17;
        double xSum = 0.25 * (ROWS * (ROWS - 1) / 2 - (3 * nulls + 17 * nulls * (nulls - 1) / 2));
        long chars = 2 * 10 + 3 * 90 + 4 * 900 + 5 * 9000 + 6 * (ROWS - 10_000);
        String expected = "rows=" + ROWS + " id=" + ROWS * (ROWS - 1) / 2 + " x=" + xSum + " chars=" + chars
                + " nulls=" + nulls;
        assertEquals(expected, f.ours().checksum());
        assertEquals(expected, f.raw().checksum());
        assertEquals(8 * ROWS + 8 * (ROWS - nulls) + chars, f.valueBytes());
    }
}

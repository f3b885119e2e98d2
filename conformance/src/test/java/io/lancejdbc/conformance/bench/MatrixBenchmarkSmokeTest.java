package io.lancejdbc.conformance.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark matrix runs end to end on a small table and both sides read the same values in every cell (the
 * benchmark throws on a checksum mismatch). Times are not asserted: this only keeps the matrix runnable inside
 * {@code mvn verify}; the measured matrix is {@code docs/benchmarks.md}.
 */
class MatrixBenchmarkSmokeTest {

    @Test
    void everyCellRunsAndBothSidesReadTheSameValues(@TempDir Path dir) throws Exception {
        MatrixBenchmark.main(new String[] {dir.toString(), "--rows", "20000", "--reps", "1", "--warmup", "0",
                "--fresh", "0"});
        List<String> lines = Files.readAllLines(dir.resolve("matrix-results.jsonl"));
        assertEquals(MatrixCell.all(20_000).size(), lines.size());
        for (String line : lines) {
            assertTrue(line.contains("\"checksum\":\"rows="), line);
        }
        String filtered = lines.stream().filter(l -> l.contains("\"cell\":\"f.unsorted.2%.1col\"")).findFirst()
                .orElseThrow();
        assertTrue(filtered.contains("\"checksum\":\"rows=400 "), filtered);
    }

    @Test
    void peakMemoryIsTheArrowPeakOfOurStatement(@TempDir Path dir) throws Exception {
        MatrixBenchmark.main(new String[] {dir.toString(), "--rows", "20000", "--reps", "1", "--warmup", "0",
                "--fresh", "0", "--cells", "s.full,scan.4col", "--peak-memory"});
        List<String> lines = Files.readAllLines(dir.resolve("matrix-results.jsonl"));
        assertEquals(2, lines.size());
        // The full sort holds all 20,000 rows of its two 8-byte columns at once; the scan streams.
        long sort = peak(lines, "s.full");
        long scan = peak(lines, "scan.4col");
        assertTrue(sort >= 20_000L * 2 * 8, lines.toString());
        assertTrue(scan > 0, lines.toString());
    }

    private static long peak(List<String> lines, String cell) {
        String line = lines.stream().filter(l -> l.contains("\"cell\":\"" + cell + "\"")).findFirst().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(".*\"peak_arrow_bytes\":(\\d+)}").matcher(line);
        assertTrue(m.matches(), line);
        return Long.parseLong(m.group(1));
    }

    @Test
    void theThirdRunInAFreshJvmReadsTheSameValues(@TempDir Path dir) throws Exception {
        MatrixBenchmark.main(new String[] {dir.toString(), "--rows", "20000", "--reps", "1", "--warmup", "0",
                "--fresh", "1", "--cells", "a.str.1k.where"});
        List<String> lines = Files.readAllLines(dir.resolve("matrix-results.jsonl"));
        assertEquals(1, lines.size());
        for (String line : lines) {
            assertTrue(line.matches(".*\"fresh_ratio\":[0-9.]+,.*"), line);
        }
    }
}

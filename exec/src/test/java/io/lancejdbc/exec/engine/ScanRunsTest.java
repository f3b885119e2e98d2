package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan reads its fragment splits with one Lance scanner per worker (runs of consecutive splits, see
 * {@code ScanOperator.open}): whatever {@code scan.parallelism} cuts the 4 fragments of {@code numbers} (10,000 rows
 * in id order, 2,500 per fragment) into, the rows come in fragment order, filters and pushed limits (applied per
 * run) give the rows of a serial read.
 */
class ScanRunsTest {
    @TempDir
    static Path dir;
    static Path warehouse;
    static EmbeddedQueryEngine engine;

    @BeforeAll
    static void open() {
        warehouse = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        engine = new EmbeddedQueryEngine();
    }

    @AfterAll
    static void close() {
        engine.close();
    }

    private static List<Object> ids(long from, long to, long step) {
        List<Object> out = new ArrayList<>();
        LongStream.iterate(from, i -> i < to, i -> i + step).forEach(out::add);
        return out;
    }

    private static List<Object> firstColumn(EngineSession s, String sql) {
        return SessionRows.rows(s, sql).stream().map(r -> r.get(0)).toList();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void everyCutGivesTheRowsInFragmentOrder(int parallelism) {
        try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString(),
                "scan.parallelism", Integer.toString(parallelism))))) {
            assertEquals(ids(0, 10_000, 1), firstColumn(s, "SELECT id FROM numbers"));
            assertEquals(ids(3, 10_000, 7), firstColumn(s, "SELECT id FROM numbers WHERE id % 7 = 3"));
            // A pushed filter whose rows are in two of the four fragments (2,400..2,599).
            assertEquals(ids(2_400, 2_600, 1), firstColumn(s,
                    "SELECT id FROM numbers WHERE id >= 2400 AND id < 2600"));
            // A pushed limit with an offset crossing the first fragment boundary.
            assertEquals(ids(2_498, 2_503, 1), firstColumn(s, "SELECT id FROM numbers WHERE id >= 0 LIMIT 5"
                    + " OFFSET 2498"));
            assertEquals(ids(5_000, 5_003, 1), firstColumn(s, "SELECT id FROM numbers WHERE id >= 5000 LIMIT 3"));
        }
    }
}

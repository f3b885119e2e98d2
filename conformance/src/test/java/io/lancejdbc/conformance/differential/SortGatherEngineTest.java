package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineUnderTest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sort's and the Top-K's gathered output over whichever engine {@code -Dengine.mode} names (embedded, remote
 * over Arrow Flight, isolated): the table of {@link SortGatherOracleTest} (every fixed-width type as a non-key
 * column, fragments of 1 to 40,000 rows), each answer checked against DuckDB's order of the ids and the engine's own
 * unsorted scan, and no Arrow memory held by the engine after each test.
 */
class SortGatherEngineTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path dir;
    static Connection duck;

    @BeforeAll
    static void open() throws Exception {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        Path ds = dir.resolve("t_fw.lance");
        try (BufferAllocator allocator = new RootAllocator()) {
            SortGatherOracleTest.write(allocator, ds);
            DuckDbLoader.load(duck, allocator, ds, "t_fw");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        duck.close();
    }

    @ParameterizedTest(name = "ORDER BY {0}")
    @ValueSource(strings = {
        "u64 DESC NULLS FIRST, id|",
        "fragnull ASC NULLS FIRST, id| LIMIT 41000",
        "ts_ns DESC NULLS LAST, id| LIMIT 500 OFFSET 17",
        "k ASC NULLS FIRST, id| LIMIT 1200000 OFFSET 3",
    })
    void sortedRowsEqualTheOracles(String keysAndTail) throws SQLException {
        String[] kt = keysAndTail.split("\\|", -1);
        String source = "SELECT " + SortGatherOracleTest.COLS + " FROM t_fw";
        try (Connection lance = ENGINE.connect("jdbc:lance:" + dir.toAbsolutePath())) {
            List<String> expected = SortGatherOracleTest.expected(lance, duck, source, kt[0], kt[1], 0,
                    Long.MAX_VALUE);
            assertEquals(expected, SortGatherOracleTest.rendered(lance, source + " ORDER BY " + kt[0] + kt[1]));
        }
    }

    @Test
    void offsetWithoutLimitAndMaxRowsOverALimit() throws SQLException {
        String source = "SELECT " + SortGatherOracleTest.COLS + " FROM t_fw";
        try (Connection lance = ENGINE.connect("jdbc:lance:" + dir.toAbsolutePath())) {
            List<String> all = SortGatherOracleTest.expected(lance, duck, source, "f32 ASC NULLS LAST, id", "", 0,
                    Long.MAX_VALUE);
            assertEquals(all.subList(57_000, all.size()),
                    SortGatherOracleTest.rendered(lance, source + " ORDER BY f32 ASC NULLS LAST, id OFFSET 57000"));
            assertEquals(List.of(), SortGatherOracleTest.rendered(lance,
                    source + " ORDER BY f32 ASC NULLS LAST, id LIMIT 0"));
            assertEquals(List.of(), SortGatherOracleTest.rendered(lance,
                    source + " ORDER BY f32 ASC NULLS LAST, id LIMIT 0 OFFSET 5"));
            List<String> ours = new ArrayList<>();
            try (Statement st = lance.createStatement()) {
                st.setMaxRows(100);
                try (ResultSet rs = st.executeQuery(source + " ORDER BY f32 ASC NULLS LAST, id LIMIT 1000 OFFSET 10")) {
                    while (rs.next()) {
                        ours.add(SortGatherOracleTest.render(rs));
                    }
                }
            }
            assertEquals(all.subList(10, 110), ours);
        }
    }
}

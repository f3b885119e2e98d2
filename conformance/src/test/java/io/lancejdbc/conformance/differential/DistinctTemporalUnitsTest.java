package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DISTINCT aggregates over temporal columns stored finer than the engine's values: timestamp[ns] and time[ns] are
 * read as microseconds (docs/sql-reference.md, type mapping: "nanoseconds truncated to microseconds") and date64 as
 * whole days, so values that differ only below that unit are one value, for COUNT(DISTINCT x) as for GROUP BY x and
 * SELECT DISTINCT x. Rows: 40 values, 4 readings per engine value (differing in nanoseconds or milliseconds).
 */
class DistinctTemporalUnitsTest {
    private static final int ROWS = 40;

    @TempDir
    static Path dir;
    static Connection lance;

    @BeforeAll
    static void open() throws Exception {
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                Field.nullable("tm_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                Field.nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND))));
        try (BufferAllocator allocator = new RootAllocator()) {
            GeneratedDatasetWriter.to(dir.resolve("units.lance"), schema).rows(0, ROWS).batchSize(64)
                    .maxRowsPerFile(ROWS).storageVersion(DiffTables.STORAGE_VERSION)
                    .write(allocator, (root, first, count) -> {
                        for (int i = 0; i < count; i++) {
                            long id = first + i;
                            long unit = id / 4;
                            long below = id % 4;
                            ((BigIntVector) root.getVector("id")).setSafe(i, id);
                            ((TimeStampNanoVector) root.getVector("ts_ns")).setSafe(i,
                                    (unit - 5) * 86_400_000_000_000L + 1_000 * unit + below * 200);
                            ((TimeNanoVector) root.getVector("tm_ns")).setSafe(i, unit * 3_600_000_000L + below);
                            ((DateMilliVector) root.getVector("d64")).setSafe(i,
                                    (unit - 5) * 86_400_000L + below * 3_600_000L);
                        }
                    });
        }
        lance = DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath());
    }

    @AfterAll
    static void close() throws Exception {
        if (lance != null) {
            lance.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ts_ns", "tm_ns", "d64"})
    void countDistinctCountsEngineValues(String column) throws Exception {
        assertEquals(ROWS / 4, count("SELECT COUNT(DISTINCT " + column + ") FROM units"));
        assertEquals(ROWS / 4, count("SELECT COUNT(*) FROM (SELECT " + column + " FROM units GROUP BY " + column
                + ") t"));
        assertEquals(ROWS / 4, count("SELECT COUNT(*) FROM (SELECT DISTINCT " + column + " FROM units) t"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ts_ns", "tm_ns", "d64"})
    void countDistinctPerGroupCountsEngineValues(String column) throws Exception {
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("SELECT id % 2, COUNT(DISTINCT " + column + ") FROM units GROUP BY id % 2"
                        + " ORDER BY 1")) {
            int groups = 0;
            while (rs.next()) {
                assertEquals(ROWS / 4, rs.getLong(2), column + " group " + rs.getLong(1));
                groups++;
            }
            assertEquals(2, groups);
        }
    }

    private static long count(String sql) throws Exception {
        try (Statement st = lance.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getLong(1);
        }
    }
}

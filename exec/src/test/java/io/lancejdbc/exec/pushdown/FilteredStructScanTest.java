package io.lancejdbc.exec.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NULL structs under a pushed filter. lance-core 7.0.0 returns a non-NULL struct of NULL fields for every NULL
 * struct of an output batch of a filtered scan in which all values of that struct are NULL (storage formats 2.1 and
 * 2.2); the engine re-reads such batches by row id. Storage format 2.0 does not store struct validity at all.
 *
 * <p>Table {@code t<format>}, {@value #ROWS} rows: {@code id}, {@code v = id % 7}, {@code st struct<a: int32, b:
 * utf8>} NULL where {@link #nullRow}, else {@code {a: id, b: "b<id>"}}; {@code nest struct<k: int32, sub:
 * struct<a: int32, b: utf8>>} always present with {@code sub} NULL where {@link #nullRow}; {@code ls
 * list<struct<a: int32, b: utf8>>} of two NULL elements where {@link #nullRow}, else one element.
 */
class FilteredStructScanTest {
    static final int ROWS = 20_000;

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    /** The first 9,000 rows (more than one batch) and then every third row. */
    static boolean nullRow(long id) {
        return id < 9_000 || id % 3 == 1;
    }

    @BeforeAll
    static void write() {
        Field ab = new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                Field.nullable("a", new ArrowType.Int(32, true)), Field.nullable("b", ArrowType.Utf8.INSTANCE)));
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("v", new ArrowType.Int(32, true)),
                new Field("st", ab.getFieldType(), ab.getChildren()),
                new Field("nest", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("k", new ArrowType.Int(32, true)),
                        new Field("sub", ab.getFieldType(), ab.getChildren()))),
                new Field("ls", FieldType.nullable(ArrowType.List.INSTANCE), List.of(ab))));
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String format : List.of("2.0", "2.1", "2.2")) {
                GeneratedDatasetWriter.to(dir.resolve("wh").resolve(table(format) + ".lance"), schema)
                        .storageVersion(format).rows(0, ROWS).write(allocator, (root, first, count) -> {
                            for (int i = 0; i < count; i++) {
                                long id = first + i;
                                for (FieldVector v : root.getFieldVectors()) {
                                    ArrowLogicalValues.write(v, i, value(v.getName(), id));
                                }
                            }
                        });
            }
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.resolve("wh").toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow memory leaked");
    }

    private static String table(String format) {
        return "t" + format.replace(".", "");
    }

    static Object value(String column, long id) {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", (int) id);
        ab.put("b", "b" + id);
        return switch (column) {
            case "id" -> id;
            case "v" -> (int) (id % 7);
            case "st" -> nullRow(id) ? null : ab;
            case "nest" -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("k", (int) id);
                m.put("sub", nullRow(id) ? null : ab);
                yield m;
            }
            case "ls" -> nullRow(id) ? Arrays.asList(null, null) : List.of(ab);
            default -> throw new IllegalArgumentException(column);
        };
    }

    private static List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector v : batch.getFieldVectors()) {
                            row.add(ArrowLogicalValues.read(v, i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.1", "2.2"})
    void aNullStructSelectedAloneStaysNull(String format) {
        List<List<Object>> rows = rows("SELECT st, nest, ls FROM " + table(format) + " WHERE id = 9001");
        assertEquals(List.of(Arrays.asList(null, value("nest", 9001), value("ls", 9001))), rows);
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.1", "2.2"})
    void batchesOfOnlyNullStructsUnderAPushedFilterStayNull(String format) {
        // v >= 0 is pushed and selects every row: the first batches hold only NULL structs.
        long nulls = 0;
        for (long id = 0; id < ROWS; id++) {
            nulls += nullRow(id) ? 1 : 0;
        }
        assertEquals(List.of(List.of(nulls)), rows("SELECT count(*) FROM " + table(format)
                + " WHERE v >= 0 AND st IS NULL"));
        assertEquals(List.of(List.of(nulls)), rows("SELECT count(*) FROM " + table(format)
                + " WHERE v >= 0 AND nest.sub IS NULL"));
        List<List<Object>> sample = rows("SELECT id, st, nest, ls FROM " + table(format)
                + " WHERE v IN (1, 2) AND id < 9100");
        for (List<Object> r : sample) {
            long id = (Long) r.get(0);
            assertEquals(Arrays.asList(id, value("st", id), value("nest", id), value("ls", id)), r);
        }
        assertEquals(2 * 9100 / 7, sample.size());
    }

    @Test
    void storageFormat20DoesNotStoreNullStructs() {
        // Lance file format versioning: nulls in struct fields came with 2.1. The answer is the same pushed or not.
        Map<String, Object> nulls = new LinkedHashMap<>();
        nulls.put("a", null);
        nulls.put("b", null);
        assertEquals(List.of(List.of(nulls)), rows("SELECT st FROM t20 WHERE id = 9001"));
        assertEquals(List.of(List.of(nulls)), rows("SELECT st FROM t20 WHERE id + 0 = 9001"));
        assertNull(rows("SELECT st FROM t21 WHERE id + 0 = 9001").get(0).get(0));
    }
}

package io.lancejdbc.exec.sqlops;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A small warehouse of hand-written Lance tables for the join, set operation, window and subquery tests, and the
 * engine session over it. Every value is listed here, so tests can state exact results.
 *
 * <pre>
 * l (id BIGINT NOT NULL, k BIGINT, s TEXT, v DOUBLE)      r (id BIGINT NOT NULL, k BIGINT, s TEXT, w BIGINT)
 *   1, 1,    'a',  10.0                                     10, 1,    'a',  100
 *   2, 2,    'b',  20.0                                     20, 2,    'b',  200
 *   3, 2,    'b',  30.0                                     30, 2,    'bb', 300
 *   4, NULL, NULL, 40.0                                     40, NULL, NULL, 400
 *   5, 9,    'z',  NULL                                     50, 7,    'q',  500
 *
 * emp (id BIGINT NOT NULL, dept TEXT, salary BIGINT, h BIGINT)
 *   1, 'eng',   100, 1      5, 'ops',   70, 2
 *   2, 'eng',   120, 2      6, 'ops',   70, 3
 *   3, 'eng',   120, 3      7, 'sales', NULL, 1
 *   4, 'eng',    90, 4      8, NULL,     50, 5
 *
 * big (id BIGINT NOT NULL, k BIGINT, s TEXT): 20,000 rows in 4 fragments; id = 0..19999, k = id % 1000,
 *   s = 's' || (id % 100)
 * </pre>
 */
public final class SqlOpsWarehouse implements AutoCloseable {
    /** Rows of table {@code big}. */
    public static final int BIG_ROWS = 20_000;

    private final Path root;
    private final EmbeddedQueryEngine engine;
    private final EngineSession session;

    private SqlOpsWarehouse(Path root) {
        this.root = root;
        this.engine = new EmbeddedQueryEngine();
        this.session = engine.openSession(EngineConfig.of(Map.of("warehouse", root.toString())));
    }

    /** Writes the tables under {@code root} and opens a session on it. */
    public static SqlOpsWarehouse create(Path root) {
        try (BufferAllocator allocator = new RootAllocator()) {
            Schema lr = schema("id", Types.INT64, false, "k", Types.INT64, true, "s", Types.UTF8, true);
            write(allocator, root.resolve("l.lance"), with(lr, Types.field("v", Types.FLOAT64, true)), List.of(
                    row(1L, 1L, "a", 10.0), row(2L, 2L, "b", 20.0), row(3L, 2L, "b", 30.0),
                    row(4L, null, null, 40.0), row(5L, 9L, "z", null)));
            write(allocator, root.resolve("r.lance"), with(lr, Types.field("w", Types.INT64, true)), List.of(
                    row(10L, 1L, "a", 100L), row(20L, 2L, "b", 200L), row(30L, 2L, "bb", 300L),
                    row(40L, null, null, 400L), row(50L, 7L, "q", 500L)));
            write(allocator, root.resolve("emp.lance"), schema("id", Types.INT64, false, "dept", Types.UTF8, true,
                    "salary", Types.INT64, true, "h", Types.INT64, true), List.of(
                    row(1L, "eng", 100L, 1L), row(2L, "eng", 120L, 2L), row(3L, "eng", 120L, 3L),
                    row(4L, "eng", 90L, 4L), row(5L, "ops", 70L, 2L), row(6L, "ops", 70L, 3L),
                    row(7L, "sales", null, 1L), row(8L, null, 50L, 5L)));
            GeneratedDatasetWriter.to(root.resolve("big.lance"), schema("id", Types.INT64, false, "k", Types.INT64,
                    true, "s", Types.UTF8, true)).rows(0, BIG_ROWS).maxRowsPerFile(5000).write(allocator,
                    (batch, first, count) -> {
                        ValueAccess.Setter id = ValueAccess.setter(batch.getVector(0));
                        ValueAccess.Setter k = ValueAccess.setter(batch.getVector(1));
                        ValueAccess.Setter s = ValueAccess.setter(batch.getVector(2));
                        for (int i = 0; i < count; i++) {
                            long v = first + i;
                            id.set(i, v);
                            k.set(i, v % 1000);
                            s.set(i, "s" + v % 100);
                        }
                    });
        }
        return new SqlOpsWarehouse(root);
    }

    /** A new session of the same engine with extra connection properties (the caller closes it). */
    public EngineSession session(Map<String, String> properties) {
        Map<String, String> p = new java.util.HashMap<>(properties);
        p.put("warehouse", root.toString());
        return engine.openSession(EngineConfig.of(p));
    }

    public EngineSession session() {
        return session;
    }

    public EmbeddedQueryEngine engine() {
        return engine;
    }

    /** Every row of the query's result, in result order. */
    public List<List<Object>> rows(String sql) {
        return rows(session, sql);
    }

    /** Every row of the query's result in {@code s}, in result order. */
    public static List<List<Object>> rows(EngineSession s, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = s.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> g = new ArrayList<>();
                    for (FieldVector v : batch.getFieldVectors()) {
                        g.add(ValueAccess.getter(v));
                    }
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (ValueAccess.Getter x : g) {
                            row.add(x.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    /** The result rows sorted by their values (NULL first), for queries without ORDER BY. */
    public List<List<Object>> sortedRows(String sql) {
        List<List<Object>> out = rows(sql);
        out.sort(ROWS);
        return out;
    }

    /** The result's column names. */
    public List<String> columns(String sql) {
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            return r.schema().getFields().stream().map(Field::getName).toList();
        }
    }

    public static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    /** Rows in sorted order (for expected values written in any order). */
    @SafeVarargs
    public static List<List<Object>> sorted(List<Object>... rows) {
        List<List<Object>> out = new ArrayList<>(Arrays.asList(rows));
        out.sort(ROWS);
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final Comparator<List<Object>> ROWS = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x == null || y == null) {
                if (x != y) {
                    return x == null ? -1 : 1;
                }
                continue;
            }
            int c = x.getClass() == y.getClass() && x instanceof Comparable ? ((Comparable) x).compareTo(y)
                    : String.valueOf(x).compareTo(String.valueOf(y));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private static Schema schema(Object... spec) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < spec.length; i += 3) {
            fields.add(Types.field((String) spec[i], (org.apache.arrow.vector.types.pojo.ArrowType) spec[i + 1],
                    (Boolean) spec[i + 2]));
        }
        return new Schema(fields);
    }

    private static Schema with(Schema s, Field extra) {
        List<Field> fields = new ArrayList<>(s.getFields());
        fields.add(extra);
        return new Schema(fields);
    }

    /** Writes {@code rows} (engine values: Long, Double, String, ...) as a new Lance dataset at {@code dir}. */
    public static void write(BufferAllocator allocator, Path dir, Schema schema, List<List<Object>> rows) {
        GeneratedDatasetWriter.to(dir, schema).rows(0, rows.size()).write(allocator, (root, first, count) -> {
            for (int c = 0; c < schema.getFields().size(); c++) {
                ValueAccess.Setter s = ValueAccess.setter(root.getVector(c));
                for (int i = 0; i < count; i++) {
                    s.set(i, rows.get((int) first + i).get(c));
                }
            }
        });
    }

    @Override
    public void close() {
        session.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        if (leaked != 0) {
            throw new AssertionError("Arrow memory leaked: " + leaked + " bytes");
        }
    }
}

package io.lancejdbc.exec.matrix;

import io.lancejdbc.exec.testing.AllTypesTable;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The table of {@link TypeOperatorMatrixTest}: every column of {@link AllTypesTable} (storage format 2.2, so the
 * map too), then nested combinations with NULLs at every level, then {@code vec fixed_size_list<float32, 2> NOT
 * NULL} for vector searches. {@value #ROWS} rows with {@code id = 0..ROWS-1} in three fragments (create 60 rows
 * with 30 per file, append 40), so that scans, joins and vector searches have several splits.
 *
 * <p>Nested columns (each NULL on some rows, with NULL children and elements on others):
 * <pre>
 *  n_list_fsl       list&lt;fixed_size_list&lt;float32, 2&gt;&gt;
 *  n_struct_fsl     struct&lt;v: fixed_size_list&lt;float32, 2&gt;, t: utf8&gt;
 *  n_list_list      list&lt;list&lt;int32&gt;&gt;
 *  n_large_list_struct large_list&lt;struct&lt;x: int64, y: large_utf8&gt;&gt;
 *  n_map_list       map&lt;utf8, list&lt;int32&gt;&gt;
 *  n_list_map       list&lt;map&lt;utf8, int32&gt;&gt;
 *  n_struct_map     struct&lt;m: map&lt;utf8, float64&gt;, n: int32&gt;
 *  n_list_dec       list&lt;decimal128(10, 2)&gt;
 *  n_list_tsz       list&lt;timestamp(us, UTC)&gt;
 *  n_list_bin       list&lt;binary&gt;
 *  n_list_bool      list&lt;bool&gt;
 *  n_deep           struct&lt;l: list&lt;struct&lt;m: map&lt;utf8, fixed_size_list&lt;float32, 2&gt;&gt;&gt;&gt;&gt;&gt;
 *  j_json           utf8 with the arrow.json extension (stored by Lance as lance.json, read back as JSON text)
 * </pre>
 */
public final class MatrixTable {
    /** Rows, ids {@code 0..ROWS-1}. */
    public static final int ROWS = AllTypesTable.ROWS;
    /** The storage format written (the first that stores maps). */
    public static final String STORAGE_VERSION = "2.2";

    /** A column: its field and its value function ({@code null} = SQL NULL). */
    public record Column(Field field, LongFunction<Object> value) {
        public String name() {
            return field.getName();
        }
    }

    private static final List<Column> COLUMNS = build();

    private MatrixTable() {
    }

    /** Every column, {@code id} first and {@code vec} last. */
    public static List<Column> columns() {
        return COLUMNS;
    }

    public static Schema schema() {
        return new Schema(COLUMNS.stream().map(Column::field).toList());
    }

    /** Writes the table into {@code dir}; returns {@code dir}. */
    public static Path write(BufferAllocator allocator, Path dir) {
        GeneratedDatasetWriter writer = GeneratedDatasetWriter.to(dir, schema()).storageVersion(STORAGE_VERSION);
        writer.rows(0, AllTypesTable.FIRST_WRITE_ROWS).maxRowsPerFile(AllTypesTable.ROWS_PER_FILE)
                .write(allocator, MatrixTable::fill);
        writer.rows(AllTypesTable.FIRST_WRITE_ROWS, ROWS - AllTypesTable.FIRST_WRITE_ROWS)
                .mode(GeneratedDatasetWriter.Mode.APPEND).write(allocator, MatrixTable::fill);
        return dir;
    }

    private static void fill(VectorSchemaRoot root, long first, int count) {
        for (int c = 0; c < COLUMNS.size(); c++) {
            FieldVector v = root.getVector(c);
            for (int i = 0; i < count; i++) {
                ArrowLogicalValues.write(v, i, COLUMNS.get(c).value().apply(first + i));
            }
        }
    }

    private static List<Column> build() {
        List<Column> out = new ArrayList<>();
        for (AllTypesTable.Column c : AllTypesTable.columns(STORAGE_VERSION)) {
            out.add(new Column(c.field(), c::value));
        }
        Field f32 = Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        Field fsl2 = new Field("item", FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(f32));
        Field i32 = Field.nullable("item", new ArrowType.Int(32, true));
        out.add(new Column(list("n_list_fsl", fsl2), id -> id % 5 == 4 ? null
                : seq((int) (id % 3), j -> j == 1 && id % 2 == 0 ? null : pair(id + j, id % 7 == 3 && j == 0 ? null
                        : (float) -j))));
        out.add(new Column(struct("n_struct_fsl", new Field("v", fsl2.getFieldType(), fsl2.getChildren()),
                Field.nullable("t", ArrowType.Utf8.INSTANCE)), id -> id % 6 == 5 ? null
                : map("v", id % 4 == 1 ? null : pair(id, id % 5 == 0 ? null : id * 0.5f),
                        "t", id % 3 == 0 ? null : "t" + id)));
        out.add(new Column(list("n_list_list", list("item", i32)), id -> id % 7 == 6 ? null
                : seq((int) (id % 3), j -> j == 0 && id % 2 == 1 ? null
                        : seq(j + 1, k -> k == 1 ? null : (int) (id * 10 + k)))));
        out.add(new Column(new Field("n_large_list_struct", FieldType.nullable(ArrowType.LargeList.INSTANCE),
                List.of(struct("item", Field.nullable("x", new ArrowType.Int(64, true)),
                        Field.nullable("y", ArrowType.LargeUtf8.INSTANCE)))), id -> id % 9 == 8 ? null
                : seq((int) (id % 3), j -> j == 1 ? null : map("x", id % 4 == 0 ? null : id * 1_000_000_007L + j,
                        "y", "y" + j))));
        out.add(new Column(mapField("n_map_list", list("value", i32)), id -> {
            if (id % 8 == 7) {
                return null;
            }
            Map<Object, Object> m = new LinkedHashMap<>();
            for (int j = 0; j < id % 3; j++) {
                m.put("k" + j, j == 1 ? null : seq(2, k -> k == 1 && id % 2 == 0 ? null : (int) id + k));
            }
            return m;
        }));
        out.add(new Column(list("n_list_map", mapField("item", Field.nullable("value", new ArrowType.Int(32, true)))),
                id -> id % 6 == 1 ? null : seq((int) (id % 2) + 1, j -> {
                    if (j == 1) {
                        return null;
                    }
                    Map<Object, Object> m = new LinkedHashMap<>();
                    m.put("a", (int) id);
                    m.put("b", null);
                    return m;
                })));
        out.add(new Column(struct("n_struct_map", mapField("m", Field.nullable("value",
                new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))), Field.nullable("n",
                new ArrowType.Int(32, true))), id -> {
                    if (id % 5 == 2) {
                        return null;
                    }
                    Map<Object, Object> m = new LinkedHashMap<>();
                    if (id % 4 != 3) {
                        m.put("x", id * 0.25);
                        m.put("y", id % 3 == 0 ? null : -1.5);
                    }
                    return map("m", id % 7 == 0 ? null : m, "n", id % 2 == 0 ? null : (int) id);
                }));
        out.add(new Column(list("n_list_dec", Field.nullable("item", new ArrowType.Decimal(10, 2, 128))),
                id -> id % 4 == 2 ? null : seq((int) (id % 3), j -> j == 1 ? null : BigDecimal.valueOf(id * 101 - j, 2))));
        out.add(new Column(list("n_list_tsz", Field.nullable("item", new ArrowType.Timestamp(TimeUnit.MICROSECOND,
                "UTC"))), id -> id % 5 == 1 ? null : seq(2, j -> j == 1 && id % 2 == 0 ? null
                        : Instant.ofEpochSecond(-86_400L + id * 3_600L, j * 1_000L))));
        out.add(new Column(list("n_list_bin", Field.nullable("item", ArrowType.Binary.INSTANCE)),
                id -> id % 6 == 3 ? null : seq((int) (id % 3), j -> j == 0 && id % 2 == 0 ? null
                        : new byte[] {(byte) id, (byte) j})));
        out.add(new Column(list("n_list_bool", Field.nullable("item", ArrowType.Bool.INSTANCE)),
                id -> id % 7 == 2 ? null : seq(3, j -> j == 2 && id % 2 == 1 ? null : (id + j) % 2 == 0)));
        Field deepMap = mapField("m", new Field("value", fsl2.getFieldType(), fsl2.getChildren()));
        out.add(new Column(struct("n_deep", list("l", struct("item", deepMap))), id -> {
            if (id % 8 == 3) {
                return null;
            }
            return map("l", id % 5 == 0 ? null : seq((int) (id % 3), j -> {
                if (j == 1 && id % 2 == 0) {
                    return null;
                }
                Map<Object, Object> m = new LinkedHashMap<>();
                m.put("p" + j, j == 0 && id % 3 == 0 ? null : pair(id, (float) j));
                return map("m", id % 4 == 0 ? null : m);
            }));
        }));
        // Lance stores JSON as JSONB and returns it with sorted keys and no blanks, so write it that way.
        out.add(new Column(new Field("j_json", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
                Map.of("ARROW:extension:name", "arrow.json", "ARROW:extension:metadata", "")), null),
                id -> id % 7 == 3 ? null : "{\"a\":" + id + ",\"b\":[\"x" + id % 3 + "\",null]}"));
        out.add(new Column(new Field("vec", FieldType.notNullable(new ArrowType.FixedSizeList(2)),
                List.of(Field.notNullable("item", f32.getType()))), id -> List.of((float) id, (float) (id % 10))));
        return Collections.unmodifiableList(out);
    }

    private static List<Object> pair(Object a, Object b) {
        return Arrays.asList(a instanceof Long l ? (Object) (float) (long) l : a, b);
    }

    private static List<Object> seq(int n, IntFunction<Object> element) {
        List<Object> out = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            out.add(element.apply(j));
        }
        return out;
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Field list(String name, Field element) {
        return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(new Field("item", element.getFieldType(), element.getChildren())));
    }

    private static Field struct(String name, Field... children) {
        return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
    }

    private static Field mapField(String name, Field value) {
        return new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(
                new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                        new Field("value", value.getFieldType(), value.getChildren())))));
    }
}

package io.lancejdbc.driver.jdbc;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds real Arrow columns by hand for tests: each {@link Column} is a field plus the code that fills a vector
 * created from it; {@link #batch} turns columns into a {@link VectorSchemaRoot} from a given allocator. A null
 * value is a null slot.
 */
public final class ArrowColumns {
    private ArrowColumns() {
    }

    /** A field and how to fill a vector of it. */
    public record Column(Field field, Consumer<FieldVector> fill) {
        Column withMetadata(Map<String, String> metadata) {
            return new Column(new Field(field.getName(), new FieldType(field.isNullable(), field.getType(),
                    field.getDictionary(), metadata), field.getChildren()), fill);
        }

        Column notNull() {
            return new Column(new Field(field.getName(), new FieldType(false, field.getType(), null,
                    field.getMetadata()), field.getChildren()), fill);
        }
    }

    public static Schema schema(Column... columns) {
        List<Field> fields = new ArrayList<>();
        for (Column c : columns) {
            fields.add(c.field());
        }
        return new Schema(fields);
    }

    /** A batch maker for {@link FixedBatchQueryEngine#rows}. */
    public static Function<BufferAllocator, VectorSchemaRoot> batch(Column... columns) {
        return allocator -> {
            List<FieldVector> vectors = new ArrayList<>();
            int rows = -1;
            for (Column c : columns) {
                FieldVector v = c.field().createVector(allocator);
                v.allocateNew();
                c.fill().accept(v);
                rows = v.getValueCount();
                vectors.add(v);
            }
            VectorSchemaRoot root = new VectorSchemaRoot(vectors);
            root.setRowCount(Math.max(rows, 0));
            return root;
        };
    }

    private static Field field(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.nullable(type), List.of(children));
    }

    private static <T> Consumer<FieldVector> fixed(T[] values, Setter<T> setter) {
        return v -> {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    ((BaseFixedWidthVector) v).setNull(i);
                } else {
                    setter.set(v, i, values[i]);
                }
            }
            v.setValueCount(values.length);
        };
    }

    interface Setter<T> {
        void set(FieldVector v, int i, T value);
    }

    public static Column bool(String name, Boolean... values) {
        return new Column(field(name, ArrowType.Bool.INSTANCE),
                fixed(values, (v, i, x) -> ((BitVector) v).setSafe(i, x ? 1 : 0)));
    }

    public static Column int8(String name, Integer... values) {
        return new Column(field(name, new ArrowType.Int(8, true)),
                fixed(values, (v, i, x) -> ((TinyIntVector) v).setSafe(i, x)));
    }

    public static Column uint8(String name, Integer... values) {
        return new Column(field(name, new ArrowType.Int(8, false)),
                fixed(values, (v, i, x) -> ((UInt1Vector) v).setSafe(i, x)));
    }

    public static Column int16(String name, Integer... values) {
        return new Column(field(name, new ArrowType.Int(16, true)),
                fixed(values, (v, i, x) -> ((SmallIntVector) v).setSafe(i, x)));
    }

    public static Column uint16(String name, Integer... values) {
        return new Column(field(name, new ArrowType.Int(16, false)),
                fixed(values, (v, i, x) -> ((UInt2Vector) v).setSafe(i, x)));
    }

    public static Column int32(String name, Integer... values) {
        return new Column(field(name, new ArrowType.Int(32, true)),
                fixed(values, (v, i, x) -> ((IntVector) v).setSafe(i, x)));
    }

    /** Values are the unsigned numbers (0 .. 4294967295). */
    public static Column uint32(String name, Long... values) {
        return new Column(field(name, new ArrowType.Int(32, false)),
                fixed(values, (v, i, x) -> ((UInt4Vector) v).setSafe(i, (int) (long) x)));
    }

    public static Column int64(String name, Long... values) {
        return new Column(field(name, new ArrowType.Int(64, true)),
                fixed(values, (v, i, x) -> ((BigIntVector) v).setSafe(i, x)));
    }

    /** Values are the raw 64 bits; -1L is 18446744073709551615. */
    public static Column uint64(String name, Long... values) {
        return new Column(field(name, new ArrowType.Int(64, false)),
                fixed(values, (v, i, x) -> ((UInt8Vector) v).setSafe(i, x)));
    }

    public static Column float16(String name, Float... values) {
        return new Column(field(name, new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
                fixed(values, (v, i, x) -> ((Float2Vector) v).setSafeWithPossibleTruncate(i, x)));
    }

    public static Column float32(String name, Float... values) {
        return new Column(field(name, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                fixed(values, (v, i, x) -> ((Float4Vector) v).setSafe(i, x)));
    }

    public static Column float64(String name, Double... values) {
        return new Column(field(name, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                fixed(values, (v, i, x) -> ((Float8Vector) v).setSafe(i, x)));
    }

    public static Column decimal(String name, int precision, int scale, BigDecimal... values) {
        return new Column(field(name, new ArrowType.Decimal(precision, scale, 128)),
                fixed(values, (v, i, x) -> ((DecimalVector) v).setSafe(i, x)));
    }

    public static Column decimal256(String name, int precision, int scale, BigDecimal... values) {
        return new Column(field(name, new ArrowType.Decimal(precision, scale, 256)),
                fixed(values, (v, i, x) -> ((Decimal256Vector) v).setSafe(i, x)));
    }

    private static Consumer<FieldVector> variable(byte[][] values) {
        return v -> {
            BaseVariableWidthVector vv = (BaseVariableWidthVector) v;
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    vv.setNull(i);
                } else {
                    vv.setSafe(i, values[i]);
                }
            }
            v.setValueCount(values.length);
        };
    }

    private static byte[][] utf8Bytes(String[] values) {
        byte[][] out = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] == null ? null : values[i].getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }

    public static Column utf8(String name, String... values) {
        return new Column(field(name, ArrowType.Utf8.INSTANCE), variable(utf8Bytes(values)));
    }

    public static Column largeUtf8(String name, String... values) {
        byte[][] bytes = utf8Bytes(values);
        return new Column(field(name, ArrowType.LargeUtf8.INSTANCE), v -> {
            org.apache.arrow.vector.LargeVarCharVector vv = (org.apache.arrow.vector.LargeVarCharVector) v;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == null) {
                    vv.setNull(i);
                } else {
                    vv.setSafe(i, bytes[i]);
                }
            }
            v.setValueCount(bytes.length);
        });
    }

    public static Column binary(String name, byte[]... values) {
        return new Column(field(name, ArrowType.Binary.INSTANCE), variable(values));
    }

    public static Column largeBinary(String name, byte[]... values) {
        return new Column(field(name, ArrowType.LargeBinary.INSTANCE), v -> {
            org.apache.arrow.vector.LargeVarBinaryVector vv = (org.apache.arrow.vector.LargeVarBinaryVector) v;
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    vv.setNull(i);
                } else {
                    vv.setSafe(i, values[i]);
                }
            }
            v.setValueCount(values.length);
        });
    }

    public static Column fixedBinary(String name, int width, byte[]... values) {
        return new Column(field(name, new ArrowType.FixedSizeBinary(width)),
                fixed(values, (v, i, x) -> ((FixedSizeBinaryVector) v).setSafe(i, x)));
    }

    /** date32: days since 1970-01-01. */
    public static Column dateDay(String name, Integer... days) {
        return new Column(field(name, new ArrowType.Date(DateUnit.DAY)),
                fixed(days, (v, i, x) -> ((DateDayVector) v).setSafe(i, x)));
    }

    /** date64: milliseconds since 1970-01-01T00:00Z. */
    public static Column dateMilli(String name, Long... millis) {
        return new Column(field(name, new ArrowType.Date(DateUnit.MILLISECOND)),
                fixed(millis, (v, i, x) -> ((DateMilliVector) v).setSafe(i, x)));
    }

    /** time32/time64 in {@code unit} since midnight. */
    public static Column time(String name, TimeUnit unit, Long... values) {
        int width = unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND ? 32 : 64;
        return new Column(field(name, new ArrowType.Time(unit, width)), fixed(values, (v, i, x) -> {
            if (v instanceof TimeSecVector) {
                ((TimeSecVector) v).setSafe(i, (int) (long) x);
            } else if (v instanceof TimeMilliVector) {
                ((TimeMilliVector) v).setSafe(i, (int) (long) x);
            } else if (v instanceof TimeMicroVector) {
                ((TimeMicroVector) v).setSafe(i, x);
            } else {
                ((TimeNanoVector) v).setSafe(i, x);
            }
        }));
    }

    /** A timestamp in {@code unit} since the epoch; {@code zone} null for a naive timestamp. */
    public static Column timestamp(String name, TimeUnit unit, String zone, Long... values) {
        return new Column(field(name, new ArrowType.Timestamp(unit, zone)),
                fixed(values, (v, i, x) -> ((TimeStampVector) v).setSafe(i, x)));
    }

    /** list&lt;float32&gt;; a null row is a null list, a null element a null float. */
    public static Column floatList(String name, Float[]... rows) {
        Field element = field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        return new Column(field(name, ArrowType.List.INSTANCE, element), v -> {
            ListVector list = (ListVector) v;
            fillFloats(rows, (Float4Vector) list.getDataVector(), row -> list.startNewValue(row),
                    (row, size) -> list.endValue(row, size), list::setNull);
            list.setValueCount(rows.length);
        });
    }

    /** large_list&lt;int64&gt;. */
    public static Column largeLongList(String name, Long[]... rows) {
        Field element = field("item", new ArrowType.Int(64, true));
        return new Column(field(name, ArrowType.LargeList.INSTANCE, element), v -> {
            LargeListVector list = (LargeListVector) v;
            BigIntVector child = (BigIntVector) list.getDataVector();
            int next = 0;
            for (int r = 0; r < rows.length; r++) {
                if (rows[r] == null) {
                    list.setNull(r);
                    continue;
                }
                list.startNewValue(r);
                for (Long e : rows[r]) {
                    if (e == null) {
                        child.setNull(next);
                    } else {
                        child.setSafe(next, e);
                    }
                    next++;
                }
                list.endValue(r, rows[r].length);
            }
            child.setValueCount(next);
            list.setValueCount(rows.length);
        });
    }

    /** fixed_size_list&lt;float32, size&gt;: an embedding column. */
    public static Column vector(String name, int size, float[]... rows) {
        Field element = field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        return new Column(field(name, new ArrowType.FixedSizeList(size), element), v -> {
            FixedSizeListVector list = (FixedSizeListVector) v;
            Float4Vector child = (Float4Vector) list.getDataVector();
            for (int r = 0; r < rows.length; r++) {
                if (rows[r] == null) {
                    list.setNull(r);
                    for (int k = 0; k < size; k++) {
                        child.setNull(r * size + k);
                    }
                    continue;
                }
                list.setNotNull(r);
                for (int k = 0; k < size; k++) {
                    child.setSafe(r * size + k, rows[r][k]);
                }
            }
            child.setValueCount(rows.length * size);
            list.setValueCount(rows.length);
        });
    }

    private interface RowEnd {
        void end(int row, int size);
    }

    private interface RowStart {
        void start(int row);
    }

    private interface RowNull {
        void setNull(int row);
    }

    private static void fillFloats(Float[][] rows, Float4Vector child, RowStart start, RowEnd end, RowNull nul) {
        int next = 0;
        for (int r = 0; r < rows.length; r++) {
            if (rows[r] == null) {
                nul.setNull(r);
                continue;
            }
            start.start(r);
            for (Float e : rows[r]) {
                if (e == null) {
                    child.setNull(next);
                } else {
                    child.setSafe(next, e);
                }
                next++;
            }
            end.end(r, rows[r].length);
        }
        child.setValueCount(next);
    }

    /** struct&lt;name: utf8, n: int32&gt;; a null row is a null struct. */
    public static Column nameAndNumber(String name, Object[]... rows) {
        Field nameField = field("name", ArrowType.Utf8.INSTANCE);
        Field nField = field("n", new ArrowType.Int(32, true));
        return new Column(field(name, ArrowType.Struct.INSTANCE, nameField, nField), v -> {
            StructVector struct = (StructVector) v;
            VarCharVector names = (VarCharVector) struct.getChild("name");
            IntVector ns = (IntVector) struct.getChild("n");
            for (int r = 0; r < rows.length; r++) {
                if (rows[r] == null) {
                    struct.setNull(r);
                    names.setNull(r);
                    ns.setNull(r);
                    continue;
                }
                struct.setIndexDefined(r);
                if (rows[r][0] == null) {
                    names.setNull(r);
                } else {
                    names.setSafe(r, ((String) rows[r][0]).getBytes(StandardCharsets.UTF_8));
                }
                if (rows[r][1] == null) {
                    ns.setNull(r);
                } else {
                    ns.setSafe(r, (Integer) rows[r][1]);
                }
            }
            names.setValueCount(rows.length);
            ns.setValueCount(rows.length);
            struct.setValueCount(rows.length);
        });
    }

    /** map&lt;utf8, int64&gt;; each row alternates keys and values; a null row is a null map. */
    public static Column stringToLong(String name, Object[]... rows) {
        Field key = new Field(MapVector.KEY_NAME, FieldType.notNullable(ArrowType.Utf8.INSTANCE), null);
        Field value = field(MapVector.VALUE_NAME, new ArrowType.Int(64, true));
        Field entries = new Field(MapVector.DATA_VECTOR_NAME, FieldType.notNullable(ArrowType.Struct.INSTANCE),
                List.of(key, value));
        return new Column(field(name, new ArrowType.Map(false), entries), v -> {
            MapVector map = (MapVector) v;
            StructVector entryVector = (StructVector) map.getDataVector();
            VarCharVector keys = (VarCharVector) entryVector.getChild(MapVector.KEY_NAME);
            BigIntVector values = (BigIntVector) entryVector.getChild(MapVector.VALUE_NAME);
            int next = 0;
            for (int r = 0; r < rows.length; r++) {
                if (rows[r] == null) {
                    map.setNull(r);
                    continue;
                }
                map.startNewValue(r);
                for (int k = 0; k < rows[r].length; k += 2) {
                    entryVector.setIndexDefined(next);
                    keys.setSafe(next, ((String) rows[r][k]).getBytes(StandardCharsets.UTF_8));
                    if (rows[r][k + 1] == null) {
                        values.setNull(next);
                    } else {
                        values.setSafe(next, (Long) rows[r][k + 1]);
                    }
                    next++;
                }
                map.endValue(r, rows[r].length / 2);
            }
            keys.setValueCount(next);
            values.setValueCount(next);
            entryVector.setValueCount(next);
            map.setValueCount(rows.length);
        });
    }

    /** A column of a type the driver does not map (Arrow duration), for the UNSUPPORTED_TYPE path. */
    public static Column duration(String name, Long... values) {
        return new Column(field(name, new ArrowType.Duration(TimeUnit.SECOND)),
                fixed(values, (v, i, x) -> ((org.apache.arrow.vector.DurationVector) v).setSafe(i, x)));
    }
}

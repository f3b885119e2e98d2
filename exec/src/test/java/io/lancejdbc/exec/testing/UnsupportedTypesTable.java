package io.lancejdbc.exec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;

/**
 * The {@code unsupported_types} fixture: columns of the types the Doris Lance Catalog manual lists as not supported
 * (null, duration, extension types, dictionary, complex types with such a child) next to supported ones, 20 rows
 * (ids 0..19) in one fragment, storage version 2.2.
 *
 * <table>
 *   <caption>columns as written and as lance-core 7.0.0 stores them</caption>
 *   <tr><th>column</th><th>written as</th><th>read back as</th><th>value</th></tr>
 *   <tr><td>id</td><td>int64 NOT NULL</td><td>same</td><td>id</td></tr>
 *   <tr><td>c_int</td><td>int32</td><td>same</td><td>id * 10</td></tr>
 *   <tr><td>c_utf8</td><td>utf8</td><td>same</td><td>"u&lt;id&gt;"</td></tr>
 *   <tr><td>c_duration</td><td>duration(us)</td><td>same</td><td>id * 1.5 s</td></tr>
 *   <tr><td>c_null</td><td>null</td><td>same</td><td>always NULL</td></tr>
 *   <tr><td>c_ext</td><td>utf8 + {@code ARROW:extension:name=lancejdbc.tag}</td><td>same, metadata kept</td>
 *       <td>"tag-&lt;id&gt;"</td></tr>
 *   <tr><td>c_bf16</td><td>fixed_size_binary(2) + {@code ARROW:extension:name=lance.bfloat16}</td>
 *       <td>same, metadata kept</td><td>bfloat16 of id (two little-endian bytes)</td></tr>
 *   <tr><td>c_json</td><td>utf8 + {@code ARROW:extension:name=arrow.json}</td>
 *       <td><b>large_binary</b> + {@code ARROW:extension:name=lance.json} (Lance converts it)</td>
 *       <td>{@code {"id":<id>}}</td></tr>
 *   <tr><td>c_dict</td><td>dictionary&lt;int32, utf8&gt; ({@link #DICTIONARY})</td>
 *       <td><b>int32</b>, the dictionary marker lost (the indices {@code id % 3})</td><td>DICTIONARY[id % 3]</td></tr>
 *   <tr><td>c_struct_dur</td><td>struct&lt;a: int32, d: duration(s)&gt;</td><td>same</td>
 *       <td>{a: id, d: id s}</td></tr>
 *   <tr><td>c_list_dur</td><td>list&lt;duration(ms)&gt;</td><td>same</td><td>[id ms, id+1 ms]</td></tr>
 * </table>
 * Every nullable column except {@code c_null} is NULL where {@code id % 5 == 4}.
 *
 * <p>lance-core 7.0.0 <b>refuses to write</b> (see {@code UnsupportedTypesTableTest}): interval (all three units),
 * union, utf8_view, binary_view and list_view ({@code RuntimeException: LanceError(Schema): Unsupported data
 * type}); map below storage version 2.2 ({@code UnsupportedOperationException} at 2.1, and at 2.0 a Rust panic that
 * <b>aborts the JVM</b>, so never try); a legacy blob column (field metadata {@code lance-encoding:blob}) at 2.2
 * ({@code IllegalArgumentException}).
 */
public final class UnsupportedTypesTable {
    /** Rows (ids {@code 0..ROWS-1}). */
    public static final int ROWS = 20;
    /** Values of the dictionary of {@code c_dict}. */
    public static final List<String> DICTIONARY = List.of("red", "green", "blue");
    /** The extension name of {@code c_ext}. */
    public static final String CUSTOM_EXTENSION = "lancejdbc.tag";

    private static final long DICTIONARY_ID = 7L;
    private static final String EXTENSION_NAME = "ARROW:extension:name";

    private UnsupportedTypesTable() {
    }

    /** The schema handed to lance-core (before Lance's own conversions, see the class comment). */
    public static Schema writtenSchema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("c_int", new ArrowType.Int(32, true)),
                Field.nullable("c_utf8", ArrowType.Utf8.INSTANCE),
                Field.nullable("c_duration", new ArrowType.Duration(TimeUnit.MICROSECOND)),
                Field.nullable("c_null", ArrowType.Null.INSTANCE),
                new Field("c_ext", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
                        Map.of(EXTENSION_NAME, CUSTOM_EXTENSION)), null),
                new Field("c_bf16", new FieldType(true, new ArrowType.FixedSizeBinary(2), null,
                        Map.of(EXTENSION_NAME, "lance.bfloat16")), null),
                new Field("c_json", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
                        Map.of(EXTENSION_NAME, "arrow.json", "ARROW:extension:metadata", "")), null),
                new Field("c_dict", new FieldType(true, ArrowType.Utf8.INSTANCE,
                        new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))), null),
                new Field("c_struct_dur", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("a", new ArrowType.Int(32, true)),
                        Field.nullable("d", new ArrowType.Duration(TimeUnit.SECOND)))),
                new Field("c_list_dur", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Duration(TimeUnit.MILLISECOND))))));
    }

    /**
     * The logical value written into {@code column} at {@code id} ({@link ArrowLogicalValues} conventions; for
     * {@code c_dict} the dictionary string, for {@code c_json} the JSON text, for {@code c_bf16} the two bytes).
     */
    public static Object value(String column, long id) {
        if (column.equals("id")) {
            return id;
        }
        if (column.equals("c_null") || id % 5 == 4) {
            return null;
        }
        return switch (column) {
            case "c_int" -> (int) id * 10;
            case "c_utf8" -> "u" + id;
            case "c_duration" -> Duration.ofMillis(id * 1_500);
            case "c_ext" -> "tag-" + id;
            case "c_bf16" -> bfloat16((float) id);
            case "c_json" -> "{\"id\":" + id + "}";
            case "c_dict" -> DICTIONARY.get((int) (id % 3));
            case "c_struct_dur" -> AllTypesTable.struct("a", (int) id, "d", Duration.ofSeconds(id));
            case "c_list_dur" -> List.of(Duration.ofMillis(id), Duration.ofMillis(id + 1));
            default -> throw new IllegalArgumentException("unsupported_types has no column " + column);
        };
    }

    /** The bfloat16 encoding of {@code f} (the upper half of its float32 bits), little-endian. */
    public static byte[] bfloat16(float f) {
        int bits = Float.floatToIntBits(f) >>> 16;
        return new byte[] {(byte) bits, (byte) (bits >>> 8)};
    }

    /** Writes the fixture into {@code dir} (which must not hold a dataset); returns {@code dir}. */
    public static Path write(BufferAllocator allocator, Path dir) {
        try (BufferAllocator child = allocator.newChildAllocator("unsupported_types", 0, Long.MAX_VALUE);
                VarCharVector dictionary = new VarCharVector("c_dict_dictionary", child)) {
            dictionary.allocateNew();
            for (int i = 0; i < DICTIONARY.size(); i++) {
                dictionary.setSafe(i, DICTIONARY.get(i).getBytes(StandardCharsets.UTF_8));
            }
            dictionary.setValueCount(DICTIONARY.size());
            Dictionary dict = new Dictionary(dictionary,
                    writtenSchema().findField("c_dict").getDictionary());
            try (OneBatchReader reader = new OneBatchReader(child, dict)) {
                Dataset.write().allocator(child).reader(reader).uri(dir.toString()).dataStorageVersion("2.2")
                        .execute().close();
                return dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** One batch of {@link #ROWS} rows, with the dictionary of {@code c_dict}. */
    private static final class OneBatchReader extends ArrowReader {
        private final Dictionary dictionary;
        private boolean done;

        OneBatchReader(BufferAllocator allocator, Dictionary dictionary) {
            super(allocator);
            this.dictionary = dictionary;
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            VectorSchemaRoot root = getVectorSchemaRoot();
            if (done) {
                return false;
            }
            done = true;
            root.allocateNew();
            for (FieldVector v : root.getFieldVectors()) {
                for (int i = 0; i < ROWS; i++) {
                    Object value = value(v.getName(), i);
                    if (v.getName().equals("c_dict")) {
                        // The in-memory vector of a dictionary field holds the indices.
                        if (value == null) {
                            ((IntVector) v).setNull(i);
                        } else {
                            ((IntVector) v).setSafe(i, DICTIONARY.indexOf(value));
                        }
                    } else {
                        ArrowLogicalValues.write(v, i, value);
                    }
                }
            }
            root.setRowCount(ROWS);
            return true;
        }

        @Override
        public Map<Long, Dictionary> getDictionaryVectors() {
            return Map.of(DICTIONARY_ID, dictionary);
        }

        @Override
        public Dictionary lookup(long id) {
            return id == DICTIONARY_ID ? dictionary : null;
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {
            // The dictionary vector belongs to the caller.
        }

        @Override
        protected Schema readSchema() {
            return writtenSchema();
        }
    }
}

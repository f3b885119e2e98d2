package io.lancejdbc.exec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;

/**
 * The {@code encoded} fixture: dictionary-encoded and JSON columns written by lance-core from dictionary-encoded
 * Arrow input, in a chosen storage format. {@link #ROWS} rows, ids {@code 0..ROWS-1}, one fragment:
 * <pre>
 *  id    int64 NOT NULL
 *  c     dictionary&lt;keys, utf8&gt; of {@code distinct} values "s000", "s001", ...: value(id) = "s%03d" of
 *        {@code id % distinct}, NULL where {@code id % 17 == 16}
 *  j     utf8 with ARROW:extension:name = arrow.json (Lance stores it as lance.json): {"id":&lt;id&gt;,"tag":"t&lt;id % 3&gt;"},
 *        NULL where {@code id % 11 == 10}
 *  vec   fixed_size_list&lt;float32, 2&gt; NOT NULL: [id, 0]
 * </pre>
 * The rows are written in {@value #FRAGMENTS} fragments, so that vector searches over it read in two phases.
 *
 * <p>lance-core 7.0.0 limits, measured: in storage format 2.2 a dictionary whose values fill its key type (128
 * values with int8 keys, 256 with uint8) <b>aborts the JVM</b> while writing, so {@link #write} refuses that
 * combination; in 2.0 such a dictionary is written but read back wrongly (the case {@code DictionaryColumnsTest}
 * covers); 2.1 reads it correctly.
 */
public final class EncodedColumnsTable {
    /** Rows (ids {@code 0..ROWS-1}). */
    public static final int ROWS = 600;
    /** Fragments the rows are written in. */
    public static final int FRAGMENTS = 3;
    private static final long DICTIONARY_ID = 3L;

    private EncodedColumnsTable() {
    }

    /** The value of column {@code c} at {@code id} for a dictionary of {@code distinct} values (null = NULL). */
    public static String dictionaryValue(long id, int distinct) {
        return id % 17 == 16 ? null : String.format("s%03d", id % distinct);
    }

    /** The JSON text of column {@code j} at {@code id} (null = NULL). */
    public static String jsonValue(long id) {
        return id % 11 == 10 ? null : "{\"id\":" + id + ",\"tag\":\"t" + id % 3 + "\"}";
    }

    /**
     * Writes the fixture into {@code dir}.
     *
     * @param keys the dictionary key type (int8, uint8, int16, ...)
     * @param distinct the number of dictionary values (at most what the keys address)
     * @throws IllegalArgumentException for storage format 2.2 with a dictionary that fills its key type (that write
     *     aborts the JVM in lance-core 7.0.0)
     */
    public static Path write(BufferAllocator allocator, Path dir, String storageVersion, ArrowType.Int keys,
            int distinct) {
        long addressable = 1L << (keys.getIsSigned() ? keys.getBitWidth() - 1 : keys.getBitWidth());
        if (distinct > addressable) {
            throw new IllegalArgumentException(distinct + " values do not fit " + keys + " keys");
        }
        if (distinct == addressable && !"2.0".equals(storageVersion) && !"2.1".equals(storageVersion)) {
            throw new IllegalArgumentException("lance-core 7.0.0 aborts the JVM writing a dictionary that fills its"
                    + " keys in storage format " + storageVersion);
        }
        DictionaryEncoding encoding = new DictionaryEncoding(DICTIONARY_ID, false, keys);
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field("c", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null),
                new Field("j", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
                        Map.of("ARROW:extension:name", "arrow.json", "ARROW:extension:metadata", "")), null),
                new Field("vec", FieldType.notNullable(new ArrowType.FixedSizeList(2)), List.of(Field.notNullable(
                        "item", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE))))));
        try (BufferAllocator child = allocator.newChildAllocator("encoded", 0, Long.MAX_VALUE);
                VarCharVector values = new VarCharVector("c_values", child)) {
            values.allocateNew();
            for (int i = 0; i < distinct; i++) {
                values.setSafe(i, String.format("s%03d", i).getBytes(StandardCharsets.UTF_8));
            }
            values.setValueCount(distinct);
            Dictionary dictionary = new Dictionary(values, encoding);
            Filler rows = root -> {
                BigIntVector id = (BigIntVector) root.getVector("id");
                FieldVector c = root.getVector("c");
                FieldVector j = root.getVector("j");
                for (int i = 0; i < ROWS; i++) {
                    id.setSafe(i, i);
                    if (dictionaryValue(i, distinct) == null) {
                        c.setNull(i);
                    } else {
                        // The in-memory vector of a dictionary field holds the keys.
                        ((BaseIntVector) c).setWithPossibleTruncate(i, i % distinct);
                    }
                    ArrowLogicalValues.write(j, i, jsonValue(i));
                    ArrowLogicalValues.write(root.getVector("vec"), i, List.of((float) i, 0f));
                }
                return ROWS;
            };
            try (OneBatchReader reader = new OneBatchReader(child, schema, dictionary, rows)) {
                Dataset.write().allocator(child).reader(reader).uri(dir.toString()).maxRowsPerFile(ROWS / FRAGMENTS)
                        .dataStorageVersion(storageVersion).execute().close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    /**
     * Writes {@code id int64, s struct<d: dictionary<int32, utf8>>} (two rows, {@code d} = "x", "y") into
     * {@code dir} with storage format 2.2: a dictionary below the top level, which the engine refuses as a type.
     */
    public static Path writeStructOfDictionary(BufferAllocator allocator, Path dir) {
        DictionaryEncoding encoding = new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true));
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        new Field("d", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null)))));
        try (BufferAllocator child = allocator.newChildAllocator("struct_of_dictionary", 0, Long.MAX_VALUE);
                VarCharVector values = new VarCharVector("d_values", child)) {
            values.allocateNew();
            values.setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
            values.setSafe(1, "y".getBytes(StandardCharsets.UTF_8));
            values.setValueCount(2);
            Dictionary dictionary = new Dictionary(values, encoding);
            Filler rows = root -> {
                for (int i = 0; i < 2; i++) {
                    ((BigIntVector) root.getVector("id")).setSafe(i, i);
                    org.apache.arrow.vector.complex.StructVector s =
                            (org.apache.arrow.vector.complex.StructVector) root.getVector("s");
                    s.setIndexDefined(i);
                    ((BaseIntVector) s.getChild("d")).setWithPossibleTruncate(i, i);
                }
                return 2;
            };
            try (OneBatchReader reader = new OneBatchReader(child, schema, dictionary, rows)) {
                Dataset.write().allocator(child).reader(reader).uri(dir.toString()).dataStorageVersion("2.2")
                        .execute().close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    /** Fills the reader's root with one batch; returns the row count. */
    private interface Filler {
        int fill(VectorSchemaRoot root);
    }

    /** One batch, filled by a {@link Filler}, with one dictionary. */
    private static final class OneBatchReader extends ArrowReader {
        private final Schema schema;
        private final Dictionary dictionary;
        private final Filler filler;
        private boolean done;

        OneBatchReader(BufferAllocator allocator, Schema schema, Dictionary dictionary, Filler filler) {
            super(allocator);
            this.schema = schema;
            this.dictionary = dictionary;
            this.filler = filler;
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            if (done) {
                return false;
            }
            done = true;
            VectorSchemaRoot root = getVectorSchemaRoot();
            root.allocateNew();
            root.setRowCount(filler.fill(root));
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
            return schema;
        }
    }

    /** The ids whose value of {@code c} is {@code value}, ascending. */
    public static List<Long> idsWith(String value, int distinct) {
        List<Long> out = new ArrayList<>();
        for (long id = 0; id < ROWS; id++) {
            if (value.equals(dictionaryValue(id, distinct))) {
                out.add(id);
            }
        }
        return out;
    }
}

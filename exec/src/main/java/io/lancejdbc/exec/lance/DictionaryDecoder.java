package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Decodes the dictionary-encoded top-level columns of a lance-core batch into their values (a {@code
 * dictionary<int8, utf8>} column becomes a utf8 column), with the dictionary the reader loaded for that batch. The
 * table schema declares such columns with their value type ({@link ScanSchemaResolver}); the engine never sees keys.
 *
 * <p>Before decoding, a dictionary with more entries than its keys can address is refused: in storage format 2.0,
 * lance-core 7.0.0 stores the NULL of a dictionary column as one more dictionary entry, and when the values already
 * fill the key type (256 values for uint8 keys, 128 for int8) the NULL's key wraps around, so the keys it reads
 * point at the wrong values (silently) or out of range. Such a batch is a data error naming the column and the fix.
 */
final class DictionaryDecoder {
    private DictionaryDecoder() {
    }

    /** True when {@code schema} has a dictionary-encoded top-level column. */
    static boolean hasDictionaries(Schema schema) {
        return schema.getFields().stream().anyMatch(f -> f.getDictionary() != null);
    }

    /** The schema of decoded batches: each encoded top-level column as its dictionary's value type. */
    static Schema decodedSchema(Schema schema, DictionaryProvider dictionaries) {
        List<Field> out = new ArrayList<>();
        for (Field f : schema.getFields()) {
            DictionaryEncoding enc = f.getDictionary();
            Dictionary d = enc == null ? null : dictionaries.lookup(enc.getId());
            out.add(d == null ? f : decodedField(f, d));
        }
        return new Schema(out, schema.getCustomMetadata());
    }

    private static Field decodedField(Field encoded, Dictionary d) {
        Field values = d.getVector().getField();
        return new Field(encoded.getName(), new FieldType(encoded.isNullable(), values.getType(), null,
                encoded.getMetadata()), values.getChildren());
    }

    /**
     * A root like {@code batch} with every encoded top-level column decoded. The decoded vectors are new (listed in
     * {@code decoded}, which the caller closes after moving the root's buffers); the other vectors are
     * {@code batch}'s own.
     *
     * @throws SqlError 22000 for a dictionary its keys cannot address
     */
    static VectorSchemaRoot decode(VectorSchemaRoot batch, DictionaryProvider dictionaries, String datasetUri,
            List<FieldVector> decoded) {
        List<FieldVector> vectors = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (FieldVector v : batch.getFieldVectors()) {
            DictionaryEncoding enc = v.getField().getDictionary();
            if (enc == null) {
                vectors.add(v);
                fields.add(v.getField());
                continue;
            }
            Dictionary d = dictionaries.lookup(enc.getId());
            if (d == null) {
                throw new SqlError(SqlState.GENERAL_ERROR, "lance-core returned column '" + v.getName()
                        + "' of dataset " + DatasetUriNormalizer.redactUserInfo(datasetUri)
                        + " with dictionary keys but without its dictionary");
            }
            checkAddressable(v.getName(), enc.getIndexType(), d, datasetUri);
            FieldVector values = relabel((FieldVector) DictionaryEncoder.decode(v, d), decodedField(v.getField(), d));
            decoded.add(values);
            vectors.add(values);
            fields.add(values.getField());
        }
        VectorSchemaRoot root = new VectorSchemaRoot(fields, vectors, batch.getRowCount());
        root.setRowCount(batch.getRowCount());
        return root;
    }

    private static void checkAddressable(String column, ArrowType.Int keys, Dictionary d, String datasetUri) {
        int bits = keys.getIsSigned() ? keys.getBitWidth() - 1 : keys.getBitWidth();
        long addressable = bits >= 62 ? Long.MAX_VALUE : 1L << bits;
        int entries = d.getVector().getValueCount();
        if (entries > addressable) {
            throw new SqlError(SqlState.DATA_EXCEPTION, "Column '" + column + "' of Lance dataset "
                    + DatasetUriNormalizer.redactUserInfo(datasetUri) + " is dictionary-encoded with " + entries
                    + " dictionary entries for " + ScanSchemaResolver.keyTypeName(keys) + " keys, which address at most "
                    + addressable + ": lance-core 7.0.0 reads the keys of such a column wrongly (storage format 2.0"
                    + " adds an entry for NULL). Rewrite the dataset with storage format 2.1 or later, or with wider"
                    + " dictionary keys, to query this column; other columns can be read with SELECT * EXCEPT ("
                    + column + ")");
        }
    }

    /** The decoded vector under the column's own field (Arrow names it after the dictionary). */
    private static FieldVector relabel(FieldVector decoded, Field field) {
        try {
            FieldVector dst = field.createVector(decoded.getAllocator());
            decoded.makeTransferPair(dst).transfer();
            return dst;
        } finally {
            decoded.close();
        }
    }
}

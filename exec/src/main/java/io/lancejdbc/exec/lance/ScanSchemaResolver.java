package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.types.TypeSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;
import org.lance.schema.LanceField;
import org.lance.schema.LanceSchema;

/**
 * The schema of a table as the engine reads it, which differs from {@code Dataset.getSchema()} in two ways
 * (lance-core 7.0.0, measured in storage formats 2.0, 2.1 and 2.2):
 * <ul>
 *   <li><b>Dictionary-encoded columns.</b> {@code getSchema()} drops the dictionary and reports the key type
 *       ({@code dictionary<int8, utf8>} reads as {@code int8}), and {@code getLanceSchema()} fails with "ArrowSchema
 *       conversion error"; only a scan's stream carries the dictionary. A top-level dictionary column becomes a
 *       column of the dictionary's value type, marked with {@link TypeSupport#DICTIONARY_KEYS_METADATA} (the key
 *       type) and {@link TypeSupport#DICTIONARY_PUSHDOWN_METADATA}; the scan decodes it
 *       ({@code DictionaryDecoder}). In storage format 2.0 predicates on it stay residual, so that every batch goes
 *       through the decoder's check for dictionaries that format misreads. A dictionary inside a struct or a
 *       list keeps its dictionary encoding on the field, which the engine refuses as an unsupported type.</li>
 *   <li><b>JSON columns.</b> Lance stores {@code arrow.json} text as {@code lance.json} binary (JSONB) and scans
 *       return it as {@code arrow.json} text, so a {@code lance.json} column is a utf8 column with the
 *       {@code arrow.json} extension name.</li>
 * </ul>
 * Stateless; the dictionary probe opens one scan that reads no row.
 */
final class ScanSchemaResolver {
    /** Storage formats whose dictionary columns are filtered by lance-jdbc itself. */
    private static final Set<String> RESIDUAL_DICTIONARY_FORMATS = Set.of("0.1", "2.0");

    private ScanSchemaResolver() {
    }

    /**
     * @param schema {@code ds.getSchema()}
     * @param lanceSchema {@code ds.getLanceSchema()}, or empty when lance-core could not convert it
     * @param storageFormat the dataset's file format version
     * @param allocator allocator for the probe scan; nothing stays allocated
     */
    static Schema resolve(Dataset ds, Schema schema, Optional<LanceSchema> lanceSchema, String storageFormat,
            BufferAllocator allocator) {
        Schema withJson = json(schema);
        if (lanceSchema.isPresent() && lanceSchema.get().fields().stream().noneMatch(ScanSchemaResolver::encoded)) {
            return withJson;
        }
        return dictionaries(ds, withJson, storageFormat, allocator);
    }

    private static boolean encoded(LanceField f) {
        return f.getDictionaryEncoding().isPresent() || f.getChildren().stream().anyMatch(ScanSchemaResolver::encoded);
    }

    private static Schema json(Schema schema) {
        List<Field> out = new ArrayList<>();
        boolean changed = false;
        for (Field f : schema.getFields()) {
            Map<String, String> md = f.getMetadata();
            if (md != null && TypeSupport.LANCE_JSON.equals(md.get(TypeSupport.EXTENSION_NAME_KEY))
                    && f.getType() instanceof ArrowType.LargeBinary) {
                Map<String, String> m = new HashMap<>(md);
                m.put(TypeSupport.EXTENSION_NAME_KEY, TypeSupport.ARROW_JSON);
                m.remove(TypeSupport.EXTENSION_METADATA_KEY);
                out.add(new Field(f.getName(), new FieldType(f.isNullable(), ArrowType.Utf8.INSTANCE, null, m),
                        List.of()));
                changed = true;
            } else {
                out.add(f);
            }
        }
        return changed ? new Schema(out, schema.getCustomMetadata()) : schema;
    }

    /** Replaces the key types of dictionary-encoded columns by what the scan's stream says. */
    private static Schema dictionaries(Dataset ds, Schema schema, String storageFormat, BufferAllocator allocator) {
        try (LanceScanner scanner = LanceScanner.create(ds, new ScanOptions.Builder().limit(0).build(), allocator);
                ArrowReader reader = scanner.scanBatches()) {
            Schema stream = reader.getVectorSchemaRoot().getSchema();
            boolean pushable = !RESIDUAL_DICTIONARY_FORMATS.contains(storageFormat);
            List<Field> out = new ArrayList<>();
            boolean changed = false;
            for (Field f : schema.getFields()) {
                Field s = stream.findField(f.getName());
                Field resolved = s == null ? f : topLevel(f, s, reader, pushable);
                changed |= resolved != f;
                out.add(resolved);
            }
            return changed ? new Schema(out, schema.getCustomMetadata()) : schema;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the stream schema of a Lance scan failed", e);
        } catch (Exception e) {
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            throw new IllegalStateException("closing a Lance scanner failed", e);
        }
    }

    private static Field topLevel(Field declared, Field streamed, ArrowReader reader, boolean pushable)
            throws IOException {
        DictionaryEncoding enc = streamed.getDictionary();
        if (enc != null) {
            Field values = valueField(reader, enc);
            Map<String, String> md = declared.getMetadata() == null ? new HashMap<>()
                    : new HashMap<>(declared.getMetadata());
            md.put(TypeSupport.DICTIONARY_KEYS_METADATA, keyTypeName(enc.getIndexType()));
            md.put(TypeSupport.DICTIONARY_PUSHDOWN_METADATA, Boolean.toString(pushable));
            return new Field(declared.getName(), new FieldType(declared.isNullable(), values.getType(), null, md),
                    values.getChildren());
        }
        if (!nestedEncoded(streamed)) {
            return declared;
        }
        return nested(streamed, reader);
    }

    private static boolean nestedEncoded(Field f) {
        return f.getChildren().stream().anyMatch(c -> c.getDictionary() != null || nestedEncoded(c));
    }

    /** A field whose encoded descendants keep their encoding (with the value type), so the type is refused. */
    private static Field nested(Field f, ArrowReader reader) throws IOException {
        List<Field> children = new ArrayList<>();
        for (Field c : f.getChildren()) {
            children.add(nested(c, reader));
        }
        DictionaryEncoding enc = f.getDictionary();
        ArrowType type = enc == null ? f.getType() : valueField(reader, enc).getType();
        return new Field(f.getName(), new FieldType(f.isNullable(), type, enc, f.getMetadata()), children);
    }

    private static Field valueField(ArrowReader reader, DictionaryEncoding enc) throws IOException {
        Dictionary d = reader.lookup(enc.getId());
        if (d == null) {
            throw new IllegalStateException("lance-core's stream names dictionary " + enc.getId()
                    + " but does not provide it");
        }
        return d.getVector().getField();
    }

    /** {@code int8}, {@code uint16}, ... */
    static String keyTypeName(ArrowType.Int t) {
        return (t.getIsSigned() ? "int" : "uint") + t.getBitWidth();
    }
}

package io.lancejdbc.engine.types;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Which Arrow types the engine can read and return (Doris Lance Catalog manual, Type Mapping): null, duration,
 * extension types other than JSON, dictionary-encoded fields and complex types with an unsupported child are not
 * supported. Such columns still appear in DESC (as {@code UNSUPPORTED_TYPE}); projecting one is an error.
 * A top-level dictionary-encoded column reaches the engine decoded, as a column of its value type marked with
 * {@link #DICTIONARY_KEYS_METADATA}; JSON text ({@link #ARROW_JSON} over utf8) is supported as text.
 */
public final class TypeSupport {
    /** Arrow field metadata key that marks an extension type. */
    public static final String EXTENSION_NAME_KEY = "ARROW:extension:name";
    /** Arrow field metadata key of an extension type's parameters. */
    public static final String EXTENSION_METADATA_KEY = "ARROW:extension:metadata";
    /** The canonical Arrow JSON extension: JSON text in a utf8 or large_utf8 column. */
    public static final String ARROW_JSON = "arrow.json";
    /** Lance's JSON extension: JSONB in large_binary, which lance-core scans return as {@link #ARROW_JSON}. */
    public static final String LANCE_JSON = "lance.json";
    /**
     * Field metadata of a column that Lance stores dictionary-encoded and the scan decodes: the key type
     * ({@code int8}, {@code uint16}, ...). The field's type is the dictionary's value type.
     */
    public static final String DICTIONARY_KEYS_METADATA = "lance-jdbc:dictionary-keys";
    /**
     * Field metadata of a decoded dictionary column: {@code true} when predicates on it may be pushed into Lance
     * (written over {@code CAST(column AS STRING)}), {@code false} when they stay residual.
     */
    public static final String DICTIONARY_PUSHDOWN_METADATA = "lance-jdbc:dictionary-pushdown";

    private TypeSupport() {
    }

    /** True for JSON text: a utf8 or large_utf8 field with the {@code arrow.json} extension name. */
    public static boolean isJson(Field field) {
        return field.getMetadata() != null && ARROW_JSON.equals(field.getMetadata().get(EXTENSION_NAME_KEY))
                && (field.getType() instanceof ArrowType.Utf8 || field.getType() instanceof ArrowType.LargeUtf8);
    }

    /** True for a decoded dictionary column ({@link #DICTIONARY_KEYS_METADATA}). */
    public static boolean isDecodedDictionary(Field field) {
        return field.getMetadata() != null && field.getMetadata().containsKey(DICTIONARY_KEYS_METADATA);
    }

    /** True when values of {@code field} can be read, computed on and returned through JDBC. */
    public static boolean isSupported(Field field) {
        if (field.getDictionary() != null) {
            return false;
        }
        if (field.getMetadata() != null && field.getMetadata().containsKey(EXTENSION_NAME_KEY)) {
            return isJson(field);
        }
        ArrowType t = field.getType();
        switch (t.getTypeID()) {
            case Null:
            case Duration:
            case Interval:
            case Union:
            case ListView:
            case LargeListView:
            case RunEndEncoded:
            case Utf8View:
            case BinaryView:
                return false;
            case Decimal:
                int p = ((ArrowType.Decimal) t).getPrecision();
                int s = ((ArrowType.Decimal) t).getScale();
                return p > 0 && p <= 76 && s >= 0 && s <= p;
            case Date:
            case Time:
            case Timestamp:
            case Bool:
            case Int:
            case FloatingPoint:
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
            case FixedSizeBinary:
                return true;
            case Struct:
            case List:
            case LargeList:
            case FixedSizeList:
            case Map:
                for (Field child : field.getChildren()) {
                    if (!isSupported(child)) {
                        return false;
                    }
                }
                return true;
            default:
                return false;
        }
    }
}

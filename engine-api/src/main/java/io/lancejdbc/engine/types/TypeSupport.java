package io.lancejdbc.engine.types;

import io.lancejdbc.engine.types.TypeSupport;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Which Arrow types the engine can read and return (Doris Lance Catalog manual, Type Mapping): null, duration,
 * extension types, dictionary-encoded fields and complex types with an unsupported child are not supported.
 * Such columns still appear in DESC (as {@code UNSUPPORTED_TYPE}); projecting one is an error.
 */
public final class TypeSupport {
    /** Arrow field metadata key that marks an extension type. */
    public static final String EXTENSION_NAME_KEY = "ARROW:extension:name";

    private TypeSupport() {
    }

    /** True when values of {@code field} can be read, computed on and returned through JDBC. */
    public static boolean isSupported(Field field) {
        if (field.getDictionary() != null) {
            return false;
        }
        if (field.getMetadata() != null && field.getMetadata().containsKey(EXTENSION_NAME_KEY)) {
            return false;
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

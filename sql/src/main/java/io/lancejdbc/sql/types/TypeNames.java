package io.lancejdbc.sql.types;

import io.lancejdbc.engine.types.TypeSupport;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Type names as {@code DESC} shows them, following the Doris Lance Catalog manual's Type Mapping (unsigned integers
 * widened, float16 as float, timestamps as datetime(p)/timestamptz(p), unsupported types as {@code UNSUPPORTED_TYPE}).
 */
public final class TypeNames {
    /** What DESC prints for a column whose type is not supported. */
    public static final String UNSUPPORTED = "UNSUPPORTED_TYPE";

    private TypeNames() {
    }

    /** The SQL type name of {@code f}, e.g. {@code bigint}, {@code decimal(10,2)}, {@code array<float>}. */
    public static String sqlName(Field f) {
        if (!TypeSupport.isSupported(f)) {
            return UNSUPPORTED;
        }
        ArrowType t = f.getType();
        switch (t.getTypeID()) {
            case Bool:
                return "boolean";
            case Int: {
                ArrowType.Int i = (ArrowType.Int) t;
                int w = i.getBitWidth();
                if (i.getIsSigned()) {
                    return w == 8 ? "tinyint" : w == 16 ? "smallint" : w == 32 ? "int" : "bigint";
                }
                return w == 8 ? "smallint" : w == 16 ? "int" : w == 32 ? "bigint" : "largeint";
            }
            case FloatingPoint:
                return ((ArrowType.FloatingPoint) t).getPrecision()
                        == org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE ? "double" : "float";
            case Decimal: {
                ArrowType.Decimal d = (ArrowType.Decimal) t;
                return "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
            }
            case Utf8:
            case LargeUtf8:
                return "text";
            case Binary:
            case LargeBinary:
                return "varbinary(2147483647)";
            case FixedSizeBinary:
                return "varbinary(" + ((ArrowType.FixedSizeBinary) t).getByteWidth() + ")";
            case Date:
                return "date";
            case Time:
                return "time(" + fractionDigits(((ArrowType.Time) t).getUnit()) + ")";
            case Timestamp: {
                ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
                int p = fractionDigits(ts.getUnit());
                if (ts.getTimezone() != null) {
                    return "timestamptz(" + p + ")";
                }
                return p == 0 ? "datetime" : "datetime(" + p + ")";
            }
            case List:
            case LargeList:
            case FixedSizeList:
                // A type built for a message (TypeCoercion.name) has no child fields to name the element by.
                return f.getChildren().isEmpty() ? "array" : "array<" + sqlName(f.getChildren().get(0)) + ">";
            case Struct:
                return "struct<" + f.getChildren().stream().map(c -> c.getName() + ":" + sqlName(c))
                        .collect(Collectors.joining(",")) + ">";
            case Map: {
                if (f.getChildren().isEmpty()) {
                    return "map";
                }
                Field entries = f.getChildren().get(0);
                return "map<" + sqlName(entries.getChildren().get(0)) + "," + sqlName(entries.getChildren().get(1))
                        + ">";
            }
            case Null:
                return "null";
            default:
                return UNSUPPORTED;
        }
    }

    /** Digits after the decimal point a time unit keeps (nanoseconds are truncated to microseconds). */
    public static int fractionDigits(org.apache.arrow.vector.types.TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return 0;
            case MILLISECOND:
                return 3;
            default:
                return 6;
        }
    }
}

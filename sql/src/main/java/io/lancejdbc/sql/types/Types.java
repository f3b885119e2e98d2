package io.lancejdbc.sql.types;

import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Arrow types the engine computes with, and small constructors for typed {@link Field}s. An expression's type is an
 * Arrow {@link Field}: the Arrow type, nullability and, for nested types, children. The field name carries no meaning.
 */
public final class Types {
    public static final ArrowType BOOL = ArrowType.Bool.INSTANCE;
    public static final ArrowType INT8 = new ArrowType.Int(8, true);
    public static final ArrowType INT16 = new ArrowType.Int(16, true);
    public static final ArrowType INT32 = new ArrowType.Int(32, true);
    public static final ArrowType INT64 = new ArrowType.Int(64, true);
    public static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    public static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    public static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
    public static final ArrowType BINARY = ArrowType.Binary.INSTANCE;
    public static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
    public static final ArrowType TIMESTAMP_US = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
    public static final ArrowType TIMESTAMP_US_UTC = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
    public static final ArrowType TIME_US = new ArrowType.Time(TimeUnit.MICROSECOND, 64);
    public static final ArrowType NULL = ArrowType.Null.INSTANCE;

    private Types() {
    }

    /** A field named {@code name} of a primitive type. */
    public static Field field(String name, ArrowType type, boolean nullable) {
        return new Field(name, new FieldType(nullable, type, null), null);
    }

    /** An unnamed (expression) field of a primitive type. */
    public static Field of(ArrowType type, boolean nullable) {
        return field("", type, nullable);
    }

    /** {@code f} renamed; children and metadata kept. */
    public static Field rename(Field f, String name) {
        return new Field(name, f.getFieldType(), f.getChildren());
    }

    /** {@code f} with the given nullability; children and metadata kept. */
    public static Field withNullable(Field f, boolean nullable) {
        if (f.isNullable() == nullable) {
            return f;
        }
        FieldType ft = new FieldType(nullable, f.getType(), f.getDictionary(), f.getMetadata());
        return new Field(f.getName(), ft, f.getChildren());
    }

    /** {@code f} without field metadata (result columns of expressions do not inherit source metadata). */
    public static Field withoutMetadata(Field f) {
        return new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), null),
                f.getChildren());
    }

    /** A decimal type. */
    public static ArrowType decimal(int precision, int scale) {
        return new ArrowType.Decimal(precision, scale, 128);
    }

    /** A list field whose elements have type {@code element}. */
    public static Field list(String name, Field element, boolean nullable) {
        return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null),
                List.of(rename(element, "item")));
    }

    public static boolean isInteger(ArrowType t) {
        return t instanceof ArrowType.Int;
    }

    public static boolean isSignedInteger(ArrowType t) {
        return t instanceof ArrowType.Int && ((ArrowType.Int) t).getIsSigned();
    }

    public static boolean isFloating(ArrowType t) {
        return t instanceof ArrowType.FloatingPoint;
    }

    public static boolean isDecimal(ArrowType t) {
        return t instanceof ArrowType.Decimal;
    }

    /** Integers, floating point and decimals. */
    public static boolean isNumeric(ArrowType t) {
        return isInteger(t) || isFloating(t) || isDecimal(t);
    }

    public static boolean isString(ArrowType t) {
        return t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8;
    }

    public static boolean isBinary(ArrowType t) {
        return t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary
                || t instanceof ArrowType.FixedSizeBinary;
    }

    public static boolean isTemporal(ArrowType t) {
        return t instanceof ArrowType.Date || t instanceof ArrowType.Timestamp || t instanceof ArrowType.Time;
    }

    public static boolean isNull(ArrowType t) {
        return t instanceof ArrowType.Null;
    }

    public static boolean isListLike(ArrowType t) {
        return t instanceof ArrowType.List || t instanceof ArrowType.LargeList || t instanceof ArrowType.FixedSizeList;
    }

    /** True for a timestamp with a time zone. */
    public static boolean isZonedTimestamp(ArrowType t) {
        return t instanceof ArrowType.Timestamp && ((ArrowType.Timestamp) t).getTimezone() != null;
    }

    /**
     * The exact decimal type that holds every value of integer type {@code t} (Doris manual, Type Mapping: unsigned
     * integers widen losslessly).
     */
    public static ArrowType.Decimal integerAsDecimal(ArrowType.Int t) {
        int digits;
        switch (t.getBitWidth()) {
            case 8:
                digits = 3;
                break;
            case 16:
                digits = 5;
                break;
            case 32:
                digits = 10;
                break;
            default:
                digits = t.getIsSigned() ? 19 : 20;
        }
        return new ArrowType.Decimal(digits, 0, 128);
    }
}

package io.lancejdbc.conformance.differential;

import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The type of a generated expression, as far as the generator needs it: which operators and functions apply, and
 * how the two dialects spell them. Nested values ({@link #LIST}, {@link #STRUCT}, {@link #MAP}) are carried and
 * compared whole; their elements are reached through element access, which yields the scalar types.
 */
enum GenType {
    INT, DEC, DBL, REAL, TEXT, BIN, BOOL, DATE, TIME, TS, TSZ, LIST, STRUCT, MAP;

    /** Whether values of the type have an order both engines agree on (so ORDER BY, min/max, {@code <} apply). */
    boolean orderable() {
        return this != LIST && this != STRUCT && this != MAP && this != BOOL;
    }

    /** Whether the type is a number. */
    boolean numeric() {
        return this == INT || this == DEC || this == DBL || this == REAL;
    }

    /** Whether values of the type can be grouped, made DISTINCT and compared by set operations in lance-jdbc. */
    boolean groupable() {
        return this != MAP;
    }

    /** The generator type of a column. */
    static GenType of(Field f) {
        ArrowType t = f.getType();
        return switch (t.getTypeID()) {
            case Int -> INT;
            case Decimal -> DEC;
            case FloatingPoint -> ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.DOUBLE
                    ? DBL : REAL;
            case Utf8, LargeUtf8 -> TEXT;
            case Binary, LargeBinary, FixedSizeBinary -> BIN;
            case Bool -> BOOL;
            case Date -> DATE;
            case Time -> TIME;
            case Timestamp -> ((ArrowType.Timestamp) t).getTimezone() == null ? TS : TSZ;
            case List, LargeList, FixedSizeList -> LIST;
            case Struct -> STRUCT;
            case Map -> MAP;
            default -> throw new IllegalArgumentException("No generator type for " + f);
        };
    }
}
